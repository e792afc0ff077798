import Dispatch
import Plist

/// One key's change: its value before and after (nil when absent).
public struct DefaultsChange: Sendable, Hashable, CustomStringConvertible {
  public var key: PlistKey
  public var old: PlistValue?
  public var new: PlistValue?

  public init(key: PlistKey, old: PlistValue?, new: PlistValue?) {
    self.key = key
    self.old = old
    self.new = new
  }

  public var description: String {
    "\(MessageText.key(key.string)): \(old.map { "\($0)" } ?? "nil") → \(new.map { "\($0)" } ?? "nil")"
  }

  /// The changes from one set of values to another, in key order (UTF-16, as
  /// ``PlistKey`` sorts); equal values give none.
  public static func between(_ old: [PlistKey: PlistValue], _ new: [PlistKey: PlistValue])
    -> [DefaultsChange]
  {
    // Only the keys that differ are sorted: a write of one key to a large
    // domain costs one pass, not a sort of every key.
    var keys: [PlistKey] = []
    for (key, value) in old where new[key] != value { keys.append(key) }
    for key in new.keys where old[key] == nil { keys.append(key) }
    return keys.sorted().map { DefaultsChange(key: $0, old: old[$0], new: new[$0]) }
  }
}

/// Where observers are called: right away on the thread that found the
/// change (tests), or on a dispatch queue (applications).
public protocol ChangeScheduler: Sendable {
  func schedule(_ work: @escaping @Sendable () -> Void)
}

/// Calls observers synchronously, on the thread that found the change.
public struct ImmediateScheduler: ChangeScheduler {
  public init() {}
  public func schedule(_ work: @escaping @Sendable () -> Void) { work() }
}

/// Calls observers on a dispatch queue, in order.
public struct QueueScheduler: ChangeScheduler {
  public let queue: DispatchQueue
  public init(_ queue: DispatchQueue) { self.queue = queue }
  public func schedule(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }
}

/// Keeps an observation alive; it ends on `cancel()` or when the token is released.
public final class ObservationToken: Sendable {
  private let onCancel: @Sendable () -> Void

  init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

  public func cancel() { onCancel() }

  deinit { onCancel() }
}
