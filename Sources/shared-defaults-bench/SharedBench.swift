import DefaultsStore
import Foundation
import Plist
import SharedDefaults
import Synchronization

/// `shared-defaults-bench URL FOLDER [PSQL]`: issue 17's speed targets, the
/// shared store next to the file backend (in FOLDER) and, for scale, psql.
///
/// - latency: one writer sets a key 1,000 times, one write after another;
///   8 watchers (stores of their own, each with its own connection or
///   inotify watch) each report the change; from the write's start to each
///   report (8,000 samples): median and 99th percentile.
/// - throughput: 8 writers (threads, each its store and connection) write
///   250 distinct keys each at once: writes per second.
enum SharedBench {
  static func run(
    url: String, folder: String, psql: String?, writes: Int = 1000, latencyToo: Bool = true,
    fileToo: Bool = true
  ) throws {
    let location = try SharedStoreLocation(url: url)
    let domain = "com.example.bench"
    func shared() throws -> DefaultsStore {
      try SharedDefaults.store(domain: domain, location: location)
    }
    func file() throws -> DefaultsStore { try DefaultsStore(domain: domain, directory: folder) }
    try shared().removeAll()
    try file().removeAll()
    for (name, make) in [("postgres", shared), ("file", file)]
      as [(String, () throws -> DefaultsStore)] where latencyToo
    {
      let samples = try latency(make: make, watchers: 8, writes: writes)
      print(
        String(
          format:
            "%@ latency, write to each of 8 watchers (%d samples, %d not heard within 2 s): median %.2f ms, p99 %.2f ms, max %.2f ms",
          name, samples.count, samples.count { $0 >= 2000 }, percentile(samples, 0.5),
          percentile(samples, 0.99),
          samples.max() ?? 0))
    }
    try shared().removeAll()
    try file().removeAll()
    for (name, make) in [("postgres", shared), ("file", file)]
      as [(String, () throws -> DefaultsStore)] where name == "postgres" || fileToo
    {
      let rate = try throughput(make: make, writers: 8, each: 250)
      print(
        String(format: "%@ throughput, 8 writers x 250 distinct keys: %.0f writes/s", name, rate))
    }
    if let psql { try psqlScale(psql: psql, url: url) }
  }

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  static func latency(make: () throws -> DefaultsStore, watchers: Int, writes: Int) throws
    -> [Double]
  {
    let arrivals = Mutex<[Int64: [UInt64]]>([:])
    let stores = try (0..<watchers).map { _ in try make() }
    let tokens = stores.map { store in
      store.observe(keys: ["probe"], scheduler: ImmediateScheduler()) { changes in
        let time = now()
        for change in changes {
          if case .integer(let value) = change.new {
            arrivals.withLock { $0[value, default: []].append(time) }
          }
        }
      }
    }
    let writer = try make()
    var samples: [Double] = []
    for index in 1...Int64(writes) {
      let start = now()
      try writer.set(.integer(index), forKey: "probe")
      let deadline = start + 2_000_000_000
      while arrivals.withLock({ $0[index]?.count ?? 0 }) < watchers, now() < deadline {
        usleep(20)
      }
      let times = arrivals.withLock { $0[index] ?? [] }
      samples += times.map { Double($0 - start) / 1e6 }
      // A change not heard within 2 s counts as 2 s.
      samples += Array(repeating: 2000, count: max(0, watchers - times.count))
    }
    withExtendedLifetime((stores, tokens)) {}
    return samples
  }

  static func throughput(make: () throws -> DefaultsStore, writers: Int, each: Int) throws
    -> Double
  {
    let stores = try (0..<writers).map { _ in try make() }
    // Connected (and the tables checked) before the clock starts.
    for store in stores { _ = try store.persistentValues() }
    let failures = Count()
    let start = now()
    together(writers) { writer in
      for index in 0..<each {
        do {
          try stores[writer].set(.integer(Int64(index)), forKey: "w\(writer)-\(index)")
        } catch {
          failures.add()
        }
      }
    }
    let elapsed = Double(now() - start) / 1e9
    if failures.value > 0 { print("  \(failures.value) writes failed") }
    return Double(writers * each) / elapsed
  }

  /// `psql -c` per insert (a process and a connection each), and 8 psql
  /// sessions of 250 inserts each at once.
  static func psqlScale(psql: String, url: String) throws {
    @Sendable func run(_ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: psql)
      process.arguments = ["-X", "-q", url] + arguments
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
    }
    try run(["-c", "CREATE TABLE IF NOT EXISTS bench_psql (k text PRIMARY KEY, v text)"])
    try run(["-c", "TRUNCATE bench_psql"])
    let count = 200
    var start = now()
    for index in 0..<count {
      try run([
        "-c",
        "INSERT INTO bench_psql VALUES ('c\(index)', '<integer>\(index)</integer>') ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v",
      ])
    }
    var elapsed = Double(now() - start) / 1e9
    print(
      String(
        format: "psql -c, one process per insert (%d): %.2f ms each, %.0f writes/s", count,
        elapsed * 1000 / Double(count), Double(count) / elapsed))
    let scripts = (0..<8).map { writer in
      let path = NSTemporaryDirectory() + "prefs-bench-psql-\(writer).sql"
      let statements = (0..<250).map {
        "INSERT INTO bench_psql VALUES ('s\(writer)-\($0)', '<integer>\($0)</integer>') ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v;"
      }
      try? statements.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    start = now()
    together(8) { writer in try? run(["-f", scripts[writer]]) }
    elapsed = Double(now() - start) / 1e9
    print(
      String(format: "psql -f, 8 sessions x 250 inserts at once: %.0f writes/s", 2000 / elapsed))
    for path in scripts { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Runs `body` on `count` threads of its own at once and waits for them
  /// all. Not `concurrentPerform`: that runs as many at once as there are
  /// cores (2 here), so 8 writers would mostly wait their turn.
  static func together(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let threads = (0..<count).map { index in
      group.enter()
      return Thread {
        body(index)
        group.leave()
      }
    }
    for thread in threads { thread.start() }
    group.wait()
  }

  final class Count: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
  }
}
