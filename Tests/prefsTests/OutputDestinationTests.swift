import Foundation
import Synchronization
import TestSupport
import Testing

/// Every output a user names (`-o`, `--write-baseline`, an export's FILE)
/// is written through what stands there: a FIFO, a device or a link to one
/// gets the bytes as a stream and is still what it was afterwards; a
/// regular file is replaced whole, keeping its mode, and a link to it stays
/// a link.
struct OutputDestinationTests {
  /// A command that writes one output file, named by `path`.
  struct Command: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: @Sendable (_ path: String, _ folder: String) -> [String]
    var testDescription: String { name }
  }

  static let bundle = Paths.repository.path + "/" + DumpTests.conversor

  static let commands: [Command] = [
    Command(name: "generate swift -o") { path, _ in ["generate", "swift", bundle, "-o", path] },
    Command(name: "strings export -o") { path, _ in
      ["strings", "export", bundle, "--format", "xcstrings", "-o", path]
    },
    Command(name: "lint --write-baseline") { path, _ in
      ["lint", bundle, "--write-baseline", path]
    },
    Command(name: "defaults export") {
      ["defaults", "export", "com.example.app", $0, "--defaults-dir", $1]
    },
  ]

  /// A folder holding a domain to export, removed by `remove()`.
  struct Folder {
    let path: String

    init() throws {
      path =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "prefs-output-\(UUID().uuidString)"
        ).path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      let written = DumpTests.run([
        "defaults", "write", "com.example.app", "größe", "-int", "3", "--defaults-dir", path,
      ])
      #expect(written.code == 0, "\(written.errors)")
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// What the command writes into a plain new file in this folder.
    func expectedBytes(_ command: Command) throws -> Data {
      let file = path + "/expected-\(UUID().uuidString)"
      let run = DumpTests.run(command.arguments(file, path))
      #expect(run.code == 0, "\(run.errors)")
      defer { unlink(file) }
      return try #require(FileManager.default.contents(atPath: file))
    }
  }

  /// Reads a FIFO from before the command opens it until the command has
  /// finished and the FIFO is drained, on a thread of its own, so that a
  /// writer never waits for a reader.
  final class FIFOReader: Sendable {
    private let received = Mutex(Data())
    private let finished = Mutex(false)
    private let drained = Mutex(false)

    init(_ path: String) throws {
      // Non-blocking, so that this open does not wait for a writer either.
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      Thread.detachNewThread { [self] in
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
          let done = finished.withLock { $0 }
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count > 0 {
            received.withLock { $0.append(contentsOf: buffer[..<count]) }
            continue
          }
          // Empty (no writer yet, or gone): the end, once the command has returned.
          if done { break }
          usleep(1_000)
        }
        close(descriptor)
        drained.withLock { $0 = true }
      }
    }

    /// The bytes that came through, once the command has returned.
    func bytes() -> Data? {
      finished.withLock { $0 = true }
      guard eventually(5, { drained.withLock { $0 } }) else { return nil }
      return received.withLock { $0 }
    }
  }

  /// Runs the command on a thread of its own: one that opens the FIFO to
  /// read it first would wait for a writer forever, and that is reported,
  /// not waited out.
  func runBeside(_ arguments: [String], unblocking fifo: String) -> DumpTests.Run? {
    let result = Mutex<DumpTests.Run?>(nil)
    Thread.detachNewThread { result.withLock { $0 = DumpTests.run(arguments) } }
    guard eventually(10, { result.withLock { $0 } != nil }) else {
      Issue.record("\(arguments.joined(separator: " ")) waits on the FIFO (it reads it)")
      // A writer that comes and goes lets a reading open return, so the thread ends.
      let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if writer >= 0 { close(writer) }
      _ = eventually { result.withLock { $0 } != nil }
      return nil
    }
    return result.withLock { $0 }
  }

  static func kind(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  /// The path named is a FIFO, or a link (absolute or relative) to one.
  @Test(arguments: commands, ["fifo", "absolute link", "relative link", "link to a link"])
  func aFIFOGetsTheBytesAndStaysAFIFO(command: Command, naming: String) throws {
    let folder = try Folder()
    defer { folder.remove() }
    let expected = try folder.expectedBytes(command)
    let fifo = folder.path + "/out.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let named: String
    switch naming {
    case "fifo": named = fifo
    case "absolute link":
      named = folder.path + "/out"
      try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: fifo)
    case "relative link":
      named = folder.path + "/out"
      try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "out.fifo")
    default:
      named = folder.path + "/out"
      try FileManager.default.createSymbolicLink(
        atPath: folder.path + "/middle", withDestinationPath: "out.fifo")
      try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "middle")
    }
    let reader = try FIFOReader(fifo)
    let run = runBeside(command.arguments(named, folder.path), unblocking: fifo)
    let bytes = reader.bytes()
    #expect(run?.code == 0, "\(run?.errors ?? "")")
    #expect(Self.kind(fifo) == S_IFIFO, "the FIFO is still a FIFO")
    if named != fifo {
      #expect(Self.kind(named) == S_IFLNK, "the link is still a link")
    }
    #expect(bytes == expected, "what arrived through the FIFO")
  }

  /// A link to `/dev/null`: written through, never replaced. (`/dev/null`
  /// itself is not named here: code that renames over it would replace the
  /// system's device when run as root.)
  @Test(arguments: commands)
  func aLinkToTheNullDeviceStaysALink(command: Command) throws {
    let folder = try Folder()
    defer { folder.remove() }
    let named = folder.path + "/out"
    try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "/dev/null")
    let run = DumpTests.run(command.arguments(named, folder.path))
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.kind(named) == S_IFLNK, "the link is still a link")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: named) == "/dev/null")
    #expect(Self.kind("/dev/null") == S_IFCHR)
  }

  /// A link to a regular file stays a link; the file it ends at gets the
  /// bytes and keeps its mode. A plain file keeps its mode too.
  @Test(arguments: commands, ["file", "link"])
  func aRegularFileIsReplacedKeepingItsModeAndItsLink(command: Command, naming: String) throws {
    let folder = try Folder()
    defer { folder.remove() }
    let expected = try folder.expectedBytes(command)
    let file = folder.path + "/target"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(chmod(file, 0o640) == 0)
    var named = file
    if naming == "link" {
      named = folder.path + "/out"
      try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "target")
    }
    let run = DumpTests.run(command.arguments(named, folder.path))
    #expect(run.code == 0, "\(run.errors)")
    #expect(FileManager.default.contents(atPath: file) == expected)
    var info = stat()
    #expect(stat(file, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o640, "the file keeps its mode")
    if naming == "link" { #expect(Self.kind(named) == S_IFLNK, "the link is still a link") }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!left.contains { $0.hasPrefix(".target.") }, "no temporary file is left: \(left)")
  }

  /// A link that ends nowhere yet: the file is made where it ends.
  @Test(arguments: commands)
  func aDanglingLinkGetsItsFileMade(command: Command) throws {
    let folder = try Folder()
    defer { folder.remove() }
    let expected = try folder.expectedBytes(command)
    let named = folder.path + "/out"
    try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "made-later")
    let run = DumpTests.run(command.arguments(named, folder.path))
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.kind(named) == S_IFLNK, "the link is still a link")
    #expect(FileManager.default.contents(atPath: folder.path + "/made-later") == expected)
  }

  /// A link to a folder is refused with its name, and left as it was.
  @Test(arguments: commands)
  func aLinkToAFolderIsRefused(command: Command) throws {
    let folder = try Folder()
    defer { folder.remove() }
    let inside = folder.path + "/sub"
    try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true)
    let named = folder.path + "/out"
    try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "sub")
    let run = DumpTests.run(command.arguments(named, folder.path))
    #expect(run.code == 1)
    #expect(run.errors.contains("cannot write \(named): it is a folder"), "\(run.errors)")
    #expect(Self.kind(inside) == S_IFDIR)
    #expect(Self.kind(named) == S_IFLNK, "the link is still a link")
  }
}

