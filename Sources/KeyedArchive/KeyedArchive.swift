/// Reads `NSKeyedArchiver` archives (a `Data` value whose plist names `$archiver`) as a
/// tree of classes and values, without loading or running anything they name.
public enum KeyedArchive {}
