import KeyedArchive
import Plist

/// A stored value that is an `NSKeyedArchiver` archive, on one line, for a
/// row that shows a stored value: the form shows it read-only (typing over
/// it would replace an object the app decodes with text).
///
/// ```swift
/// ArchivedValueText.line(of: .data(colourArchive))  // "archived UIColor red 1 green 0 blue 0 alpha 1"
/// ArchivedValueText.line(of: .string("x"))          // nil
/// ```
public enum ArchivedValueText {
  public static func line(of value: PlistValue?) -> String? {
    guard case .data(let data)? = value else { return nil }
    do throws(KeyedArchiveError) {
      return try KeyedArchive.readIfArchive(data).map { "archived " + $0.summary }
    } catch {
      return "archived, does not read: " + error.description.escapingControlCharacters
    }
  }
}
