import Foundation

/// The Settings bundles inside a folder that is not one itself (a
/// repository, an app's sources): `prefs lint .` lints what it finds.
///
/// Only folders whose name ends in `.bundle` are candidates, and only those
/// ``SettingsBundle/check(at:options:)`` takes (a bundle of images is not
/// one). The walk never follows a symbolic link, skips hidden folders and
/// build output (`.build`, `DerivedData`, `Pods`, `Carthage`, `node_modules`),
/// never looks inside a bundle, and stops at ``Limits``.
///
/// ```swift
/// let found = BundleSearch.bundles(inside: ".")
/// found.bundles  // ["./App/Settings.bundle", "./App/InAppSettings.bundle"]
/// ```
public enum BundleSearch {
  /// How far the search goes: a repository is walked, not the machine.
  public struct Limits: Sendable, Hashable {
    public var maximumDepth = 12
    public var maximumFolders = 20_000

    public init(maximumDepth: Int = 12, maximumFolders: Int = 20_000) {
      self.maximumDepth = maximumDepth
      self.maximumFolders = maximumFolders
    }
  }

  /// What a search found.
  public struct Outcome: Sendable, Hashable {
    /// The Settings bundles, as paths under the folder given, sorted.
    public var bundles: [String]
    /// The search stopped at a limit: there may be more.
    public var stoppedEarly: Bool
  }

  /// Folders that hold what a build made or fetched, never an app's own bundle.
  static let skippedFolders: Set<String> = [
    ".build", "DerivedData", "Pods", "Carthage", "node_modules", "build",
  ]

  /// The Settings bundles below `folder`, breadth first.
  public static func bundles(inside folder: String, limits: Limits = Limits()) -> Outcome {
    var found: [String] = []
    var queue: [(path: String, depth: Int)] = [(folder, 0)]
    var next = 0
    var seen = 0
    var stopped = false
    while next < queue.count {
      let (path, depth) = queue[next]
      next += 1
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        continue
      }
      for name in names.sorted() where !name.hasPrefix(".") && !skippedFolders.contains(name) {
        let child = path.hasSuffix("/") ? path + name : path + "/" + name
        var info = stat()
        // lstat: a link is never followed, so the walk stays in the folder and cannot loop.
        guard lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
        seen += 1
        guard seen <= limits.maximumFolders else {
          stopped = true
          break
        }
        if name.lowercased().hasSuffix(".bundle") {
          if (try? SettingsBundle.check(at: child)) != nil { found.append(child) }
          continue
        }
        if depth + 1 < limits.maximumDepth {
          queue.append((child, depth + 1))
        } else {
          stopped = true
        }
      }
      if stopped, seen > limits.maximumFolders { break }
    }
    return Outcome(bundles: found.sorted(), stoppedEarly: stopped)
  }
}
