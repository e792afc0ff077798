import Plist
import TextDiff

/// A change to a file's bytes as a unified diff a person reads, each file's
/// text decoded as prefs reads it (UTF-8, UTF-16 or Latin-1) and its byte
/// order mark shown as the character it is, so that adding one shows; what
/// a terminal would act on is escaped.
///
/// ```swift
/// let changes = try strings.sync(prune: false, dryRun: true)
/// print(changes.patch, terminator: "")  // --- a/… +++ b/… per table
/// ```
public enum ChangePatch {
  /// The diff of `old` (nil: a new file) to `new`, or "" when they are the same.
  public static func render(old: [UInt8]?, new: [UInt8], path: String) -> String {
    UnifiedDiff.render(
      old: old.map(text) ?? "", new: text(new), path: path, escaping: \.needsEscapingForTerminal)
  }

  /// A file's text as the diff shows it.
  static func text(_ bytes: [UInt8]) -> String {
    guard let decoded = try? TextRepair.decode(bytes) else { return "" }
    let text = String(decoding: decoded.utf8, as: UTF8.self)
    switch decoded.encoding {
    case .utf8, .latin1, .utf16LittleEndianWithoutBOM, .utf16BigEndianWithoutBOM: return text
    default: return "\u{FEFF}" + text
    }
  }
}

extension StringsChanges {
  /// Every file's change as a unified diff, named in the bundle as given.
  public var patch: String {
    files.map { ChangePatch.render(old: $0.previous, new: $0.bytes, path: bundle + "/" + $0.path) }
      .joined()
  }
}

extension LintFixResult {
  /// The bundle's fixed files as a unified diff, named as reports name them.
  public var patch: String {
    outcome.changes.map {
      ChangePatch.render(old: $0.before, new: $0.after, path: display($0.file))
    }
    .joined()
  }
}
