import TerminalUI
import Testing

/// The run loop on a virtual terminal: frames, effects answered by the
/// host before the next input, messages from other threads, the end.
struct ProgramTests {
  /// A counter: keys add one; `s` asks the host to save, which answers with
  /// the saved count; `q` asks to quit.
  enum Event {
    case key(Key)
    case saved(Int)
    case message
  }
  enum Effect {
    case save(Int)
    case quit
  }

  struct Counter {
    var count = 0
    var saved: Int?
    var messages = 0
  }

  static func program(saves: @escaping (Int) -> Void = { _ in }) -> Program<
    Counter, Event, Effect, String
  > {
    Program(
      state: Counter(),
      update: { state, event in
        switch event {
        case .key(.character("q")): return [.quit]
        case .key(.character("s")): return [.save(state.count)]
        case .key: state.count += 1
        case .saved(let count): state.saved = count
        case .message: state.messages += 1
        }
        return []
      },
      view: { state in
        var screen = Screen(width: 24, height: 2)
        screen.put("count \(state.count)", x: 0, y: 0)
        screen.put(
          "saved \(state.saved.map(String.init) ?? "-") seen \(state.messages)", x: 0, y: 1)
        return screen
      },
      events: { event, _ in
        switch event {
        case .key(let key): [.key(key)]
        case .message: [.message]
        case .resize: []
        }
      },
      perform: { effect, state in
        switch effect {
        case .save(let count):
          saves(count)
          return .next([.saved(count)])
        case .quit: return .finish("quit at \(state.count)")
        }
      })
  }

  @Test func runsUntilTheInputEndsThenGoesOnWhereItStopped() {
    var program = Self.program()
    var terminal = VirtualTerminal(width: 24, height: 2)
    terminal.press(.down, .down, .character("s"))
    #expect(program.run(on: &terminal) == nil)
    #expect(terminal.isAlternateScreen)
    #expect(terminal.screen.plainText == "count 2\nsaved 2 seen 0")
    // Only the changed cells went out for the last frame.
    #expect(terminal.cellsWrittenLastFrame == 1)
    program.inbox.post("from another thread")
    terminal.press(.up, .character("q"), .down)
    #expect(program.run(on: &terminal) == "quit at 3")
    #expect(program.state.messages == 1)
    #expect(!terminal.isAlternateScreen && terminal.cursorVisible, "the terminal is restored")
    #expect(terminal.hasInput, "keys after the end are left")
  }

  @Test func effectsAreCarriedOutBeforeTheNextKey() {
    var saves: [Int] = []
    var program = Self.program { saves.append($0) }
    var terminal = VirtualTerminal(width: 24, height: 2)
    terminal.press(.character("s"), .down, .character("s"), .character("s"))
    program.run(on: &terminal)
    #expect(saves == [0, 1, 1])
  }
}
