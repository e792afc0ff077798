internal import Platform
import Synchronization

/// What the run loop hands the application.
public enum TerminalEvent: Sendable {
  case key(Key)
  case resize(width: Int, height: Int)
  /// Posted from another thread through the loop's inbox (a store notification).
  case message(any Sendable)
}

/// A thread-safe queue of messages for the run loop, which wakes it up.
public final class TerminalInbox: Sendable {
  private let messages = Mutex<[any Sendable]>([])
  let wake = WakePipe()

  public init() {}

  public func post(_ message: any Sendable) {
    messages.withLock { $0.append(message) }
    wake.signal()
  }

  func take() -> [any Sendable] {
    wake.drain()
    return messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}
