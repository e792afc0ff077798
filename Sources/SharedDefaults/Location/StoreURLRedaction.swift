import Foundation
import Plist

/// What stands for a password in the store URLs of a command line, and what
/// is shown instead, for everything a program prints: a URL given where a
/// path, a domain or a `REV:PATH` belongs is quoted by that argument's
/// message, often not as written (a path without its trailing `/`, `//`
/// made one `/`, a control character escaped), so the user information
/// (`user:password@`, up to each `@`) and a `password=` parameter are taken
/// away wherever they stand, besides the whole URL
/// (``SharedStoreLocation/redacted(_:)``).
///
/// ```swift
/// let redaction = StoreURLRedaction(arguments: ["dump", "postgres://app:secret@db/prefs/"])
/// redaction.apply("postgres://app:secret@db/prefs: no such file")  // "postgres://app@db/prefs: no such file"
/// ```
public struct StoreURLRedaction: Sendable {
  /// Text to find and what replaces it, longest first.
  private var replacements: [(secret: String, shown: String)] = []

  /// Whether the arguments hold no password to take away.
  public var isEmpty: Bool { replacements.isEmpty }

  /// The passwords of every store URL in `arguments` (alone or inside one,
  /// as in `--store=URL`), `postgres://` or `postgresql://` in any case.
  public init(arguments: [String]) {
    var pairs: [(String, String)] = []
    for argument in arguments {
      for start in Self.urlStarts(in: argument) {
        let url = String(argument[start...])
        pairs.append((url, SharedStoreLocation.redacted(url)))
        guard let separator = url.range(of: "://") else { continue }
        let rest = url[separator.upperBound...]
        var at = rest.startIndex
        while let found = rest[at...].firstIndex(of: "@") {
          let information = rest[..<found]
          if let colon = information.firstIndex(of: ":") {
            pairs.append((information + "@", information[..<colon] + "@"))
          }
          at = rest.index(after: found)
        }
        // An unencoded & or / in a query password: everything after password= goes.
        var search = rest.startIndex
        while let found = rest.range(
          of: "password=", options: .caseInsensitive, range: search..<rest.endIndex)
        {
          let tail = rest[found.lowerBound...]
          if found.upperBound < rest.endIndex {
            pairs.append((String(tail), rest[found] + "…"))
          }
          search = found.upperBound
        }
      }
    }
    var seen = Set<String>()
    for (secret, shown) in pairs where secret != shown {
      for (written, replacement) in [
        (secret, shown), (secret.escapingControlCharacters, shown.escapingControlCharacters),
        (
          secret.escapingControlCharactersAndBackslashes,
          shown.escapingControlCharactersAndBackslashes
        ),
      ] where !written.isEmpty && seen.insert(written).inserted {
        replacements.append((written, replacement))
      }
    }
    replacements.sort { $0.secret.count > $1.secret.count }
  }

  /// `text` with every password of the command line's store URLs taken away.
  public func apply(_ text: String) -> String {
    var text = text
    for (secret, shown) in replacements where text.contains(secret) {
      text = text.replacingOccurrences(of: secret, with: shown)
    }
    return text
  }

  /// Where each store URL in `argument` starts (`postgres://` or `postgresql://`, any case).
  private static func urlStarts(in argument: String) -> [String.Index] {
    var starts: [String.Index] = []
    var search = argument.startIndex
    while let found = argument.range(
      of: "postgres", options: .caseInsensitive, range: search..<argument.endIndex)
    {
      let after = argument[found.upperBound...]
      if after.hasPrefix("://") || after.lowercased().hasPrefix("ql://") {
        starts.append(found.lowerBound)
      }
      search = found.upperBound
    }
    return starts
  }
}
