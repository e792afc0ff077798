import DefaultsStore
import Dispatch
import Plist
import Synchronization

/// Keeps a local domain (the file Foundation's `UserDefaults(suiteName:)`
/// reads on this machine) and a shared one in step, both ways, key by key:
/// a local edit (heard through inotify) is written to the shared store, a
/// shared change is written into the file under its lock.
///
/// Conflicts are settled per key, never per domain: the shared store's
/// order of commits decides, so the last writer there wins. A local edit
/// that has not reached the shared store yet is not overwritten by an
/// older shared change: it is pushed, becomes the newest commit, and comes
/// back to every other machine. At start the two are merged: a key only one
/// side has is copied to the other, and where both hold a different value
/// the shared one wins (the local one is reported as a conflict).
///
/// A local editor may save the whole file without taking the lock, from a
/// copy it read before the sync pulled a shared change into the file. Such a
/// save would undo a write the store had confirmed, so a local write that
/// puts back the very value a key held before the sync last pulled it, made
/// before any other local write showed the pulled value (or the value of a
/// later pull, which proves its copy was read after this one), is taken for
/// a save from an older copy: the store's value stays and is written into the
/// file again, and the local value is reported as ``Event/conflict(key:kept:local:)``,
/// never dropped unsaid. The keys that save changed otherwise are pushed as
/// any local edit. Saving that value once more (or writing it with the lock
/// after another local write) makes it stick.
///
/// ```swift
/// let sync = DomainSync(local: fileStore, shared: sharedStore) { event in print(event) }
/// try sync.start()
/// ```
public final class DomainSync: Sendable {
  /// What the sync did, for a log.
  public enum Event: Sendable, Hashable, CustomStringConvertible {
    /// A local edit of `key` was written to the shared store.
    case pushed(key: PlistKey, value: PlistValue?)
    /// A shared change of `key` was written into the local file.
    case pulled(key: PlistKey, value: PlistValue?)
    /// A shared change of `key` was not written locally: a newer local edit is on its way.
    case keptLocal(key: PlistKey)
    /// A write failed; the key is tried again on its next change.
    case failed(key: PlistKey, error: DefaultsError)
    /// A local save put back `local`, the value `key` held before the store's
    /// `kept` was pulled, from a copy older than that pull: `kept` stays (in
    /// the store and, again, in the file).
    case conflict(key: PlistKey, kept: PlistValue?, local: PlistValue?)

    public var description: String {
      func text(_ value: PlistValue?) -> String { value.map { "\($0)" } ?? "(none)" }
      return switch self {
      case .pushed(let key, let value): "→ \(MessageText.key(key.string)) = \(text(value))"
      case .pulled(let key, let value): "← \(MessageText.key(key.string)) = \(text(value))"
      case .keptLocal(let key):
        "= \(MessageText.key(key.string)) (a newer local edit is being pushed)"
      case .failed(let key, let error): "! \(MessageText.key(key.string)): \(error)"
      case .conflict(let key, let kept, let local):
        "≠ \(MessageText.key(key.string)) = \(text(kept)) (kept; a local save from an older copy had \(text(local)))"
      }
    }
  }

  public let local: DefaultsStore
  public let shared: DefaultsStore
  private let report: @Sendable (Event) -> Void
  private let queue = DispatchQueue(label: "prefs.shared-defaults.sync")
  /// The values both sides last agreed on, per key: the base that tells a
  /// local edit from the echo of a shared change.
  private let agreed = Mutex<[PlistKey: PlistValue]>([:])
  private let history = Mutex(LocalHistory())
  private let tokens = Mutex<[ObservationToken]>([])

  public init(
    local: DefaultsStore, shared: DefaultsStore,
    report: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.local = local
    self.shared = shared
    self.report = report
  }

