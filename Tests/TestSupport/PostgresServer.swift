import Foundation
import Synchronization

/// A PostgreSQL cluster of the tests' own, never a shared one: `initdb` into
/// a temporary folder, started on a free loopback port with its socket in
/// that folder, with TLS (a self-signed certificate for `localhost`) and a
/// password for TCP logins. PostgreSQL refuses to run as root, so under root
/// it runs as `nobody`, the folder given to it. It is stopped and removed
/// when the test process exits, and by a watchdog if the process is killed.
///
/// ```swift
/// let server = try PostgresServer.shared.get()
/// let url = try server.makeDatabase()  // postgres://prefs:…@127.0.0.1:PORT/t_…?sslmode=disable
/// ```
public final class PostgresServer: Sendable {
  public let folder: String
  public let port: Int
  public let binaries: String
  public let user = "prefs"
  public let password = "p@ss:w/rd-\(UInt32.random(in: 0...UInt32.max))"
  /// The server's certificate, for `sslrootcert` (nil when openssl is missing).
  public let certificate: String?
  private let runAs: String?

  /// Why the tests cannot have a server.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// The tests' one cluster, started on first use.
  public static let shared: Result<PostgresServer, Unavailable> = {
    do {
      let server = try PostgresServer()
      atexit { PostgresServer.stopShared() }
      return .success(server)
    } catch let error as Unavailable {
      return .failure(error)
    } catch {
      return .failure(Unavailable(description: "\(error)"))
    }
  }()

  /// Whether `initdb` and `pg_ctl` are installed (Debian's `postgresql`).
  public static var isInstalled: Bool { findBinaries() != nil }

