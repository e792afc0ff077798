import Foundation
import Synchronization
import TestSupport
import Testing

/// `prefs defaults` as separate processes: watching another process's
/// writes, several writers at once, a full disk and a read-only folder.
@Suite(.serialized)
struct DefaultsEndToEndTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-e2e-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func prefs(_ arguments: [String]) throws -> (Int32, String, String) {
    try EndToEndTests.run(["defaults"] + arguments + ["--defaults-dir", directory])
  }

  @Test func watchPrintsAnotherProcesssWrite() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = try prefs(["write", "com.example.app", "celsiusPref", "-bool", "false"])
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = [
      "defaults", "watch", "com.example.app", "--json", "--defaults-dir", directory,
    ]
    let pipe = Pipe()
    watcher.standardOutput = pipe
    try watcher.run()
    defer { watcher.terminate() }
    usleep(500_000)
    _ = try prefs(["write", "com.example.app", "celsiusPref", "-bool", "true"])
    _ = try prefs(["write", "com.example.app", "celsiusPref", "-bool", "true"])  // no change
    _ = try prefs(["write", "com.example.app", "speed", "-int", "3"])
    let line = try readLines(pipe, count: 2, timeout: 5)
    #expect(
      line == [
        #"{"key":"celsiusPref","old":false,"new":true}"#, #"{"key":"speed","old":null,"new":3}"#,
      ])
  }

  /// A parent that spawns prefs from a thread blocking SIGTERM (a test runner, a
  /// supervisor) passes that mask on through `exec`; `terminate()` must still end
  /// a watch (it did not when the watch waited on a semaphore in the main thread,
  /// and leftover watchers kept `swift test`'s output pipe open).
  @Test func aWatchStartedWithSIGTERMBlockedStillEndsWhenTerminated() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = ["defaults", "watch", "com.example.app", "--defaults-dir", directory]
    watcher.standardOutput = FileHandle.nullDevice
    watcher.standardError = FileHandle.nullDevice
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    let started = Result { try watcher.run() }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    try started.get()
    defer { if watcher.isRunning { kill(watcher.processIdentifier, SIGKILL) } }
    usleep(500_000)
    watcher.terminate()
    // It ends at once; a machine busy with the whole suite and a build may take
    // seconds to start it and reap it (a run under such load took over 10 s).
    var waited = 0
    while watcher.isRunning, waited < 600 {
      usleep(100_000)
      waited += 1
    }
    #expect(!watcher.isRunning, "the watch ignored SIGTERM")
  }

  /// Runs `prefs ARGUMENTS --defaults-dir DIR` with SIGPIPE ignored, as
  /// some shells and CI runners leave it, writing into `output`.
  func prefsIgnoringSIGPIPE(_ arguments: [String], output: Any, errors: Any) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", #"trap '' PIPE; exec "$@""#, "sh", EndToEndTests.binary.path] + arguments + [
        "--defaults-dir", directory,
      ]
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return process
  }

  /// A reader that goes away ends the command quietly (exit 0, nothing on
  /// standard error) instead of a crash on EPIPE: `watch` when its pipe
  /// closes, and a command whose whole output meets a closed pipe.
  @Test func aReaderThatGoesAwayEndsTheCommandQuietly() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = try prefs(["write", "com.example.app", "k", "-int", "1"])
    let output = LineReader()
    let errors = Pipe()
    let watcher = try prefsIgnoringSIGPIPE(
      ["defaults", "watch", "com.example.app"], output: output.writing, errors: errors)
    try output.writing.close()
    defer { if watcher.isRunning { watcher.terminate() } }
    #expect(try handshake(output, folder: directory))
    output.close()
    // Changes until the watcher has written into the closed pipe and gone.
    var value = 2
    #expect(
      eventually(10, every: 100_000) {
        _ = try? prefs(["write", "com.example.app", "k", "-int", "\(value)"])
        value += 1
        return !watcher.isRunning
      })
    if watcher.isRunning { watcher.terminate() }
    watcher.waitUntilExit()
    #expect(watcher.terminationReason == .exit)
    #expect(watcher.terminationStatus == 0)
    #expect(
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")

    let closed = LineReader()
    closed.close()
    let quiet = Pipe()
    let export = try prefsIgnoringSIGPIPE(
      ["defaults", "export", "com.example.app", "-"], output: closed.writing, errors: quiet)
    try closed.writing.close()
    export.waitUntilExit()
    #expect(export.terminationReason == .exit)
    #expect(export.terminationStatus == 0)
    #expect(String(decoding: quiet.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
  }

  /// `import -` stops reading standard input at the reader's limit: an
  /// endless stream is refused at once, and the domain is unchanged.
  @Test func anEndlessStandardInputIsCutOff() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = try prefs(["write", "com.example.app", "kept", "-int", "1"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"yes '<plist>' | "$0" defaults import com.example.app - --defaults-dir "$1""#,
      EndToEndTests.binary.path, directory,
    ]
    let errors = Pipe()
    process.standardError = errors
    let started = Date()
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(said.contains("<stdin>: it is larger than the 67108864 bytes"), "\(said)")
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(try prefs(["read", "com.example.app", "kept"]).1 == "1\n")
  }

  /// The default location (`$XDG_CONFIG_HOME`, else `~/.config`) is made when missing.
  @Test func theDefaultFolderIsMadeWhenMissing() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let home = directory + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let (code, _, errors) = try EndToEndTests.run(
      ["defaults", "write", "com.example.app", "k", "v"], environment: ["HOME": home])
    #expect(code == 0, "\(errors)")
    #expect(FileManager.default.fileExists(atPath: home + "/.config/com.example.app.plist"))
    let xdg = directory + "/xdg/config"
    let second = try EndToEndTests.run(
      ["defaults", "write", "com.example.app", "k", "v"],
      environment: ["HOME": home, "XDG_CONFIG_HOME": xdg])
    #expect(second.0 == 0, "\(second.2)")
    #expect(FileManager.default.fileExists(atPath: xdg + "/com.example.app.plist"))
  }

  /// `watch` in one process, the folder removed and made again, moved
  /// away and back by others: it says so on standard error, and prints
  /// the writes of other processes once the folder is back.
  @Test func watchOutlivesItsFolder() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let folder = directory + "/config"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let write = { (value: String) throws -> Int32 in
      try EndToEndTests.run([
        "defaults", "write", "com.example.app", "k", value, "--defaults-dir", folder,
      ]).0
    }
    #expect(try write("one") == 0)
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = ["defaults", "watch", "com.example.app", "--defaults-dir", folder]
    let output = LineReader()
    let errors = LineReader()
    watcher.standardOutput = output.writing
    watcher.standardError = errors.writing
    try watcher.run()
    try output.writing.close()
    try errors.writing.close()
    defer { watcher.terminate() }
    #expect(try handshake(output, folder: folder))

    try FileManager.default.removeItem(atPath: folder)
    #expect(errors.waitFor("is gone"), "\(errors.lines)")
    #expect(output.waitFor("k: one → (none)"), "\(output.lines)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(errors.waitFor("is back"), "\(errors.lines)")
    #expect(try write("two") == 0)
    #expect(output.waitFor("k: (none) → two"), "\(output.lines)")

    try FileManager.default.moveItem(atPath: folder, toPath: folder + "-moved")
    #expect(errors.waitFor("is gone", count: 2), "\(errors.lines)")
    try FileManager.default.moveItem(atPath: folder + "-moved", toPath: folder)
    #expect(errors.waitFor("is back", count: 2), "\(errors.lines)")
    #expect(try write("three") == 0)
    #expect(output.waitFor("→ three"), "\(output.lines)")
    #expect(watcher.isRunning)
  }

  @Test func fourWritersAtOnceLoseNoKey() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let processes = (0..<4).map { writer in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      let binary = EndToEndTests.binary.path
      process.arguments = [
        "-c",
        "for i in $(seq 1 40); do \(binary) defaults write com.example.app w\(writer)-$i -int $i --defaults-dir \(directory) || exit 1; done",
      ]
      return process
    }
    for process in processes { try process.run() }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let (_, output, _) = try prefs(["read", "com.example.app", "--json"])
    let values = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Int]
    #expect(values?.count == 160)
  }

  /// A small tmpfs that fills up, then turns read-only: each write fails
  /// with a clear error and leaves the domain file byte for byte as it was.
  @Test func aFullDiskAndAReadOnlyFolderLeaveTheFileUnchanged() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let mountPoint = directory + "/small"
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    guard shell("mount -t tmpfs -o size=64k tmpfs \(mountPoint)") == 0 else {
      Issue.record("this test needs to mount a tmpfs (run as root)")
      return
    }
    defer { _ = shell("umount \(mountPoint)") }
    let write = { (arguments: [String]) throws -> (Int32, String, String) in
      try EndToEndTests.run(
        ["defaults", "write", "com.example.app"] + arguments + ["--defaults-dir", mountPoint])
    }
    #expect(try write(["kept", "-string", "before"]).0 == 0)
    let file = mountPoint + "/com.example.app.plist"
    let before = FileManager.default.contents(atPath: file)
    // Fill the file system.
    _ = shell("dd if=/dev/zero of=\(mountPoint)/filler bs=4k count=64 2>/dev/null")
    let full = try write(["big", "-string", String(repeating: "x", count: 20_000)])
    #expect(full.0 == 1)
    #expect(full.2.contains("No space left on device"), "\(full.2)")
    #expect(FileManager.default.contents(atPath: file) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: mountPoint).filter {
      $0.hasSuffix(".tmp")
    }
    #expect(leftovers.isEmpty)
    // Read-only.
    _ = shell("rm -f \(mountPoint)/filler && mount -o remount,ro \(mountPoint)")
    let readOnly = try write(["other", "-int", "1"])
    #expect(readOnly.0 == 1)
    #expect(readOnly.2.contains("Read-only file system"), "\(readOnly.2)")
    #expect(FileManager.default.contents(atPath: file) == before)
  }

  /// Writes `ready` (a new value each time) until a `watch` whose output
  /// `reader` collects prints it: from then on the watch is armed.
  func handshake(_ reader: LineReader, folder: String) throws -> Bool {
    var attempt = 0
    return eventually(10, every: 100_000) {
      attempt += 1
      _ = try? EndToEndTests.run([
        "defaults", "write", "com.example.app", "ready", "-int", "\(attempt)", "--defaults-dir",
        folder,
      ])
      return reader.lines.contains { $0.hasPrefix("ready: ") }
    }
  }

  func shell(_ command: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    try? process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  func readLines(_ pipe: Pipe, count: Int, timeout: Double) throws -> [String] {
    let handle = pipe.fileHandleForReading
    var buffer = Data()
    let deadline = Date().addingTimeInterval(timeout)
    let descriptor = handle.fileDescriptor
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    while Date() < deadline {
      var chunk = [UInt8](repeating: 0, count: 4096)
      let read = Foundation.read(descriptor, &chunk, chunk.count)
      if read > 0 { buffer.append(contentsOf: chunk[0..<read]) }
      let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
      if lines.count >= count { return lines }
      usleep(10_000)
    }
    return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// Collects the lines another process writes, read when asked for. Both
/// ends are close-on-exec, so that no other child of the test runner (tests
/// run in parallel, and tmux's server lives on) inherits the reading end;
/// the reading end is polled, never read by a thread or a dispatch source,
/// so that `close()` really closes it and the writer meets EPIPE at once.
final class LineReader: Sendable {
  private let reading: Int32
  /// Give it to the process, then close it here once the process runs.
  let writing: FileHandle
  /// What was read so far, and whether the reading end is still open.
  private let state = Mutex<(buffer: Data, isOpen: Bool)>((Data(), true))

  init() {
    var ends: [Int32] = [0, 0]
    // A socket pair: it can be made close-on-exec at once (no window for a concurrent spawn),
    // and a write to it after its reader closed fails with EPIPE, as a pipe's does.
    let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends)
    precondition(made == 0, "socketpair: \(errno)")
    reading = ends[0]
    _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
    writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
  }

  var lines: [String] {
    state.withLock { state in
      var chunk = [UInt8](repeating: 0, count: 4096)
      while state.isOpen {
        let count = read(reading, &chunk, chunk.count)
        guard count > 0 else { break }
        state.buffer.append(contentsOf: chunk[0..<count])
      }
      return String(decoding: state.buffer, as: UTF8.self).split(separator: "\n").map(String.init)
    }
  }

  /// Waits until `count` lines hold `text`.
  func waitFor(_ text: String, count: Int = 1, seconds: Double = 5) -> Bool {
    eventually(seconds) { lines.filter { $0.contains(text) }.count >= count }
  }

  /// Closes the reading end: the writer then meets a closed pipe.
  func close() {
    state.withLock { state in
      guard state.isOpen else { return }
      state.isOpen = false
      _ = Foundation.close(reading)
    }
  }

  deinit { close() }
}
