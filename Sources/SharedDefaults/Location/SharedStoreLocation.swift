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

  /// The query parameters taken (`application_name`, `sslcert`, `sslkey` and
  /// `target_session_attrs` are taken and have no effect).
  public static let parameters = [
    "host", "port", "user", "password", "dbname", "sslmode", "sslrootcert",
    "connect_timeout", "application_name", "sslcert", "sslkey", "target_session_attrs",
  ]

  /// Parses `url` by libpq's rules (`conninfo_uri_parse_options` in
  /// `fe-connect.c`); `environment` supplies what it leaves out (the
  /// caller's, as no library reads the process environment itself).
  ///
  /// As libpq reads it: the user name and password end at the first `@` met
  /// before any `/` (so `?`, `&`, `#` and `:` may stand in a password as they
  /// are, while `@` and `/` must be written `%40` and `%2F`); the user name
  /// ends at the first `:`; the host ends at `:`, `/`, `?` or `,`; the
  /// database at `?`; each query parameter is one `key=value`, split at `&`;
  /// every part is percent-decoded. Query parameters replace what the URL
  /// said before them, and `ssl=true` means `sslmode=require`.
  ///
  /// Where libpq's reading would carry a piece of a password into a part
  /// that is shown (a raw `@` in the host, the port or the database, as
  /// `postgres://u:pa/ss@host` or `postgres://u:p@ss@host` make; text before
  /// the `@` shaped like a query, as `postgres://host?password=p@ss` makes),
  /// the URL is refused instead; so is a list of hosts. No reason quotes any
  /// part of the URL. Key=value connection strings (`host=… password=…`)
  /// are not taken: a store is named by a URL.
  public init(url: String, environment: [String: String] = [:]) throws(Failure) {
    if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw Failure(reason: "it contains a control character")
    }
    guard let separator = url.range(of: "://"),
      Self.schemes.contains(url[..<separator.lowerBound].lowercased())
    else {
      throw Failure(reason: "it must start with postgres:// or postgresql://")
    }
    let parts = try URLParts(Array(url[separator.upperBound...].utf8))
    var user = try parts.user.map { bytes throws(Failure) in
      try Self.decoded(bytes, part: "the user name")
    }
    var password = try parts.password.map { bytes throws(Failure) in
      try Self.decoded(bytes, part: "the password")
    }
    var host = try Self.decoded(parts.host, part: "the host")
    if host.contains(",") {
      throw Failure(reason: "it names several hosts, which prefs does not take")
    }
    var port = try Self.port(Self.decoded(parts.port, part: "the port"))
    var database = try parts.database.map { bytes throws(Failure) in
      try Self.decoded(bytes, part: "the database name")
    }
    var sslMode: SSLMode?
    var rootCertificates: String?
    var connectTimeout: Int?
    for (rawName, rawValue) in parts.parameters {
      var name = try Self.decoded(rawName, part: "a parameter name")
      var value = try Self.decoded(rawValue, part: "a parameter's value")
      if name == "ssl", value == "true" { (name, value) = ("sslmode", "require") }
      switch name {
      case "sslmode":
        guard let mode = SSLMode(rawValue: value) else {
          throw Failure(
            reason: "sslmode is not one of "
              + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        sslMode = mode
      case "sslrootcert": rootCertificates = value
      case "host":
        if value.contains(",") {
          throw Failure(reason: "it names several hosts, which prefs does not take")
        }
        host = value
      case "port": port = try Self.port(value)
      case "user": user = value
      case "password": password = value
      case "dbname": database = value
      case "connect_timeout":
        guard let seconds = Int(value), seconds >= 0, seconds <= 3600 else {
          throw Failure(reason: "connect_timeout is not a number of seconds (0-3600)")
        }
        connectTimeout = seconds
      case "application_name", "sslcert", "sslkey", "target_session_attrs": break
      default:
        // The name is not quoted: with an unencoded & in a password, it is the password's tail.
        throw Failure(
          reason: "a parameter in its query is not one prefs takes ("
            + Self.parameters.joined(separator: ", ") + ")")
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

  /// How `url` may be shown in any message: its ``description`` when it
  /// reads as a store URL, else its scheme alone (which part of it is a
  /// password cannot be known then).
  ///
  /// ```swift
  /// SharedStoreLocation.redacted("postgres://app:secret@db/prefs")  // "postgres://app@db:5432/prefs"
  /// SharedStoreLocation.redacted("postgres://app:se/cret@db/prefs")  // "postgres://…"
  /// ```
  public static func redacted(_ url: String) -> String {
    if let location = try? SharedStoreLocation(url: url) { return location.description }
    let scheme = url.range(of: "://").map { String(url[..<$0.lowerBound]) } ?? "postgres"
    return (schemes.contains(scheme.lowercased()) ? scheme : "postgres") + "://…"
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

  /// The port, nil when none is written (as libpq leaves an empty one out).
  private static func port(_ text: String) throws(Failure) -> Int? {
    if text.isEmpty { return nil }
    // Not quoted: with an unencoded / in a password, libpq reads the password's start as the port.
    guard let value = Int(text), (1...65535).contains(value) else {
      throw Failure(reason: "the port is not a number from 1 to 65535")
    }
    return value
  }

  /// Percent-decoding; `part` names what is decoded in the error (never its text).
  private static func decoded(_ utf8: ArraySlice<UInt8>, part: String) throws(Failure) -> String {
    var bytes: [UInt8] = []
    var index = utf8.startIndex
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

extension SharedStoreLocation {
  /// The raw (still percent-encoded) parts of a URL after its `scheme://`,
  /// split where libpq's `conninfo_uri_parse_options` splits them.
  fileprivate struct URLParts {
    var user: ArraySlice<UInt8>?
    var password: ArraySlice<UInt8>?
    var host: ArraySlice<UInt8> = []
    var port: ArraySlice<UInt8> = []
    var database: ArraySlice<UInt8>?
    var parameters: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []

    private static let at = UInt8(ascii: "@")
    private static let slash = UInt8(ascii: "/")
    private static let colon = UInt8(ascii: ":")
    private static let question = UInt8(ascii: "?")
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")
    private static let ampersand = UInt8(ascii: "&")

    init(_ text: [UInt8]) throws(Failure) {
      var index = text.startIndex
      // libpq looks for the @ ending the user name and password only before the first /.
      if let end = text.firstIndex(where: { $0 == Self.at || $0 == Self.slash }),
        text[end] == Self.at
      {
        let information = text[..<end]
        // `postgres://host?password=p@ss` is read by libpq as the user
        // `host?password=p` at the host `ss`: refused, so no part of it is shown.
        if let question = information.firstIndex(of: Self.question),
          information[question...].contains(Self.equals)
        {
          throw Failure(
            reason:
              "the text before its @ looks like a query, which libpq reads as the user name and password; write ? as %3F and @ as %40 in a password, or put / before ?"
          )
        }
        if let colon = information.firstIndex(of: Self.colon) {
          user = information[..<colon]
          password = information[(colon + 1)...]
        } else {
          user = information
        }
        index = end + 1
      }
      func scan(to stops: [UInt8]) -> Range<Int> {
        let start = index
        while index < text.endIndex, !stops.contains(text[index]) { index += 1 }
        return start..<index
      }
      if index < text.endIndex, text[index] == UInt8(ascii: "[") {
        index += 1
        let address = scan(to: [UInt8(ascii: "]")])
        guard index < text.endIndex else {
          throw Failure(reason: "an IPv6 address in [ ] is not closed")
        }
        guard !address.isEmpty else { throw Failure(reason: "the IPv6 address in [ ] is empty") }
        host = text[address]
        index += 1
        guard
          index == text.endIndex
            || [Self.colon, Self.slash, Self.question, Self.comma]
              .contains(text[index])
        else { throw Failure(reason: "unexpected text after the host") }
      } else {
        host = text[scan(to: [Self.colon, Self.slash, Self.question, Self.comma])]
      }
      if index < text.endIndex, text[index] == Self.colon {
        index += 1
        port = text[scan(to: [Self.slash, Self.question, Self.comma])]
      }
      if index < text.endIndex, text[index] == Self.comma {
        throw Failure(reason: "it names several hosts, which prefs does not take")
      }
      if index < text.endIndex, text[index] == Self.slash {
        index += 1
        database = text[scan(to: [Self.question])]
      }
      // A second @ is where libpq and the writer part ways: a piece of the
      // password would be read as the host, the port or the database, and shown.
      if host.contains(Self.at) || port.contains(Self.at) || database?.contains(Self.at) == true {
        throw Failure(
          reason:
            "it holds an @ besides the one ending the user name and password; write @ and / as %40 and %2F in a user name or password"
        )
      }
      guard index < text.endIndex else { return }
      index += 1  // the ?
      while index < text.endIndex {
        let start = index
        var equals: Int?
        while index < text.endIndex, text[index] != Self.ampersand {
          if text[index] == Self.equals {
            // Not quoted: the parameter may be a password.
            guard equals == nil else {
              throw Failure(reason: "a parameter in its query has a second =; write it as %3D")
            }
            equals = index
          }
          index += 1
        }
        guard let equals else {
          throw Failure(reason: "a parameter in its query is not key=value")
        }
        parameters.append((text[start..<equals], text[(equals + 1)..<index]))
        if index < text.endIndex { index += 1 }  // the &
      }
    }
  }
}