  /// Merges the two sides, then follows both until ``stop()``.
  public func start() throws(DefaultsError) {
    let scheduler = QueueScheduler(queue)
    // Observed first, so that no change between the merge and the watch is
    // lost; their deliveries wait on the queue until the merge is done.
    let merged = queue.sync { () -> Result<Void, DefaultsError> in
      do throws(DefaultsError) {
        try merge(scheduler: scheduler)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try merged.get()
  }

  private func merge(scheduler: QueueScheduler) throws(DefaultsError) {
    do {
      let sharedToken = shared.observe(scheduler: scheduler) { [weak self] changes in
        self?.sharedChanged(Set(changes.map(\.key)))
      }
      let localToken = local.observe(scheduler: scheduler) { [weak self] changes in
        self?.localChanged(Set(changes.map(\.key)))
      }
      // Back from a lost connection: local edits whose push failed meanwhile go now.
      let wasAway = Locked(false)
      let stateToken = shared.observeWatchState(scheduler: scheduler) { [weak self] state in
        switch state {
        case .reconnecting, .failed: wasAway.value.withLock { $0 = true }
        case .watching:
          guard wasAway.value.withLock({ $0 }), let self else { return }
          wasAway.value.withLock { $0 = false }
          let keys = Set((try? self.local.persistentValues())?.keys.map { $0 } ?? [])
            .union(self.agreed.withLock { Set($0.keys) })
          self.localChanged(keys)
        default: break
        }
      }
      tokens.withLock { $0 = [sharedToken, localToken, stateToken] }
      var merged = try shared.persistentValues()
      var replaced: [PlistKey: PlistValue?] = [:]
      try local.update { values in
        for (key, value) in values where merged[key] == nil { merged[key] = value }
        for (key, value) in merged where values[key] != value { replaced[key] = values[key] }
        values = merged
      }
      history.withLock { history in
        history.lastWritten = merged
        let pull = history.nextPull()
        for (key, value) in replaced {
          history.replaced[key, default: []].append(
            LocalHistory.Pull(number: pull, before: value, pulled: merged[key]))
        }
      }
      let pushed = merged
      try shared.update { values in
        for (key, value) in pushed where values[key] == nil { values[key] = value }
      }
      agreed.withLock { $0 = merged }
      // Where both held a value, the store's won: the local one is said, not dropped.
      for key in replaced.keys.sorted() {
        guard case .some(.some(let value)) = replaced[key] else { continue }
        report(.conflict(key: key, kept: merged[key], local: value))
      }
    }
  }

  public func stop() {
    tokens.withLock { $0 = [] }
  }

  // Both sides are compared as they are now, not as the change said: a
  // delivery may be older than a write this sync made since (its own echo).

  private func localChanged(_ keys: Set<PlistKey>) {
    let now: [PlistKey: PlistValue]
    do throws(DefaultsError) {
      now = try local.persistentValues()
    } catch {
      // A file that does not parse (an edit in progress) is read again on its next change.
      return
    }
    let agreedNow = agreed.withLock { $0 }
    let replaced = history.withLock { history in
      // A write not the sync's own that holds a pulled value has seen that
      // pull, and so every pull before it: a copy holds all it was read after.
      if history.lastWritten != now { history.forgetPulls(seenBy: now) }
      return history.replaced
    }
    // Every key that differs, not only the ones delivered: a save that came
    // right after the sync's own write may be delivered as a change from
    // before it, missing the keys the save put back.
    for key in keys.union(now.keys).union(agreedNow.keys).sorted() {
      let value = now[key]
      let before = agreedNow[key]
      guard before != value else { continue }
      if let older = replaced[key], older.contains(where: { $0.before == value }) {
        keepShared(key, value: before, over: value)
        continue
      }
      history.withLock { $0.replaced[key] = nil }
      do throws(DefaultsError) {
        try shared.update { $0[key] = value }
        agreed.withLock { $0[key] = value }
        report(.pushed(key: key, value: value))
      } catch {
        report(.failed(key: key, error: error))
      }
    }
  }

  /// Writes the store's `value` of `key` into the file again over `stale`, a
  /// save from a copy older than the pull, and reports both.
  private func keepShared(_ key: PlistKey, value: PlistValue?, over stale: PlistValue?) {
    // Believed from now on: the value saved again is meant.
    history.withLock { $0.replaced[key] = nil }
    do throws(DefaultsError) {
      var written: [PlistKey: PlistValue] = [:]
      try local.update { values in
        // Changed once more meanwhile: that newer write is heard on its own.
        if values[key] == stale { values[key] = value }
        written = values
      }
      history.withLock { $0.lastWritten = written }
      report(.conflict(key: key, kept: value, local: stale))
    } catch {
      report(.failed(key: key, error: error))
    }
  }

  private func sharedChanged(_ keys: Set<PlistKey>) {
    let now: [PlistKey: PlistValue]
    do throws(DefaultsError) {
      now = try shared.persistentValues()
    } catch {
      for key in keys.sorted() { report(.failed(key: key, error: error)) }
      return
    }
    for key in keys.sorted() {
      let value = now[key]
      let before = agreed.withLock { $0[key] }
      guard before != value else { continue }
      do throws(DefaultsError) {
        var edited: PlistValue?? = nil
        var previous: PlistValue?
        var written: [PlistKey: PlistValue] = [:]
        let outcome = try local.update { values in
          previous = values[key]
          // An edit made here since the last agreement wins: it is pushed now.
          if values[key] != before, values[key] != value {
            edited = .some(values[key])
            return
          }
          values[key] = value
          written = values
        }
        if let edited {
          history.withLock { $0.replaced[key] = nil }
          try shared.update { $0[key] = edited }
          agreed.withLock { $0[key] = edited }
          report(.keptLocal(key: key))
        } else {
          agreed.withLock { $0[key] = value }
          history.withLock { history in
            history.lastWritten = written
            if !outcome.changes.isEmpty {
              history.replaced[key, default: []].append(
                LocalHistory.Pull(number: history.nextPull(), before: previous, pulled: value))
            }
          }
          if !outcome.changes.isEmpty { report(.pulled(key: key, value: value)) }
        }
      } catch {
        report(.failed(key: key, error: error))
      }
    }
  }
}

/// What the sync knows of the local file's writers: the values it last
/// wrote there itself (to tell its own write's echo from another writer's),
/// and per key, the pulls no other writer has shown yet, each with the value
/// the file held before it (what a save from an older copy brings back).
private struct LocalHistory {
  /// One shared change written into the file, numbered in the order written.
  struct Pull {
    var number: Int
    var before: PlistValue?
    var pulled: PlistValue?
  }

  var lastWritten: [PlistKey: PlistValue]?
  var replaced: [PlistKey: [Pull]] = [:]
  private var pulls = 0

  mutating func nextPull() -> Int {
    pulls += 1
    return pulls
  }

  /// Forgets every pull at or before the newest one `values` (another
  /// writer's) shows: a key holding what a pull brought, where that value is
  /// not one the key held before that pull, proves the writer's copy was
  /// read after it, so its other keys' values are edits, not an older copy's.
  mutating func forgetPulls(seenBy values: [PlistKey: PlistValue]) {
    var seen = 0
    for (key, pulls) in replaced {
      for pull in pulls
      where pull.number > seen && pull.pulled == values[key]
        && !pulls.contains(where: { $0.number <= pull.number && $0.before == pull.pulled })
      {
        seen = pull.number
      }
    }
    guard seen > 0 else { return }
    for key in Array(replaced.keys) {
      replaced[key]?.removeAll { $0.number <= seen }
      if replaced[key]?.isEmpty == true { replaced[key] = nil }
    }
  }
}

/// A mutex that escaping closures can share (a `Mutex` itself cannot be captured).
final class Locked<Value: Sendable>: Sendable {
  let value: Mutex<Value>
  init(_ initial: Value) { value = Mutex(initial) }
}
