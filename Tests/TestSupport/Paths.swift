import Foundation

/// Where the test inputs live: the repository, its examples and fixtures, and
/// the shared corpus of real bundles beside the repository.
public enum Paths {
  /// The package root, found from this file's path.
  public static let repository: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  public static let examples = repository.appendingPathComponent("Examples")
  public static let fixtures = repository.appendingPathComponent("Tests/Fixtures")
  public static let corpus = repository.deletingLastPathComponent().appendingPathComponent(
    "shared/corpus")

  /// Every bundle folder of the corpus (`<dir>/Settings.bundle`), sorted.
  public static var corpusBundles: [URL] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
    return folders.sorted().map {
      corpus.appendingPathComponent($0).appendingPathComponent("Settings.bundle")
    }
    .filter { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// Every file under `root` whose name ends with one of `extensions`, as paths relative to `root`.
  public static func files(under root: URL, extensions: [String]) -> [String] {
    let root = root.resolvingSymlinksInPath()
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var result: [String] = []
    while let path = enumerator.nextObject() as? String {
      if extensions.contains(where: { path.hasSuffix("." + $0) }) { result.append(path) }
    }
    return result.sorted()
  }

  public static func bytes(_ url: URL) throws -> [UInt8] {
    Array(try Data(contentsOf: url))
  }
}
