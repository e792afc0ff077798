import Foundation
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// A search handed `/` (`prefs lint Y.bundle`, Y.bundle a link to `/` named explicitly,
/// issue 24, tester G8) passes by the kernel's and devices' folders: `/proc`, `/sys` and
/// `/dev` hold files the system makes up as they are read, never an app's bundle.
struct BundleSearchOfTheSystemTests {
  static let systemFolders = ["/proc/", "/sys/", "/dev/"]

  /// Failed before (in this container, as root): `/proc/1/fdinfo` could not be
  /// listed and was named as skipped; the walk went into every process's folder.
  @Test func theSearchOfTheRootNeverEntersTheSystemsFolders() throws {
    let found = BundleSearch.bundles(
      inside: "/", limits: BundleSearch.Limits(maximumDepth: 4, maximumFolders: 20_000))
    let inside = (found.bundles + found.skipped.map(\.path)).filter { path in
      Self.systemFolders.contains { path.hasPrefix($0) }
    }
    #expect(inside == [])
  }

  /// Through a link to `/` the real paths are the system's: passed by too.
  @Test func aLinkToTheRootIsSearchedWithoutTheSystemsFolders() throws {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.appendingPathComponent(
      "prefs-search-root-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: folder) }
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    let link = folder.appendingPathComponent("Y.bundle").path
    try manager.createSymbolicLink(atPath: link, withDestinationPath: "/")
    let found = BundleSearch.bundles(
      inside: link, limits: BundleSearch.Limits(maximumDepth: 4, maximumFolders: 20_000))
    let inside = (found.bundles + found.skipped.map(\.path)).filter { path in
      Self.systemFolders.contains { path.hasPrefix(link + $0) }
    }
    #expect(inside == [])
  }
}
