import Foundation
import TestSupport
import Testing

/// scripts/check-platform-layer, which CI runs: the repository passes, and a
/// Linux-only or platform call planted outside Sources/Platform fails
/// it with the file and line, while the same call inside the layer, or in a
/// comment, does not.
struct PlatformLayerCheckTests {
  static let script = Paths.repository.appendingPathComponent("scripts/check-platform-layer")

  func check(_ root: URL? = nil) throws -> ChildProcess {
    try ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"), [Self.script.path] + (root.map { [$0.path] } ?? []))
  }

  /// A tree with one file in the layer and one outside it, holding `line`.
  func tree(outside line: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-layer-check-" + UUID().uuidString)
    for folder in ["Sources/Platform", "Sources/DefaultsStore"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try "import Glibc\nlet watch = inotify_init1(0)\nflock(descriptor, LOCK_EX)\n".write(
      to: root.appendingPathComponent("Sources/Platform/Watch.swift"), atomically: true,
      encoding: .utf8)
    try "import Dispatch\n\(line)\n".write(
      to: root.appendingPathComponent("Sources/DefaultsStore/Store.swift"), atomically: true,
      encoding: .utf8)
    return root
  }

  @Test func theRepositoryKeepsItsPlatformCallsInTheLayer() throws {
    let result = try check()
    #expect(result.status == 0, "\(result.output)\(result.errors)")
  }

  @Test(arguments: [
    "let descriptor = inotify_init1(Int32(IN_NONBLOCK))",
    "let mask = UInt32(IN_CLOSE_WRITE)",
    "import Glibc",
    "#if canImport(Glibc)",
    "#if os(Linux)",
    "let poller = epoll_create1(0)",
    "let seconds = status.st_mtim.tv_sec",
    "_ = pipe2(&ends, O_CLOEXEC)",
    "while flock(descriptor, LOCK_EX) != 0 {}",
    "_ = ioctl(1, UInt(TIOCGWINSZ), &window)",
    "signal(SIGTERM, SIG_DFL)",
    "tcsetattr(0, TCSAFLUSH, &settings)",
  ])
  func aCallOutsideTheLayerFails(line: String) throws {
    let root = try tree(outside: line)
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try check(root)
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix("Sources/DefaultsStore/Store.swift:2: error: "), "\(result.output)")
    #expect(!result.output.contains("Platform/Watch.swift"), "\(result.output)")
  }

  @Test(arguments: [
    "// inotify_init1 is what Linux offers; the layer hides it",
    "/// Locked with flock(2), as the layer does.",
    "inbox.wake.signal()",
    "let watch = FileWatching.watch(directory: folder, fileName: name, queue: queue) { _ in }",
    "let stamp = status.st_mtimespec",
  ])
  func commentsAndPortableCodePass(line: String) throws {
    let root = try tree(outside: line)
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try check(root)
    #expect(result.status == 0, "\(result.output)")
  }
}
