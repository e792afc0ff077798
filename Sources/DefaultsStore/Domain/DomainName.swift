/// A checked defaults domain name: `com.example.app`. It becomes a file
/// name, so it cannot be empty, hold `/` or NUL, start with `.` or be `..`.
///
/// ```swift
/// let domain = try DomainName("com.example.conversor")
/// domain.fileName  // "com.example.conversor.plist"
/// ```
public struct DomainName: Sendable, Hashable, CustomStringConvertible {
  public let rawValue: String

  public init(_ name: String) throws(DefaultsError) {
    if name.isEmpty { throw .invalidDomain(name, reason: "it is empty") }
    if name.contains("/") { throw .invalidDomain(name, reason: "it contains '/'") }
    if name == "." || name == ".." || name.hasPrefix(".") {
      throw .invalidDomain(name, reason: "it starts with '.'")
    }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw .invalidDomain(name, reason: "it contains a control character")
    }
    if name.utf8.count > 240 { throw .invalidDomain(name, reason: "it is longer than 240 bytes") }
    rawValue = name
  }

  /// `<domain>.plist`.
  public var fileName: String { rawValue + ".plist" }

  public var description: String { rawValue }
}

/// Where domains live when no directory is given: `$XDG_CONFIG_HOME`, else
/// `~/.config` — where Foundation's `UserDefaults(suiteName:)` keeps them on Linux.
public enum DefaultsLocation {
  public static func directory(environment: [String: String]) -> String {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config"
  }
}
