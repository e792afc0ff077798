import Foundation
import Plist
import Synchronization

/// A bundle read from a git revision (`REV:PATH`, as `git show` takes it):
/// its files are copied from git's objects into a private temporary folder,
/// nothing is checked out. Only regular files are copied: symbolic links and
/// submodules are left out (a link could lead anywhere), a path with `..`
/// or an absolute one is refused, and sizes are held to the readers' limits.
///
/// The repository may be a stranger's, its configuration written to run
/// commands; the environment is the user's. So git is asked only for the
/// tree under PATH and its blobs, and never runs what the repository
/// configures (``GitRevisionBundle/hardening``): no lazy fetch from a
/// promisor remote (every transport is refused), no hook, filter, textconv,
/// pager or fsmonitor. Each blob's size is checked before it is read, and it
/// is streamed into the copy, never held whole; the copy's folder is the
/// user's alone (0700) and is removed on every way out of `init` that throws.
///
/// git runs in the environment's working directory with its variables (hardened,
/// ``environment(_:)``), and the copy goes under its `TMPDIR` (else `/tmp`).
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work/app", variables: ["PATH": "/usr/bin"])
/// let copy = try GitRevisionBundle("HEAD~1:App/Settings.bundle", environment: environment)
/// defer { copy.remove() }
/// let bundle = try SettingsBundle.load(at: copy.path)
/// ```
public struct GitRevisionBundle: Sendable {
  /// The copy's path, to load.
  public let path: String
  /// How the bundle is named in messages: `REV:PATH`.
  public let displayName: String
  /// PATH inside the repository, for annotations on the repository's files.
  public let repositoryPath: String
  /// The private folder holding the copy (`path` is inside it).
  public let folder: String

  /// Whether an argument names a revision rather than a folder: it has a
  /// colon after its first character and no file has that path.
  public static func isRevisionSpec(_ argument: String, environment: PrefsEnvironment) -> Bool {
    guard !FileManager.default.fileExists(atPath: environment.absolutePath(argument)),
      let colon = argument.firstIndex(of: ":")
    else { return false }
    return colon != argument.startIndex
  }

  /// The most files a bundle copied from git may hold.
  public static let maximumFiles = 20_000

  /// How long git may go without a byte of answer before it is stopped: a
  /// repository's configuration can make it wait forever (an
  /// `include.path` naming a FIFO).
  public static let answerTimeout: Duration = .seconds(60)

  /// Reads `spec` from the repository git finds from the environment's
  /// working directory into a new folder under `temporaryDirectory` (the
  /// environment's `TMPDIR`, else `/tmp`).
  public init(
    _ spec: String, environment: PrefsEnvironment, temporaryDirectory: String? = nil,
    answerTimeout: Duration = Self.answerTimeout
  ) throws(GitRevisionError) {
    guard let colon = spec.firstIndex(of: ":") else { throw .notRevisionPath(spec) }
    let revision = String(spec[..<colon])
    var inside = String(spec[spec.index(after: colon)...])
    while inside.hasSuffix("/") { inside.removeLast() }
    if inside.hasPrefix("./") { inside.removeFirst(2) }
    guard !revision.isEmpty, !revision.hasPrefix("-"), !inside.isEmpty, !inside.hasPrefix("/"),
      !inside.split(separator: "/").contains("..")
    else { throw .pathNotInRepository(spec) }
    let git = GitRun(
      spec: spec, directory: environment.workingDirectory,
      variables: Self.environment(environment.variables), timeout: answerTimeout)
    let entries = try Self.listing(git, revision: revision, inside: inside)
    let temporary =
      temporaryDirectory ?? environment.variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    folder = try Self.makePrivateFolder(in: environment.absolutePath(temporary))
    let root =
      folder + "/" + (inside.split(separator: "/").last.map(String.init) ?? "Settings.bundle")
    path = root
    displayName = spec
    repositoryPath = inside
    do {
      try Self.copyBlobs(entries, to: root, git: git)
    } catch {
      remove()
      throw error
    }
  }

  /// Removes the copy.
  public func remove() { try? FileManager.default.removeItem(atPath: folder) }

  /// One file of the tree: its blob, size and path below PATH.
  private struct Entry {
    var object: String
    var size: Int
    var relative: String
  }

