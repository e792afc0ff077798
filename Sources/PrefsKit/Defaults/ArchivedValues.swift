import DefaultsStore
import Foundation
import KeyedArchive
import Plist

/// How a data value holding an `NSKeyedArchiver` archive is shown by
/// `defaults read`, `export --format json` and `edit`: as the tree it holds
/// (never loading or running a class it names), or as its raw bytes.
/// Showing never changes what is stored.
///
/// ```swift
/// value.readText(forTerminal: true, archives: .tree)  // archived UIColor red 1 green 0 …
/// value.readText(forTerminal: true, archives: .raw)   // <62706c697374…>
/// ```
public enum ArchiveDisplay: Sendable, Hashable {
  case tree
  case raw

  /// The text of `data` at `indent` when it is an archive (its tree, or its
  /// bytes and why they do not read); nil for other data.
  public func text(of data: Data, indent: Int) -> String? {
    guard self == .tree else { return nil }
    do throws(KeyedArchiveError) {
      guard let tree = try KeyedArchive.readIfArchive(data) else {
        return KeyedArchive.overReadLimits(data).map {
          PlistValue.data(data).scalarText + " (an NSKeyedArchiver archive too large to show: "
            + $0.description.escapingControlCharacters + ")"
        }
      }
      return tree.text(indent: indent)
    } catch {
      return PlistValue.data(data).scalarText + " (an NSKeyedArchiver archive that does not read: "
        + error.description.escapingControlCharacters + ")"
    }
  }

  /// The JSON reading of `data` when it is an archive that reads; nil otherwise.
  public func json(of data: Data) -> JSONValue? {
    guard self == .tree else { return nil }
    return try? KeyedArchive.readIfArchive(data)?.json
  }
}

extension PlistValue {
  /// ``readText(forTerminal:)`` with archives shown as `archives` says.
  ///
  /// ```swift
  /// PlistValue.dictionary(["tint": .data(colour)]).readText(forTerminal: true, archives: .tree)
  /// // {\n    tint = archived UIColor red 1 green 0.5 blue 0 alpha 1;\n}
  /// ```
  public func readText(forTerminal: Bool, archives: ArchiveDisplay) -> String {
    let tree: ((Data, Int) -> String?)? =
      archives == .tree ? { archives.text(of: $0, indent: $1) } : nil
    return readText(forTerminal: forTerminal, dataText: tree)
  }

  /// The value as `defaults read --json` prints it: as ``JSONValue/init(_:)-(PlistValue)``
  /// writes it, an archive (with `.tree`) as `{"$data": "<base64>", "$archive": tree}`.
  public func readJSON(archives: ArchiveDisplay) -> JSONValue {
    switch self {
    case .data(let data):
      guard let tree = archives.json(of: data) else { return JSONValue(self) }
      return .object([
        (DefaultsJSON.dataKey, .string(data.base64EncodedString())),
        (DefaultsJSON.archiveKey, tree),
      ])
    case .array(let items): return .array(items.map { $0.readJSON(archives: archives) })
    case .dictionary(let entries):
      return .object(
        entries.sorted { $0.key < $1.key }.map {
          ($0.key.string, $0.value.readJSON(archives: archives))
        })
    default: return JSONValue(self)
    }
  }
}
