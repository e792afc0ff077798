import DefaultsStore
import Plist
import TerminalUI

/// The form at work on a defaults domain: the `Program` that `prefs edit`
/// runs on the real terminal and the tests run on a virtual one. Each
/// change is written to the store at once; the rows then show what the
/// store holds (a failed write changes no row, and is shown until
/// dismissed); a change from another process shows as it happens.
///
/// ```swift
/// let store = try DefaultsStore(domain: "com.example.app", directory: folder)
/// let state = FormState(bundle: bundle, values: try store.persistentValues(), width: 80, height: 24)
/// var session = FormSession(state: state, store: store, describe: { "\($0)" })
/// var terminal = VirtualTerminal(width: 80, height: 24)
/// terminal.press(.enter, .character("q"))
/// let reason = session.run(on: &terminal)  // .requested
/// ```
public struct FormSession {
  public var program: Program<FormState, FormEvent, FormEffect, QuitReason>
  /// Keep the store's notifications coming while the session lives.
  private let observation: ObservationToken
  private let watchObservation: ObservationToken

  /// - Parameter describe: a store error in the user's words (the host's, not the form's).
  public init(
    state: FormState, store: DefaultsStore, describe: @escaping (DefaultsError) -> String
  ) {
    func stored(_ state: FormState) -> [PlistKey: PlistValue] {
      // A domain that cannot be read now keeps the rows as last read.
      (try? store.persistentValues()) ?? state.values
    }
    program = Program(
      state: state, update: FormUpdate.update, view: FormView.draw,
      events: { event, state in
        switch event {
        case .key(let key): [.key(key)]
        case .resize(let width, let height): [.resize(width: width, height: height)]
        case .message(let watch as DefaultsStore.WatchState):
          switch watch {
          case .waitingForFolder(let folder): [.folderGone(folder)]
          case .reconnecting(let store, _), .failed(let store, _): [.storeGone(store)]
          case .watching: [.folderGone(nil), .storeGone(nil), .valuesChanged(stored(state))]
          case .notWatching: []
          }
        case .message: [.valuesChanged(stored(state))]
        }
      },
      perform: { effect, state in
        let failure: DefaultsError?
        let key: String
        switch effect {
        case .quit(let reason):
          return .finish(reason)
        case .write(let written, let value):
          key = written
          do throws(DefaultsError) {
            try store.set(value, forKey: key)
            failure = nil
          } catch { failure = error }
        case .remove(let removed):
          key = removed
          do throws(DefaultsError) {
            try store.removeValue(forKey: key)
            failure = nil
          } catch { failure = error }
        }
        let values = FormEvent.valuesChanged(stored(state))
        guard let failure else { return .next([values]) }
        return .next([.writeFailed(key: key, message: describe(failure)), values])
      })
    let inbox = program.inbox
    observation = store.observe(scheduler: ImmediateScheduler()) { _ in inbox.post("values") }
    watchObservation = store.observeWatchState(scheduler: ImmediateScheduler()) { watch in
      inbox.post(watch)
    }
  }

  /// The form's state, between runs.
  public var state: FormState {
    get { program.state }
    set { program.state = newValue }
  }

  /// Runs the form until it quits (the reason) or the terminal's input ends (nil).
  @discardableResult
  public mutating func run<Terminal: TerminalDevice>(on terminal: inout Terminal) -> QuitReason? {
    program.run(on: &terminal)
  }
}
