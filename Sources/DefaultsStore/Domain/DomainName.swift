/// A checked defaults domain name: `com.example.app`. It becomes a file
/// name, so it cannot be empty, hold `/` or NUL, start with `.` or be `..`,
/// and it is short enough that every file the store makes from it (the
/// domain file, its lock, the temporary file of a write, a corrupt copy
/// moved aside) fits in one file-name entry.
///
/// ```swift
/// let domain = try DomainName("com.example.conversor")
/// domain.fileName  // "com.example.conversor.plist"
/// ```
public struct DomainName: Sendable, Hashable, CustomStringConvertible {
  public let rawValue: String

  /// The longest domain name in UTF-8 bytes: the longest file name a
  /// folder entry holds (`NAME_MAX`, 255 on Linux and macOS) less what the
  /// store adds to it for its longest file.
  public static let maximumBytes = 255 - longestAddition

  public init(_ name: String) throws(DefaultsError) {
    if name.isEmpty { throw .invalidDomain(name, reason: "it is empty") }
    if name.contains("/") { throw .invalidDomain(name, reason: "it contains '/'") }
    if name == "." || name == ".." || name.hasPrefix(".") {
      throw .invalidDomain(name, reason: "it starts with '.'")
    }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw .invalidDomain(name, reason: "it contains a control character")
    }
    if name.utf8.count > Self.maximumBytes {
      throw .invalidDomain(
        name, reason: "it is longer than \(Self.maximumBytes) bytes (\(name.utf8.count))")
    }
    rawValue = name
  }

  /// `<domain>.plist`.
  public var fileName: String { rawValue + ".plist" }

  public var description: String { rawValue }

  // MARK: - Every file made from the name (their lengths set `maximumBytes`)

  /// The hidden folder of the defaults folder that holds the lock files.
  static let lockFolderName = ".prefs-locks"

  /// `<domain>.plist.lock`, the file every writer locks (in ``lockFolderName``).
  var lockFileName: String { fileName + ".lock" }

  /// `.<domain>.plist.<8 hex digits>.tmp`, a write's new file before it is renamed over.
  func temporaryFileName(token: UInt32) -> String {
    let hex = String(token, radix: 16)
    return "." + fileName + "." + String(repeating: "0", count: 8 - hex.count) + hex + ".tmp"
  }

  /// The most corrupt copies of one second kept side by side.
  static let maximumCorruptCopies = 999
  /// Seconds since 1970 in at most 10 digits (until the year 2286).
  static let latestStamp = 9_999_999_999

  /// `<domain>.plist.corrupt-<seconds>`, then `-<copy>` for copies of the same second.
  func corruptFileName(stamp: Int, copy: Int) -> String {
    let seconds = min(max(stamp, 0), Self.latestStamp)
    return fileName + ".corrupt-\(seconds)" + (copy == 0 ? "" : "-\(copy)")
  }

  private static let longestAddition: Int = {
    let empty = DomainName(unchecked: "")
    return [
      empty.fileName, empty.lockFileName, empty.temporaryFileName(token: .max),
      empty.corruptFileName(stamp: latestStamp, copy: maximumCorruptCopies),
    ].map(\.utf8.count).max() ?? 0
  }()

  private init(unchecked name: String) { rawValue = name }
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
