/// Where a shared defaults store lives: a PostgreSQL server and database,
/// written as libpq's URLs are, `postgres://user:password@host:port/database`
/// with `?sslmode=` (`disable`, `allow`, `prefer`, `require`, `verify-ca`,
/// `verify-full`), `sslrootcert=`, `host=` (a Unix socket folder) and
/// `connect_timeout=` (seconds). What the URL leaves out comes from the
/// environment it is given (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`,
/// `PGDATABASE`, `PGSSLMODE`), then from libpq's defaults.
///
/// Its `description` never holds the password, so it can name the store in
/// any message.
///
/// ```swift
/// let location = try SharedStoreLocation(url: "postgres://app:secret@db.local/prefs?sslmode=require")
/// location.description  // "postgres://app@db.local:5432/prefs?sslmode=require"
/// ```
public struct SharedStoreLocation: Sendable, Hashable, CustomStringConvertible {
  /// A host name or address, or a Unix socket folder (starting with `/`).
  public var host: String
  public var port: Int
  public var user: String
  public var password: String?
  public var database: String
  public var sslMode: SSLMode
  /// A PEM file of the certificates that may sign the server's (`sslrootcert`).
  public var rootCertificates: String?
  /// How long a connection may take, in seconds.
  public var connectTimeout: Int

  /// libpq's `sslmode`: whether TLS is tried, required, and what is checked.
  public enum SSLMode: String, Sendable, Hashable, CaseIterable {
    /// Never TLS.
    case disable
    /// TLS when the server offers it (libpq tries without first; here, as `prefer`).
    case allow
    /// TLS when the server offers it, else a plain connection (libpq's default).
    case prefer
    /// TLS or no connection; the certificate is not checked.
    case require
    /// TLS, and the certificate must be signed by a trusted authority.
    case verifyCA = "verify-ca"
    /// TLS, a trusted certificate, and one that names the host.
    case verifyFull = "verify-full"
  }

