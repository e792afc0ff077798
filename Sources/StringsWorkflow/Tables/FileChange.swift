import Foundation
import Localization
import Plist
import SettingsSchema

/// A file the workflow would write: its path inside the bundle, its new
/// bytes, and the old ones (nil for a new file).
public struct FileChange: Sendable, Hashable {
  public var path: String
  public var bytes: [UInt8]
  public var previous: [UInt8]?
  /// Lines that say what changes, for a preview or a log.
  public var summary: [String]

  public init(path: String, bytes: [UInt8], previous: [UInt8]? = nil, summary: [String] = []) {
    self.path = path
    self.bytes = bytes
    self.previous = previous
    self.summary = summary
  }
}

extension SettingsBundle {
  /// The bytes of a file of the bundle, as on disk now: by the loader's
  /// containment rule and within the readers' size limit, or nil.
  func fileBytes(_ path: String) -> [UInt8]? {
    guard let real = SettingsBundle.containedPath(path, inBundle: self.path) else { return nil }
    return try? BoundedInput.read(
      path: real, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
  }
}
