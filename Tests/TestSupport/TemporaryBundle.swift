import Foundation

/// A `Settings.bundle` folder in a fresh temporary directory, removed on `remove()`.
public struct TemporaryBundle {
  /// The folder that holds the bundle (for files beside it).
  public let folder: URL
  /// `<folder>/Settings.bundle`.
  public let url: URL

  public init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-test-\(UUID().uuidString)")
    url = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public var path: String { url.path }

  /// Writes a file inside the bundle.
  public func write(_ relativePath: String, _ text: String) throws {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