  /// With `CI` set, a missing PostgreSQL fails the tests instead of skipping them.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
  }

  private static func stopShared() {
    if case .success(let server) = shared { server.stop(removing: true) }
  }

  /// `/usr/lib/postgresql/<newest>/bin`, else the folder of `initdb` on PATH.
  static func findBinaries() -> String? {
    let root = "/usr/lib/postgresql"
    let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
      .compactMap(Int.init).sorted(by: >)
    for version in versions {
      let folder = "\(root)/\(version)/bin"
      if FileManager.default.isExecutableFile(atPath: folder + "/initdb") { return folder }
    }
    if let initdb = ChildProcess.onPath("initdb") {
      return initdb.resolvingSymlinksInPath().deletingLastPathComponent().path
    }
    return nil
  }

  /// A cluster of the caller's own, for a test that stops and starts its
  /// server (the shared one serves tests running meanwhile). Stop it with
  /// `stop(removing: true)`.
  public static func makeOwn() throws -> PostgresServer { try PostgresServer() }

  init() throws {
    guard let binaries = Self.findBinaries() else {
      throw Unavailable(
        description: "PostgreSQL is not installed (initdb, pg_ctl: apt-get install postgresql)")
    }
    self.binaries = binaries
    folder = NSTemporaryDirectory() + "prefs-postgres-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    runAs = getuid() == 0 ? "nobody" : nil
    port = try Self.freePort()
    try Data(password.utf8).write(to: URL(fileURLWithPath: folder + "/password"))
    let openssl = ChildProcess.onPath("openssl")
    if let openssl {
      let made = try ChildProcess.run(
        openssl,
        [
          "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
          "-addext", "subjectAltName=DNS:localhost", "-keyout", folder + "/server.key",
          "-out", folder + "/server.crt",
        ])
      certificate = made.status == 0 ? folder + "/server.crt" : nil
      chmod(folder + "/server.key", 0o600)
    } else {
      certificate = nil
    }
    if runAs != nil {
      _ = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/chown"), ["-R", "nobody", folder])
    }
    let initdb = try run(
      "initdb",
      [
        "-D", folder + "/data", "-U", user, "--pwfile=\(folder)/password",
        "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--no-locale",
        "--no-sync",
      ])
    guard initdb.status == 0 else {
      throw Unavailable(description: "initdb failed: \(initdb.errors)")
    }
    try start()
    // The watchdog: if this process dies without its atexit, the cluster goes too.
    let watchdog = Process()
    watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
    watchdog.arguments = [
      "-c",
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
        + "\(stopCommand(mode: "immediate")) >/dev/null 2>&1; rm -rf '\(folder)'",
    ]
    watchdog.standardOutput = FileHandle.nullDevice
    watchdog.standardError = FileHandle.nullDevice
    try watchdog.run()
  }

  /// Runs one of PostgreSQL's programs as the cluster's owner.
  @discardableResult
  public func run(_ program: String, _ arguments: [String]) throws -> ChildProcess {
    if let runAs {
      return try ChildProcess.run(
        URL(fileURLWithPath: "/sbin/runuser"),
        ["-u", runAs, "--", binaries + "/" + program] + arguments)
    }
    return try ChildProcess.run(URL(fileURLWithPath: binaries + "/" + program), arguments)
  }

  /// Starts the server (again) on its port; waits until it takes connections.
  public func start() throws {
    var options = [
      "-c listen_addresses=127.0.0.1", "-p \(port)", "-k \(folder)", "-c max_connections=300",
      "-c fsync=off", "-c synchronous_commit=off",
    ]
    if certificate != nil {
      options += [
        "-c ssl=on", "-c ssl_cert_file=\(folder)/server.crt",
        "-c ssl_key_file=\(folder)/server.key",
      ]
    }
    // The server would inherit every descriptor pg_ctl has: Foundation's
    // own (it waits for a child until they close) and other tests' pipes.
    // bash closes all but the standard three first; those are /dev/null.
    let process = Process()
    let pgCtl = [
      binaries + "/pg_ctl", "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60",
      "-o", options.joined(separator: " "), "start",
    ]
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      [
        "-c",
        #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null; exec "$@""#,
        "pg_ctl",
      ] + (runAs.map { ["/sbin/runuser", "-u", $0, "--"] } ?? []) + pgCtl
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
      throw Unavailable(description: "pg_ctl start failed (\(process.terminationStatus)): \(log)")
    }
  }

  /// Stops the server: `fast` ends sessions cleanly, `immediate` as a crash would.
  public func stop(mode: String = "fast", removing: Bool = false) {
    _ = try? run("pg_ctl", ["-D", folder + "/data", "-m", mode, "-w", "stop"])
    // The log of the stopped server's last run is kept until the folder goes.
    if removing { try? FileManager.default.removeItem(atPath: folder) }
  }

  private func stopCommand(mode: String) -> String {
    let pgCtl = "'\(binaries)/pg_ctl' -D '\(folder)/data' -m \(mode) stop"
    return runAs.map { "/sbin/runuser -u \($0) -- \(pgCtl)" } ?? pgCtl
  }

  /// A URL of `database` for the tests' user.
  public func url(
    database: String, password: String? = nil, sslmode: String = "disable",
    host: String = "127.0.0.1"
  ) -> String {
    let secret =
      (password ?? self.password).addingPercentEncoding(
        withAllowedCharacters: .alphanumerics) ?? ""
    return "postgres://\(user):\(secret)@\(host):\(port)/\(database)?sslmode=\(sslmode)"
  }

  /// Runs SQL with psql over the socket; its output, or an error with what psql said.
  @discardableResult
  public func psql(_ sql: String, database: String = "postgres") throws -> String {
    let result = try ChildProcess.run(
      URL(fileURLWithPath: binaries + "/psql"),
      [
        "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", "\(port)", "-U",
        user, "-d", database, "-c", sql,
      ])
    guard result.status == 0 else {
      throw Unavailable(description: "psql failed: \(result.errors)")
    }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A new, empty database; its URL.
  public func makeDatabase() throws -> String {
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try psql("CREATE DATABASE \(name)")
    return url(database: name)
  }

  private static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Unavailable(description: "no socket for a free port") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw Unavailable(description: "no free loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

#if canImport(Testing)
  import Testing

  extension Trait where Self == ConditionTrait {
    /// For a test that needs a real PostgreSQL server: skipped, with the
    /// reason shown, where PostgreSQL is not installed; run, and so failed,
    /// when the `CI` environment variable is set.
    public static var needsPostgres: Self {
      .enabled(
        if: PostgresServer.isInstalled || PostgresServer.isRequired,
        "needs PostgreSQL (initdb and pg_ctl: apt-get install postgresql; with CI set, its absence fails)"
      )
    }
  }
#endif
