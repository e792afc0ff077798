import Foundation

/// The Settings bundles inside a folder that is not one itself (a
/// repository, an app's sources): `prefs lint .` lints what it finds.
///
/// Only folders whose name ends in `.bundle` are candidates, and only those
/// ``SettingsBundle/check(at:options:)`` takes (a bundle of images is not
/// one). The walk never follows a symbolic link, skips hidden folders and
/// build output (`.build`, `DerivedData`, `Pods`, `Carthage`, `node_modules`)
/// and the system's `/proc`, `/sys` and `/dev`, never looks inside a bundle, and stops at ``Limits``. What it passes over
/// that may hold settings (a link or FIFO named `.bundle`, a folder it cannot
/// list, a bundle with pages but no `Root`, a stale one with only tables, a
/// `Pods` folder) it lists in ``Outcome/skipped`` with why.
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
    /// The folders that may hold a bundle and were not linted, each with why,
    /// in the order met: a search never passes one over in silence.
    public var skipped: [Skipped] = []
  }

  /// A `.bundle` entry (or a folder that may hold one) the search did not take.
  public struct Skipped: Sendable, Hashable {
    /// Why it was not taken.
    public enum Reason: Sendable, Hashable {
      /// A symbolic link: the walk follows none.
      case symbolicLink
      /// Not a folder (a FIFO, a file named like a bundle).
      case notAFolder
      /// The folder could not be listed; the system's words.
      case unreadable(String)
      /// Pages, but not the one apps open first: the names to choose from.
      case noRootPage(root: String, pages: [String])
      /// Strings tables or plists but no page at its top (a stale bundle,
      /// a library's resources).
      case noPage
      /// A folder of what a build made or fetched (`Pods`), never searched.
      case buildOutput
    }

    /// The path, under the folder given.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
      self.path = path
      self.reason = reason
    }
  }

  /// Folders that hold what a build made or fetched, never an app's own bundle.
  static let skippedFolders: Set<String> = [
    ".build", "DerivedData", "Pods", "Carthage", "node_modules", "build",
  ]

  /// The kernel's and devices' folders: files the system makes up as it is read
  /// (`/proc/kcore`, a device that blocks), never an app's. A search of `/`
  /// (a link to it named as the folder) passes them by.
  static let systemFolders: Set<String> = ["/proc", "/sys", "/dev"]

  /// The Settings bundles below `folder`, breadth first.
  public static func bundles(inside folder: String, limits: Limits = Limits()) -> Outcome {
    var found: [String] = []
    // Each folder's real path beside its path: no link is followed below `folder`,
    // so a child's real path is its parent's and its name.
    var queue: [(path: String, real: String?, depth: Int)] = [
      (folder, SettingsBundle.realPath(folder), 0)
    ]
    var next = 0
    var seen = 0
    var stopped = false
    var skipped: [Skipped] = []
    while next < queue.count {
      let (path, real, depth) = queue[next]
      next += 1
      let names: [String]
      do {
        names = try listing(path)
      } catch {
        // The folder given is the caller's to report; one below it may hide a bundle.
        if depth > 0 { skipped.append(Skipped(path: path, reason: .unreadable(error.reason))) }
        continue
      }
      for name in names.sorted() where !name.hasPrefix(".") {
        let child = path.hasSuffix("/") ? path + name : path + "/" + name
        let childReal = real.map { $0.hasSuffix("/") ? $0 + name : $0 + "/" + name }
        if let childReal, systemFolders.contains(childReal) { continue }
        var info = stat()
        // lstat: a link is never followed, so the walk stays in the folder and cannot loop.
        guard lstat(child, &info) == 0 else { continue }
        let isBundleName = name.lowercased().hasSuffix(".bundle")
        guard info.st_mode & S_IFMT == S_IFDIR else {
          if isBundleName {
            let link = info.st_mode & S_IFMT == S_IFLNK
            skipped.append(Skipped(path: child, reason: link ? .symbolicLink : .notAFolder))
          }
          continue
        }
        if skippedFolders.contains(name) {
          skipped.append(Skipped(path: child, reason: .buildOutput))
          continue
        }
        seen += 1
        guard seen <= limits.maximumFolders else {
          stopped = true
          break
        }
        if isBundleName {
          if let reason = whyNotABundle(child) {
            if let reason { skipped.append(Skipped(path: child, reason: reason)) }
          } else {
            found.append(child)
          }
          continue
        }
        if depth + 1 < limits.maximumDepth {
          queue.append((child, childReal, depth + 1))
        } else {
          stopped = true
        }
      }
      if stopped, seen > limits.maximumFolders { break }
    }
    return Outcome(bundles: found.sorted(), stoppedEarly: stopped, skipped: skipped)
  }

  /// Why a folder named `.bundle` is not linted: nil when it is a Settings
  /// bundle; `.some(nil)` when it holds nothing a bundle would (a bundle of
  /// images), which needs no word.
  static func whyNotABundle(_ folder: String) -> Skipped.Reason?? {
    let names: [String]
    do {
      names = try listing(folder)
    } catch {
      return .some(.unreadable(error.reason))
    }
    do throws(SettingsBundleError) {
      try SettingsBundle.check(at: folder)
      return nil
    } catch .noRootPage(_, let root, let pages) {
      return .some(.noRootPage(root: root, pages: pages))
    } catch {
      let settingsLike = names.contains { name in
        [".lproj", ".strings", ".plist"].contains { name.lowercased().hasSuffix($0) }
      }
      return .some(settingsLike ? .noPage : nil)
    }
  }

  /// Why a folder could not be listed, in the system's words.
  struct ListingError: Error {
    var reason: String
  }

  /// The names in a folder; opendir(3)'s error when it cannot be listed.
  static func listing(_ folder: String) throws(ListingError) -> [String] {
    guard let directory = opendir(folder) else {
      throw ListingError(reason: String(cString: strerror(errno)))
    }
    closedir(directory)
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw ListingError(reason: error.localizedDescription)
    }
  }
}
