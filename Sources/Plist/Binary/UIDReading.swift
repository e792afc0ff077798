/// What the binary reader makes of a keyed-archiver UID (marker `0x8`), the
/// object reference only `NSKeyedArchiver` archives hold.
///
/// ```swift
/// let archive = try PropertyListReader.read(bytes, uids: .asCFUIDDictionary)
/// archive.root["$top"]?["root"]?["CF$UID"]  // the integer 1
/// ```
public enum UIDReading: Sendable, Hashable {
  /// Refused as no value: Settings files and defaults domains hold none.
  case refused
  /// Read as CoreFoundation's XML form spells one, a dictionary of the one
  /// key `CF$UID` and the integer; XML archives already read that way.
  case asCFUIDDictionary

  /// The key of CoreFoundation's XML form of a UID.
  public static let key = "CF$UID"
}
