import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Platform

/// Both ways of watching a file (inotify where the build has it, polling
/// everywhere) tell their owner the same things for the same changes:
/// writes in place, atomic renames over the file, removal, the folder or a
/// folder above it going and coming back, and writes through a link.
struct FolderFileWatchTests {
  static let implementations = FileWatching.Implementation.allCases.filter(\.isAvailable)

  /// A folder of its own under the temporary directory, removed at the end.
  final class Place: Sendable {
    let base: String
    let folder: String
    var file: String { folder + "/com.example.app.plist" }

    init() throws {
      base = NSTemporaryDirectory() + "prefs-watch-" + UUID().uuidString
      folder = base + "/parent/config"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    /// Writes a temporary file beside the file and renames it over, as a store does.
    func replace(with text: String) throws {
      let temporary = folder + "/.tmp-" + UUID().uuidString
      try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
      #expect(rename(temporary, file) == 0)
    }
  }

  final class Recorder: Sendable {
    private let events = Mutex<[FolderFileEvent]>([])
    func record(_ event: FolderFileEvent) { events.withLock { $0.append(event) } }
    var all: [FolderFileEvent] { events.withLock { $0 } }
    func clear() { events.withLock { $0 = [] } }
  }

  func watch(
    _ place: Place, with implementation: FileWatching.Implementation, recorder: Recorder,
    linkTarget: @escaping @Sendable () -> String? = { nil }
  ) throws -> any FolderFileWatch {
    let watch = FileWatching.watch(
      directory: place.folder, fileName: "com.example.app.plist",
      queue: DispatchQueue(label: "watch-test"), using: implementation, linkTarget: linkTarget,
      onEvent: recorder.record)
    return try #require(watch)
  }

  @Test(arguments: implementations)
  func writesRenamesAndRemovalAreHeard(implementation: FileWatching.Implementation) throws {
    let place = try Place()
    defer { place.remove() }
    let recorder = Recorder()
    let watch = try watch(place, with: implementation, recorder: recorder)
    defer { watch.cancel() }
    #expect(watch.isOnFolder)

    try place.replace(with: "first")
    #expect(eventually { recorder.all.contains(.changed) }, "created by rename")
    recorder.clear()
    try place.replace(with: "other")
    #expect(eventually { recorder.all.contains(.changed) }, "replaced by rename, same size")
    recorder.clear()
    let handle = try #require(FileHandle(forWritingAtPath: place.file))
    handle.write(Data("in place".utf8))
    try handle.close()
    #expect(eventually { recorder.all.contains(.changed) }, "written in place")
    recorder.clear()
    #expect(unlink(place.file) == 0)
    #expect(eventually { recorder.all.contains(.changed) }, "removed")
    recorder.clear()
    // Another file of the folder is none of the watch's business.
    try Data("x".utf8).write(to: URL(fileURLWithPath: place.folder + "/other.plist"))
    usleep(200_000)
    #expect(recorder.all == [])
    #expect(!recorder.all.contains(.folderGone))
  }

  /// The folder removed, then made again; a folder above it moved away and
  /// back (the path leads nowhere meanwhile, and a write into the moved copy
  /// is not the watched file's).
  @Test(arguments: implementations)
  func theFolderAndItsParentGoingAndComingBack(
    implementation: FileWatching.Implementation
  ) throws {
    let place = try Place()
    defer { place.remove() }
    let recorder = Recorder()
    let watch = try watch(place, with: implementation, recorder: recorder)
    defer { watch.cancel() }

    try FileManager.default.removeItem(atPath: place.folder)
    #expect(eventually { recorder.all.contains(.folderGone) })
    #expect(eventually { !watch.isOnFolder })
    try FileManager.default.createDirectory(atPath: place.folder, withIntermediateDirectories: true)
    #expect(eventually { recorder.all.contains(.folderBack) })
    #expect(watch.isOnFolder)
    try place.replace(with: "back")
    #expect(eventually { recorder.all.last == .changed })

    recorder.clear()
    let parent = place.base + "/parent"
    try FileManager.default.moveItem(atPath: parent, toPath: parent + "-moved")
    #expect(eventually { recorder.all.contains(.folderGone) }, "the parent moved away")
    try Data("moved".utf8).write(to: URL(fileURLWithPath: parent + "-moved/config/x.plist"))
    try FileManager.default.moveItem(atPath: parent + "-moved", toPath: parent)
    #expect(eventually { recorder.all.contains(.folderBack) }, "\(recorder.all)")
    #expect(eventually { watch.isOnFolder })
    recorder.clear()
    try place.replace(with: "after")
    #expect(eventually { recorder.all.contains(.changed) })
  }

  @Test(arguments: implementations)
  func aFolderNotMadeYetIsWaitedFor(implementation: FileWatching.Implementation) throws {
    let place = try Place()
    defer { place.remove() }
    try FileManager.default.removeItem(atPath: place.folder)
    let recorder = Recorder()
    let watch = try watch(place, with: implementation, recorder: recorder)
    defer { watch.cancel() }
    #expect(!watch.isOnFolder)
    #expect(!FileManager.default.fileExists(atPath: place.folder), "watching makes no folder")
    try FileManager.default.createDirectory(atPath: place.folder, withIntermediateDirectories: true)
    #expect(eventually { recorder.all == [.folderBack, .changed] }, "\(recorder.all)")
    #expect(watch.isOnFolder)
  }

  /// The file is a link into another folder: writes replacing the file it
  /// ends at are heard, and so is the link pointed elsewhere.
  @Test(arguments: implementations)
  func writesThroughALinkAreHeard(implementation: FileWatching.Implementation) throws {
    let place = try Place()
    defer { place.remove() }
    let dotfiles = place.base + "/dotfiles"
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    try Data("a".utf8).write(to: URL(fileURLWithPath: dotfiles + "/app.plist"))
    try FileManager.default.createSymbolicLink(
      atPath: place.file, withDestinationPath: dotfiles + "/app.plist")
    let file = place.file
    let recorder = Recorder()
    let watch = try watch(place, with: implementation, recorder: recorder) {
      try? FileManager.default.destinationOfSymbolicLink(atPath: file)
    }
    defer { watch.cancel() }

    let temporary = dotfiles + "/.tmp"
    try Data("bb".utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, dotfiles + "/app.plist") == 0)
    #expect(eventually { recorder.all.contains(.changed) }, "the linked file replaced")
    recorder.clear()
    try Data("c".utf8).write(to: URL(fileURLWithPath: dotfiles + "/other.plist"))
    try FileManager.default.removeItem(atPath: place.file)
    try FileManager.default.createSymbolicLink(
      atPath: place.file, withDestinationPath: dotfiles + "/other.plist")
    #expect(eventually { recorder.all.contains(.changed) }, "the link pointed elsewhere")
  }

  /// The build's choice: inotify on Linux, polling elsewhere and wherever
  /// `-DPREFS_PORTABLE_PLATFORM` asks for the portable path.
  @Test func theBuildWatchesAsItsPlatformAndFlagsSay() {
    #if PREFS_PORTABLE_PLATFORM || !os(Linux)
      #expect(FileWatching.implementation == .polling)
    #else
      #expect(FileWatching.implementation == .inotify)
    #endif
    #expect(FileWatching.implementation.isAvailable)
  }
}
