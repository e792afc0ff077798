import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private let wakeWrite: Int32
  let wakeRead: Int32

  public init() {
    var pipeEnds: [Int32] = [0, 0]
    _ = pipeEnds.withUnsafeMutableBufferPointer { $0.baseAddress.map { pipe($0) } }
    wakeRead = pipeEnds[0]
    wakeWrite = pipeEnds[1]
    _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  public func post(_ message: any Sendable) {
    messages.withLock { $0.append(message) }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  func take() -> [any Sendable] {
    var drain = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &drain, drain.count) > 0 {}
    return messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}