  /// The regular files under `inside`, from `git ls-tree`, read as a stream
  /// and stopped at the file limit.
  private static func listing(_ run: GitRun, revision: String, inside: String)
    throws(GitRevisionError) -> [Entry]
  {
    let spec = run.spec
    let git = try GitProcess(
      ["ls-tree", "-r", "-l", "-z", "--full-tree", revision, "--", inside], run: run)
    defer { git.finish() }
    var entries: [Entry] = []
    var total = 0
    // A record is `<mode> SP <type> SP <object> SP <size> TAB <path> NUL`; a path is at most 4096 bytes.
    while let record = try git.output.record(endingWith: 0, maximumLength: 4_500) {
      guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
      let fields = record[..<tab].split(separator: UInt8(ascii: " "))
      let file = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
      guard fields.count == 4, fields[1].elementsEqual("blob".utf8),
        fields[0].elementsEqual("100644".utf8) || fields[0].elementsEqual("100755".utf8)
      else { continue }
      guard file.hasPrefix(inside + "/") else { continue }
      let relative = String(file.dropFirst(inside.count + 1))
      let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
      guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
        throw .unsafePath(spec, relative)
      }
      let size =
        Int(String(decoding: fields[3], as: UTF8.self).trimmingCharacters(in: .whitespaces)) ?? 0
      guard size <= ReadLimits.standard.maximumBytes else {
        throw .fileTooLarge(spec, relative, size: size, limit: ReadLimits.standard.maximumBytes)
      }
      total += size
      entries.append(
        Entry(object: String(decoding: fields[2], as: UTF8.self), size: size, relative: relative))
      guard entries.count <= maximumFiles, total <= 16 * ReadLimits.standard.maximumBytes
      else { throw .bundleTooLarge(spec) }
    }
    guard git.succeeded() else {
      throw .gitCannotRead(
        spec, reason: git.errors().trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard !entries.isEmpty else {
      throw .noFiles(spec, path: inside, revision: revision)
    }
    return entries
  }

  /// A new folder only the user may read, under `parent` or the temporary folder.
  private static func makePrivateFolder(in base: String) throws(GitRevisionError) -> String {
    var template = Array((base + "/prefs-rev-XXXXXX").utf8CString)
    // mkdtemp makes it 0700, whatever the umask.
    guard let made = mkdtemp(&template) else {
      throw .cannotMakeTemporaryFolder(base, reason: String(cString: strerror(errno)))
    }
    return String(cString: made)
  }

  /// Streams every blob from one `git cat-file --batch` into its file under
  /// `root`, checking each size against the listing and the limit before a
  /// byte of it is read.
  private static func copyBlobs(_ entries: [Entry], to root: String, git run: GitRun)
    throws(GitRevisionError)
  {
    let spec = run.spec
    // The object names go in from a file, so that no pipe waits on another.
    let names = root + ".objects"
    do {
      try Data(entries.map { $0.object + "\n" }.joined().utf8).write(
        to: URL(fileURLWithPath: names), options: .withoutOverwriting)
    } catch {
      throw .cannotHandObjects(spec)
    }
    defer { unlink(names) }
    guard let input = FileHandle(forReadingAtPath: names) else {
      throw .cannotHandObjects(spec)
    }
    defer { try? input.close() }
    let git = try GitProcess(["cat-file", "--batch"], run: run, input: input)
    defer { git.finish() }
    let unreadable = GitRevisionError.cannotReadFiles(spec)
    for entry in entries {
      guard let line = try git.output.record(endingWith: UInt8(ascii: "\n"), maximumLength: 200)
      else { throw unreadable }
      // `<object> blob <size>`, or `<object> missing`.
      let header = String(decoding: line, as: UTF8.self).split(separator: " ")
      guard header.count == 3, header[0] == entry.object, header[1] == "blob",
        let size = Int(header[2]), size == entry.size, size <= ReadLimits.standard.maximumBytes
      else { throw unreadable }
      let target = URL(fileURLWithPath: root + "/" + entry.relative)
      do {
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(spec, entry.relative, reason: error.localizedDescription)
      }
      let file = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard file >= 0 else {
        throw .cannotWrite(spec, entry.relative, reason: String(cString: strerror(errno)))
      }
      defer { close(file) }
      guard try git.output.copy(size, to: file),
        try git.output.record(endingWith: UInt8(ascii: "\n"), maximumLength: 1)?.isEmpty == true
      else { throw unreadable }
    }
  }

  /// What every git run gets: nothing the repository configures runs. The
  /// options come first on git's command line, so they beat the repository's
  /// own configuration; the environment beats both for transports.
  public static let hardening = [
    "--no-pager", "--literal-pathspecs", "--no-replace-objects",
    "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
    "-c", "protocol.allow=never", "-c", "core.sshCommand=false", "-c", "credential.helper=",
  ]

  /// The user's environment, with git told to run nothing and ask nothing.
  public static func environment(_ user: [String: String]) -> [String: String] {
    user.merging(
      [
        // git 2.44 and later: never fetch a missing object from a promisor remote.
        "GIT_NO_LAZY_FETCH": "1",
        // Every git: no transport at all (this beats protocol.<name>.allow in any configuration).
        "GIT_ALLOW_PROTOCOL": "none",
        "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "GIT_PAGER": "cat", "PAGER": "cat",
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_NO_REPLACE_OBJECTS": "1", "GIT_ASKPASS": "",
        "SSH_ASKPASS": "",
      ]
    ) { $1 }
  }
}

/// What every git process of one `REV:PATH` shares: the name for messages,
/// where git runs, and how long it may keep silent.
private struct GitRun {
  var spec: String
  var directory: String
  /// The hardened environment git runs with.
  var variables: [String: String]
  var timeout: Duration
}

/// One git process: its standard output read as a stream, its standard
/// error collected aside.
private final class GitProcess {
  private let process = Process()
  let output: StreamReader
  private let errorSink = ErrorSink()
  private let drained = DispatchGroup()
  private var finished = false

