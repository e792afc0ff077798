/// The run loop of a terminal application, after bubbletea's `Program`:
/// it draws the state, sends the terminal only what changed, turns what the
/// terminal reports into events, lets a pure `update` turn each event into
/// the next state and effects, and hands the effects to the host, whose
/// answers (more events, or the end) go back into the loop before the next
/// input is read.
///
/// The binary runs it on an `ANSITerminal`, the tests on a
/// `VirtualTerminal`: the same loop, byte for byte.
///
/// ```swift
/// var program = Program(
///   state: 0,
///   update: { (count: inout Int, key: Key) -> [String] in
///     count += 1
///     return key == .character("q") ? ["quit"] : []
///   },
///   view: { count in
///     var screen = Screen(width: 20, height: 1)
///     screen.put("\(count) keys", x: 0, y: 0)
///     return screen
///   },
///   events: { event, _ in if case .key(let key) = event { [key] } else { [] } },
///   perform: { effect, count in .finish(count) })
/// var terminal = VirtualTerminal(width: 20, height: 1)
/// terminal.press(.down, .character("q"))
/// program.run(on: &terminal)  // 2
/// ```
public struct Program<State, Event, Effect, Outcome> {
  /// What the host makes of an effect.
  public enum Step {
    /// Go on, handling these events first (a write's result).
    case next([Event])
    /// End the run with this outcome.
    case finish(Outcome)
  }

  /// The application's state; it carries over from one `run` to the next.
  public var state: State
  /// Where other threads post messages (a store's notifications); the loop
  /// wakes up for them and hands them to `events` as `.message`.
  public let inbox = TerminalInbox()
  /// How long the loop waits for input before it looks again (in milliseconds).
  public var pollInterval: Int32 = 1000
  /// How many cells the last frame wrote.
  public private(set) var cellsWrittenLastFrame = 0
  /// The frame the terminal shows (nil before the run starts and after it ends).
  private var shown: Screen?

  private let update: (inout State, Event) -> [Effect]
  private let view: (State) -> Screen
  private let events: (TerminalEvent, State) -> [Event]
  private let perform: (Effect, State) -> Step

  /// - Parameters:
  ///   - update: the application's logic; pure: the next state and the effects to carry out.
  ///   - view: draws a state into a screen of the state's size.
  ///   - events: what a terminal event means to the application (none: ignored).
  ///   - perform: carries out an effect (the host's part: files, the network).
  public init(
    state: State, update: @escaping (inout State, Event) -> [Effect],
    view: @escaping (State) -> Screen,
    events: @escaping (TerminalEvent, State) -> [Event],
    perform: @escaping (Effect, State) -> Step
  ) {
    self.state = state
    self.update = update
    self.view = view
    self.events = events
    self.perform = perform
  }

  /// Takes the terminal over and runs until the host finishes the run (its
  /// outcome; the terminal is then restored) or the terminal's input ends
  /// first (nil). After nil the terminal is left as the last frame drew it:
  /// a later `run` on it goes on where this one stopped (tests feed input
  /// in steps this way), and a caller that stops there restores it.
  @discardableResult
  public mutating func run<Terminal: TerminalDevice>(on terminal: inout Terminal) -> Outcome? {
    if shown == nil { terminal.start() }
    while true {
      let frame = view(state)
      if shown != frame {
        // After `start` the screen is clear: the first frame is drawn whole.
        let diff = ScreenDiff.ansi(from: shown, to: frame, colors: terminal.colors)
        terminal.write(diff.text)
        cellsWrittenLastFrame = diff.cellsWritten
        shown = frame
      }
      guard let input = terminal.events(timeout: pollInterval, inbox: inbox) else { return nil }
      for terminalEvent in input {
        for event in events(terminalEvent, state) {
          if let outcome = handle(event) {
            terminal.restore()
            shown = nil
            return outcome
          }
        }
      }
    }
  }

  /// Updates the state with `event` and carries out its effects, and the
  /// effects of the events they answer with, in order.
  private mutating func handle(_ event: Event) -> Outcome? {
    var queue = [event]
    var index = 0
    while index < queue.count {
      for effect in update(&state, queue[index]) {
        switch perform(effect, state) {
        case .next(let more): queue += more
        case .finish(let outcome): return outcome
        }
      }
      index += 1
    }
    return nil
  }
}