  /// Why a store URL was refused. The words never quote the URL (it may
  /// hold a password), only the part at fault when that part is not secret.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var description: String { "invalid store URL: \(reason)" }
  }

  /// The schemes taken, as libpq takes them.
  public static let schemes = ["postgres", "postgresql"]

  /// Parses `url`; `environment` supplies what it leaves out (the caller's,
  /// as no library reads the process environment itself).
  public init(url: String, environment: [String: String] = [:]) throws(Failure) {
    if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw Failure(reason: "it contains a control character")
    }
    guard let separator = url.range(of: "://"),
      Self.schemes.contains(url[..<separator.lowerBound].lowercased())
    else {
      throw Failure(reason: "it must start with postgres:// or postgresql://")
    }
    var rest = Substring(url[separator.upperBound...])
    var query = Substring("")
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var path = Substring("")
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var user: String?
    var password: String?
    if let at = rest.lastIndex(of: "@") {
      let info = rest[..<at]
      rest = rest[rest.index(after: at)...]
      if let colon = info.firstIndex(of: ":") {
        user = try Self.decoded(info[..<colon], part: "the user name")
        password = try Self.decoded(info[info.index(after: colon)...], part: "the password")
      } else {
        user = try Self.decoded(info, part: "the user name")
      }
    }
    var host: String?
    var port: Int?
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else {
        throw Failure(reason: "an IPv6 address in [ ] is not closed")
      }
      host = String(rest[rest.index(after: rest.startIndex)..<close])
      rest = rest[rest.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { throw Failure(reason: "unexpected text after the host") }
        port = try Self.port(rest.dropFirst())
      }
    } else if let colon = rest.lastIndex(of: ":") {
      host = try Self.decoded(rest[..<colon], part: "the host")
      port = try Self.port(rest[rest.index(after: colon)...])
    } else if !rest.isEmpty {
      host = try Self.decoded(rest, part: "the host")
    }
    var database = path.isEmpty ? nil : try Self.decoded(path, part: "the database name")
    var sslMode: SSLMode?
    var rootCertificates: String?
    var connectTimeout: Int?
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = try Self.decoded(parts[0], part: "a parameter name")
      let value = try Self.decoded(parts.count > 1 ? parts[1] : "", part: "the parameter \(name)")
      switch name {
      case "sslmode":
        guard let mode = SSLMode(rawValue: value) else {
          throw Failure(
            reason: "sslmode \"\(value)\" is not one of "
              + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        sslMode = mode
      case "sslrootcert": rootCertificates = value
      case "host": host = value
      case "port": port = try Self.port(Substring(value))
      case "user": user = value
      case "password": password = value
      case "dbname": database = value
      case "connect_timeout":
        guard let seconds = Int(value), seconds >= 0, seconds <= 3600 else {
          throw Failure(reason: "connect_timeout \"\(value)\" is not a number of seconds (0-3600)")
        }
        connectTimeout = seconds
      case "application_name", "sslcert", "sslkey", "target_session_attrs": break
      default: throw Failure(reason: "the parameter \"\(name)\" is not known")
      }
    }
    func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
    self.host = nonEmpty(host) ?? nonEmpty(environment["PGHOST"]) ?? "localhost"
    if let port {
      self.port = port
    } else if let text = environment["PGPORT"], let value = Int(text) {
      self.port = value
    } else {
      self.port = 5432
    }
    self.user =
      nonEmpty(user) ?? nonEmpty(environment["PGUSER"]) ?? nonEmpty(environment["USER"])
      ?? "postgres"
    self.password = password ?? nonEmpty(environment["PGPASSWORD"])
    self.database = nonEmpty(database) ?? nonEmpty(environment["PGDATABASE"]) ?? self.user
    if let sslMode {
      self.sslMode = sslMode
    } else if let text = environment["PGSSLMODE"] {
      guard let mode = SSLMode(rawValue: text) else {
        throw Failure(reason: "PGSSLMODE \"\(text)\" is not a known sslmode")
      }
      self.sslMode = mode
    } else {
      self.sslMode = .prefer
    }
    self.rootCertificates = rootCertificates ?? nonEmpty(environment["PGSSLROOTCERT"])
    self.connectTimeout = connectTimeout ?? 10
    if self.sslMode == .verifyCA || self.sslMode == .verifyFull, self.host.hasPrefix("/") {
      throw Failure(reason: "sslmode \(self.sslMode.rawValue) needs a TCP host, not a socket")
    }
  }

  /// Whether `text` names a shared store rather than a folder.
  public static func isStoreURL(_ text: String) -> Bool {
    guard let separator = text.range(of: "://") else { return false }
    return schemes.contains(text[..<separator.lowerBound].lowercased())
  }

  /// The URL without its password: `postgres://user@host:port/database?sslmode=…`.
  public var description: String {
    let shownHost: String
    if host.hasPrefix("/") {
      shownHost = ""
    } else if host.contains(":") {
      shownHost = "[\(host)]:\(port)"
    } else {
      shownHost = "\(Self.encoded(host)):\(port)"
    }
    var text = "postgres://\(Self.encoded(user))@\(shownHost)/\(Self.encoded(database))"
    var parameters: [String] = []
    if host.hasPrefix("/") {
      parameters.append("host=\(Self.encoded(host))")
      parameters.append("port=\(port)")
    }
    if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
    if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
    return text
  }

  private static func port(_ text: Substring) throws(Failure) -> Int {
    guard let value = Int(text), (1...65535).contains(value) else {
      throw Failure(reason: "the port \"\(text)\" is not a number from 1 to 65535")
    }
    return value
  }

  /// Percent-decoding; `part` names what is decoded in the error (never its text).
  private static func decoded(_ text: Substring, part: String) throws(Failure) -> String {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%") {
        let first = utf8.index(after: index)
        guard first != utf8.endIndex, utf8.index(after: first) != utf8.endIndex,
          let high = hexValue(utf8[first]), let low = hexValue(utf8[utf8.index(after: first)])
        else { throw Failure(reason: "\(part) has a % not followed by two hex digits") }
        bytes.append(high << 4 | low)
        index = utf8.index(first, offsetBy: 2)
      } else {
        bytes.append(byte)
        index = utf8.index(after: index)
      }
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      throw Failure(reason: "\(part) is not UTF-8 once decoded")
    }
    if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw Failure(reason: "\(part) contains a control character")
    }
    return decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }
}