  private final class ErrorSink: Sendable {
    let data = Mutex<Data>(Data())
  }

  init(_ arguments: [String], run: GitRun, input: FileHandle? = nil) throws(GitRevisionError) {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + GitRevisionBundle.hardening + arguments
    process.environment = run.variables
    process.currentDirectoryURL = URL(fileURLWithPath: run.directory)
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = input ?? FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .cannotRunGit(reason: error.localizedDescription)
    }
    output = StreamReader(outputPipe.fileHandleForReading, run: run)
    let errors = errorPipe.fileHandleForReading
    let sink = errorSink
    DispatchQueue.global().async(group: drained) {
      let data = errors.readDataToEndOfFile()
      sink.data.withLock { $0 = data }
    }
  }

  /// Whether git exited with 0, once its output has been read to the end.
  func succeeded() -> Bool {
    waitForExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
  }

  /// What git said on standard error, once it has ended.
  func errors() -> String {
    waitForExit()
    return String(decoding: errorSink.data.withLock { $0 }, as: UTF8.self)
  }

  /// Ends git at once if it still runs (its output is no longer wanted).
  func finish() {
    // SIGKILL, as a signal mask inherited from the calling thread may block SIGTERM in git.
    if !finished, process.isRunning { kill(process.processIdentifier, SIGKILL) }
    waitForExit()
  }

  private func waitForExit() {
    guard !finished else { return }
    finished = true
    output.close()
    process.waitUntilExit()
    drained.wait()
  }
}