/// A link to the process's own standard output (`/proc/self/fd/1`, what
/// `/dev/stdout` is): the bytes go where the shell sent standard output, to
/// a pipe or appended to a file opened with `>>`, and the link stays.
struct DescriptorLinkOutputTests {
  @Test(arguments: ["pipe", "appended file"])
  func aLinkToStandardOutputWritesThere(into: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-fd-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.path + "/out"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
    let expected = try ChildProcess.run(
      EndToEndTests.binary, ["generate", "swift", OutputDestinationTests.bundle]
    ).output
    #expect(!expected.isEmpty)
    let arguments = ["generate", "swift", OutputDestinationTests.bundle, "-o", link]
    if into == "pipe" {
      let run = try ChildProcess.run(EndToEndTests.binary, arguments)
      #expect(run.status == 0, "\(run.errors)")
      #expect(run.output == expected)
    } else {
      let log = folder.path + "/log"
      try Data("earlier line\n".utf8).write(to: URL(fileURLWithPath: log))
      let run = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", #"log="$1"; shift; exec "$@" >> "$log""#, "sh", log, EndToEndTests.binary.path]
          + arguments)
      #expect(run.status == 0, "\(run.errors)")
      #expect(
        try String(contentsOfFile: log, encoding: .utf8) == "earlier line\n" + expected)
    }
    #expect(OutputDestinationTests.kind(link) == S_IFLNK, "the link is still a link")
  }
}

/// An `.xcloc` is a folder: a FIFO or a link to a device where it belongs
/// is refused in plain words and left as it was.
struct FolderOutputTests {
  @Test(arguments: ["fifo", "link to /dev/null"])
  func anXclocWhereAStreamStandsIsRefused(what: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-xcloc-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let named = folder.path + "/de.xcloc"
    if what == "fifo" {
      #expect(mkfifo(named, 0o600) == 0)
    } else {
      try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: "/dev/null")
    }
    let run = DumpTests.run([
      "strings", "export", OutputDestinationTests.bundle, "--format", "xcloc", "--lang", "de",
      "-o", named,
    ])
    #expect(run.code == 1)
    #expect(run.errors == "prefs: error: cannot write \(named): not a directory\n")
    #expect(OutputDestinationTests.kind(named) == (what == "fifo" ? S_IFIFO : S_IFLNK))
  }
}
