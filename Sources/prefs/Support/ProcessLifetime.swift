import Synchronization

/// Values the command no longer needs but that are left for the process's
/// exit to reclaim: a big bundle is millions of small objects, and freeing
/// them one by one took longer than linting them (as compilers, which skip
/// freeing their syntax trees at exit).
enum ProcessLifetime {
  private static let kept = Mutex<[any Sendable]>([])

  static func keepUntilExit(_ value: any Sendable) { kept.withLock { $0.append(value) } }
}