/// Reads a file descriptor in blocks: records up to a delimiter, and runs of
/// bytes copied straight into another file, so no blob is ever held whole.
private final class StreamReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private static let blockSize = 64 << 10

  private let run: GitRun

  init(_ handle: FileHandle, run: GitRun) {
    self.handle = handle
    self.run = run
  }

  func close() { try? handle.close() }

  /// Reads one more block; false at the end.
  private func fill() throws(GitRevisionError) -> Bool {
    if atEnd { return false }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var block = [UInt8](repeating: 0, count: Self.blockSize)
    let (seconds, attoseconds) = run.timeout.components
    let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let polled = poll(&ready, 1, milliseconds)
      if polled < 0, errno == EINTR { continue }
      guard polled != 0 else {
        throw .noAnswer(run.spec, timeout: run.timeout)
      }
      break
    }
    while true {
      let count = block.withUnsafeMutableBytes {
        read(handle.fileDescriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw .cannotReadAnswer(run.spec, reason: String(cString: strerror(errno)))
      }
      if count == 0 {
        atEnd = true
        return false
      }
      buffer.append(contentsOf: block[..<count])
      return true
    }
  }

  /// The bytes before the next `delimiter` (which is consumed); nil at the
  /// end. A record longer than `maximumLength` is an error.
  func record(endingWith delimiter: UInt8, maximumLength: Int) throws(GitRevisionError)
    -> ArraySlice<UInt8>?
  {
    var searched = start
    while true {
      if let end = buffer[searched...].firstIndex(of: delimiter) {
        let record = buffer[start..<end]
        start = end + 1
        return record
      }
      searched = buffer.count
      guard searched - start <= maximumLength else {
        throw .answerLineTooLong(run.spec)
      }
      let before = start
      guard try fill() else { return nil }
      searched -= before - start
    }
  }

  /// Copies the next `count` bytes into `file`; false if the stream ends first.
  func copy(_ count: Int, to file: Int32) throws(GitRevisionError) -> Bool {
    var left = count
    while left > 0 {
      if start == buffer.count {
        guard try fill() else { return false }
      }
      let chunk = min(left, buffer.count - start)
      let written = buffer[start..<(start + chunk)].withUnsafeBytes { bytes in
        writeAll(file, bytes)
      }
      guard written else {
        throw .cannotWriteCopy(reason: String(cString: strerror(errno)))
      }
      start += chunk
      left -= chunk
    }
    return true
  }

  private func writeAll(_ file: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = write(file, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}

/// Why a bundle could not be read from a git revision. Each case carries the
/// `REV:PATH` it was asked for.
public enum GitRevisionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The argument has no colon.
  case notRevisionPath(String)
  /// PATH is empty, absolute or climbs out with `..`, or REV is empty or looks like an option.
  case pathNotInRepository(String)
  /// git could not list the tree (no such revision or path, not a repository).
  case gitCannotRead(String, reason: String)
  /// The tree has no regular file under PATH.
  case noFiles(String, path: String, revision: String)
  /// A path in the tree is empty or has `.` or `..` as a component.
  case unsafePath(String, String)
  /// One file is larger than the readers read.
  case fileTooLarge(String, String, size: Int, limit: Int)
  /// More files, or more bytes in all, than a bundle copy may hold.
  case bundleTooLarge(String)
  case cannotMakeTemporaryFolder(String, reason: String)
  case cannotHandObjects(String)
  /// `git cat-file` answered something other than the blobs listed.
  case cannotReadFiles(String)
  case cannotWrite(String, String, reason: String)
  case cannotRunGit(reason: String)
  /// git said nothing for the answer timeout.
  case noAnswer(String, timeout: Duration)
  case cannotReadAnswer(String, reason: String)
  case answerLineTooLong(String)
  case cannotWriteCopy(reason: String)

  /// Whether the argument is at fault (a revision or path that is not there)
  /// rather than git or the copy.
  public var isInvalidArgument: Bool {
    switch self {
    case .notRevisionPath, .pathNotInRepository, .gitCannotRead, .noFiles: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .notRevisionPath(let spec): "\(spec): not REV:PATH"
    case .pathNotInRepository(let spec):
      "\(spec): give REV:PATH with PATH relative to the repository's root"
    case .gitCannotRead(let spec, let reason): "\(spec): git cannot read it: \(reason)"
    case .noFiles(let spec, let path, let revision): "\(spec): no files at \(path) in \(revision)"
    case .unsafePath(let spec, let relative): "\(spec): the tree holds an unsafe path \(relative)"
    case .fileTooLarge(let spec, let relative, let size, let limit):
      "\(spec): \(relative) is \(size) bytes, more than prefs reads (\(limit))"
    case .bundleTooLarge(let spec): "\(spec): the bundle is too large to read"
    case .cannotMakeTemporaryFolder(let base, let reason):
      "cannot make a temporary folder in \(base): \(reason)"
    case .cannotHandObjects(let spec): "\(spec): cannot hand git the bundle's objects"
    case .cannotReadFiles(let spec): "\(spec): git cannot read the bundle's files"
    case .cannotWrite(let spec, let relative, let reason):
      "\(spec): cannot write \(relative): \(reason)"
    case .cannotRunGit(let reason): "cannot run git: \(reason)"
    case .noAnswer(let spec, let timeout):
      "\(spec): git did not answer within \(timeout); the repository's configuration may make it wait"
    case .cannotReadAnswer(let spec, let reason): "\(spec): cannot read git's answer: \(reason)"
    case .answerLineTooLong(let spec): "\(spec): git's answer cannot be read: a line is too long"
    case .cannotWriteCopy(let reason): "cannot write the copy: \(reason)"
    }
  }
}
