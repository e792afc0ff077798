import DefaultsStore
import Foundation
import PostgresNIO
import Synchronization

/// Connections to the store's server, and the synchronous calls the store
/// makes on them. `DefaultsStore` is synchronous; these block the calling
/// thread (never an event loop's) until the server has answered.
struct ServerLink: Sendable {
  let location: SharedStoreLocation
  /// The store's name in messages: the URL without its password.
  var name: String { location.description }

  /// A new connection, or why there is none, in words that hold no password.
  func connect() throws(DefaultsError) -> PostgresConnection {
    let configuration = try self.configuration()
    var logger = Logger(label: "prefs.shared-defaults")
    // postgres-nio logs nothing at this level; nothing reaches the terminal.
    logger.logLevel = .critical
    do {
      return try PostgresConnection.connect(
        on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
        id: Self.nextID(), logger: logger
      ).wait()
    } catch {
      throw .unavailable(store: name, operation: "connect", reason: Self.describe(error))
    }
  }

  private func configuration() throws(DefaultsError) -> PostgresConnection.Configuration {
    let tls: PostgresConnection.Configuration.TLS
    if location.sslMode == .disable {
      tls = .disable
    } else {
      var settings = TLSConfiguration.makeClientConfiguration()
      switch location.sslMode {
      case .verifyFull: settings.certificateVerification = .fullVerification
      case .verifyCA: settings.certificateVerification = .noHostnameVerification
      default: settings.certificateVerification = .none
      }
      if let roots = location.rootCertificates { settings.trustRoots = .file(roots) }
      let context: NIOSSLContext
      do {
        context = try NIOSSLContext(configuration: settings)
      } catch {
        throw .unavailable(
          store: name, operation: "set up TLS", reason: Self.describe(error))
      }
      switch location.sslMode {
      case .allow, .prefer: tls = .prefer(context)
      default: tls = .require(context)
      }
    }
    var configuration: PostgresConnection.Configuration
    if location.host.hasPrefix("/") {
      configuration = PostgresConnection.Configuration(
        unixSocketPath: location.host + "/.s.PGSQL.\(location.port)", username: location.user,
        password: location.password, database: location.database)
    } else {
      configuration = PostgresConnection.Configuration(
        host: location.host, port: location.port, username: location.user,
        password: location.password, database: location.database, tls: tls)
    }
    configuration.options.connectTimeout = .seconds(Int64(max(location.connectTimeout, 1)))
    return configuration
  }

  private static let counter = Mutex(0)
  private static func nextID() -> Int {
    counter.withLock {
      $0 += 1
      return $0
    }
  }

  /// What went wrong, from the server's own message when it sent one.
  /// postgres-nio's own description is deliberately vague; this is not, but
  /// it quotes only what the server and the network said, never the URL.
  static func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] {
        let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
        return message + state
      }
      if let underlying = error.underlying { return describe(underlying) }
      switch error.code {
      case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
      case .clientClosedConnection: return "the connection was closed"
      case .authMechanismRequiresPassword:
        return "the server asks for a password and none was given"
      case .sslUnsupported: return "the server does not offer TLS, and sslmode requires it"
      case .unsupportedAuthMechanism: return "the server asks for a login method prefs cannot do"
      default: return "\(error.code)"
      }
    }
    if let error = error as? NIOConnectionError {
      if let first = error.connectionErrors.first { return describe(first.error) }
      return "no address of the host answered"
    }
    // NIO's own description nests the call's name and errno in brackets
    // ("connection reset (error set): Connection refused) (errno: 111)").
    if let error = error as? IOError {
      return String(cString: strerror(error.errnoCode)).lowercased()
    }
    if error is ChannelError {
      if case .connectTimeout = error as? ChannelError { return "the connection timed out" }
      return "the connection failed (\(error))"
    }
    if let error = error as? NIOSSLError { return "TLS failed: \(error)" }
    if let error = error as? BoringSSLError { return "TLS failed: \(error)" }
    return "\(error)"
  }

  /// The SQLSTATE the server answered with, when it did.
  static func sqlState(_ error: any Error) -> String? {
    (error as? PSQLError)?.serverInfo?[.sqlState]
  }

  /// Whether the connection itself failed (rather than the statement).
  static func isConnectionFailure(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return true }
    return error.serverInfo == nil
  }
}

extension PostgresConnection {
  /// Runs `query` and returns its rows; a failure is a `DefaultsError` saying
  /// which `operation` failed on `store`.
  func rows(_ query: PostgresQuery, store: String, operation: String) throws(DefaultsError)
    -> [PostgresRow]
  {
    do {
      return try rawRows(query)
    } catch {
      throw .unavailable(store: store, operation: operation, reason: ServerLink.describe(error))
    }
  }

  /// Runs `query` and returns its rows, or postgres-nio's error as it is.
  /// An answer that has not come within `timeout` closes the connection and
  /// fails the call: a connection the server ended at the wrong moment (a
  /// restart) must not leave its caller waiting forever.
  func rawRows(_ query: PostgresQuery, timeout: TimeAmount = .seconds(20)) throws
    -> [PostgresRow]
  {
    var logger = Logger(label: "prefs.shared-defaults")
    logger.logLevel = .critical
    let answer = eventLoop.makePromise(of: PostgresQueryResult.self)
    // Whichever comes first, the answer or the timer, settles it.
    let settled = SettledOnce()
    @Sendable func settle(_ result: Result<PostgresQueryResult, any Error>) {
      guard settled.first() else { return }
      answer.completeWith(result)
    }
    let timer = eventLoop.scheduleTask(in: timeout) {
      settle(.failure(QueryTimeout(seconds: timeout.nanoseconds / 1_000_000_000)))
      self.closeQuietly()
    }
    self.query(query, logger: logger).whenComplete { result in
      timer.cancel()
      settle(result)
    }
    return try answer.futureResult.wait().rows
  }
}

/// True for the first caller only.
private final class SettledOnce: Sendable {
  private let done = Mutex(false)
  func first() -> Bool {
    done.withLock { done in
      defer { done = true }
      return !done
    }
  }
}

/// No answer to a query within the time allowed.
struct QueryTimeout: Error, CustomStringConvertible {
  let seconds: Int64
  var description: String { "the server did not answer within \(seconds) s" }
}

extension PostgresConnection {
  /// Starts closing the connection; nothing waits for it.
  func closeQuietly() {
    let closing: EventLoopFuture<Void> = close()
    // The connection must outlive its closing (postgres-nio checks that it does).
    closing.whenComplete { _ in withExtendedLifetime(self) {} }
  }
}
