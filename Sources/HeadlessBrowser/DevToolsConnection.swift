import Foundation

/// The DevTools protocol over a ``ChromiumProcess``'s pipe: JSON messages ended by a
/// NUL byte, commands numbered by `id`, answers matched to them, events kept when a
/// caller may wait for them. One caller at a time (``HeadlessChromium`` holds it in a
/// mutex); every wait has a deadline.
final class DevToolsConnection {
  let process: ChromiumProcess
  private var nextID = 1
  private var received: [UInt8] = []
  /// Events a caller may still wait for, oldest first, with their order number.
  private var events: [(number: Int, method: String, session: String?, params: [String: Any])] =
    []
  private var eventCount = 0
  /// Set once the pipe is gone: every later call fails the same way.
  private var failure: BrowserError?

  /// The events kept for ``waitForEvent(_:session:after:timeout:)``; others are dropped.
  static let keptEvents: Set<String> = [
    "Page.loadEventFired", "Page.lifecycleEvent", "Target.targetCrashed",
    "Inspector.targetCrashed", "Target.detachedFromTarget",
  ]

  init(process: ChromiumProcess) {
    self.process = process
  }

  /// The number of the last event received: wait for events after it.
  var lastEvent: Int { eventCount }

  /// Calls `method` and returns its `result` object.
  func call(
    _ method: String, _ parameters: [String: Any] = [:], session: String? = nil,
    timeout: Duration
  ) throws(BrowserError) -> [String: Any] {
    if let failure { throw failure }
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if let session { message["sessionId"] = session }
    guard let data = try? JSONSerialization.data(withJSONObject: message) else {
      throw .unreadableMessage(method: method)
    }
    let deadline = Deadline(method, timeout: timeout)
    do throws(BrowserError) {
      try process.write(Array(data) + [0], by: deadline)
      while true {
        let answer = try nextMessage(by: deadline, method: method)
        guard let answerID = answer["id"] as? Int, answerID == id else { continue }
        if let error = answer["error"] as? [String: Any] {
          throw BrowserError.protocolError(
            method: method, code: error["code"] as? Int ?? 0,
            message: error["message"] as? String ?? "")
        }
        return answer["result"] as? [String: Any] ?? [:]
      }
    } catch {
      if case .ended = error { failure = error }
      throw error
    }
  }

  /// Waits for the first event `method` of `session` after event number `after`.
  func waitForEvent(
    _ method: String, session: String?, after: Int, timeout: Duration,
    where matches: ([String: Any]) -> Bool = { _ in true }
  ) throws(BrowserError) -> [String: Any] {
    if let failure { throw failure }
    let deadline = Deadline(method, timeout: timeout)
    while true {
      if let found = events.first(where: {
        $0.number > after && $0.method == method && $0.session == session && matches($0.params)
      }) {
        return found.params
      }
      if let crash = events.first(where: {
        $0.number > after && $0.method.hasSuffix("targetCrashed") && $0.session == session
      }) {
        _ = crash
        throw .ended(log: "the page's renderer crashed\n" + process.logTail())
      }
      do throws(BrowserError) {
        _ = try nextMessage(by: deadline, method: method)
      } catch {
        if case .ended = error { failure = error }
        throw error
      }
    }
  }

  /// The next message, an event kept on the way when it is one a caller may wait for.
  private func nextMessage(by deadline: Deadline, method: String) throws(BrowserError)
    -> [String: Any]
  {
    while true {
      if let end = received.firstIndex(of: 0) {
        let bytes = received[..<end]
        received.removeSubrange(...end)
        guard
          let message = (try? JSONSerialization.jsonObject(with: Data(bytes)))
            as? [String: Any]
        else { throw .unreadableMessage(method: method) }
        if let event = message["method"] as? String {
          eventCount += 1
          if Self.keptEvents.contains(event) {
            events.append(
              (
                eventCount, event, message["sessionId"] as? String,
                message["params"] as? [String: Any] ?? [:]
              ))
            // A long session keeps only the recent events: a wait looks after a recent number.
            if events.count > 512 { events.removeFirst(events.count - 256) }
          }
        }
        return message
      }
      received += try process.read(by: deadline)
    }
  }
}
