import Plist

/// The comment that marks an entry written for a translator to fill:
/// `/* Untranslated: Root.plist PreferenceSpecifiers[1].Title */`. Written by
/// `prefs strings add-language` and `sync`, removed by an import that
/// translates the entry, and read by ``TranslationCoverage``.
///
/// ```swift
/// let comment = UntranslatedMark.comment(page: "Root.plist", keyPath: "PreferenceSpecifiers[1].Title")
/// UntranslatedMark.isMark(comment)  // true
/// ```
public enum UntranslatedMark {
  /// What the comment's text starts with. Loaders that skip comments still
  /// keep the ones that start with it (``CommentRetention/startingWith(_:)``).
  public static let prefix = " Untranslated"

  /// The mark for a string of a page.
  public static func comment(page: String, keyPath: String) -> PlistComment {
    PlistComment(style: .block, text: "\(prefix): \(page) \(keyPath) ", offset: 0)
  }

  /// Whether a comment is the mark. Compared byte for byte, as the reader does:
  /// with comments kept, every entry of a big table is asked.
  public static func isMark(_ comment: PlistComment) -> Bool {
    comment.text.utf8.starts(with: prefixBytes)
  }

  private static let prefixBytes = Array(prefix.utf8)

  /// Whether an entry carries the mark.
  public static func isMarked(_ entry: StringsEntry) -> Bool {
    !entry.comments.isEmpty && entry.comments.contains(where: isMark)
  }
}
