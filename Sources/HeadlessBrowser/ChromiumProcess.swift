import Foundation

/// A browser child process whose DevTools pipe is two socket pairs, seen by the
/// browser as descriptors 3 (it reads commands) and 4 (it writes answers), as
/// `--remote-debugging-pipe` wants: no network port is opened. Sockets rather than
/// pipes so that a write to a browser that died fails with EPIPE instead of raising
/// SIGPIPE in this process.
///
/// The browser runs in a process group of its own (its renderers and helpers with
/// it), so that a browser that will not quit is ended whole, by its id.
final class ChromiumProcess {
  let processID: pid_t
  /// This side of descriptor 3: commands are written here.
  private let commands: Int32
  /// This side of descriptor 4: answers are read here.
  private let answers: Int32
  /// The throwaway `--user-data-dir`, removed when the browser has ended.
  let profile: String
  /// Where the browser's standard error goes (in `profile`).
  private let logPath: String
  private var exitStatus: Int32?

  private init(processID: pid_t, commands: Int32, answers: Int32, profile: String) {
    self.processID = processID
    self.commands = commands
    self.answers = answers
    self.profile = profile
    self.logPath = profile + "/browser.log"
  }

  /// Starts `executable` with `arguments` (after the program name); `profile` is an
  /// existing empty folder the browser may own.
  static func start(executable: String, arguments: [String], profile: String)
    throws(BrowserError) -> ChromiumProcess
  {
    guard let commandPair = socketPair(), let answerPair = socketPair() else {
      throw .cannotStart(executable: executable, errno: errno)
    }
    // Both children's ends are numbered above 4, so the dup2 onto 3 and 4 always
    // makes a new descriptor without close-on-exec.
    let browserReads = movedAbove(4, commandPair.1)
    let browserWrites = movedAbove(4, answerPair.1)
    defer {
      close(browserReads)
      close(browserWrites)
    }
    let logPath = profile + "/browser.log"

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 2, logPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
    posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
    // Nothing else of this process reaches the browser, which may outlive a test's
    // pipes: a descriptor it inherited would keep their readers from seeing the end.
    var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
      posix_spawn_file_actions_addinherit_np(&actions, 0)
      posix_spawn_file_actions_addinherit_np(&actions, 1)
      posix_spawn_file_actions_addinherit_np(&actions, 2)
      posix_spawn_file_actions_addinherit_np(&actions, 3)
      posix_spawn_file_actions_addinherit_np(&actions, 4)
    #else
      closeFromFive(&actions)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    // A test runner's thread may block signals; the browser starts with none blocked
    // and every default handler, as from a shell.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv = [executable] + arguments
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var processID: pid_t = 0
    let result = posix_spawn(&processID, executable, &actions, &attributes, &cArguments, environ)
    guard result == 0 else {
      for end in [commandPair.0, answerPair.0] { close(end) }
      throw .cannotStart(executable: executable, errno: result)
    }
    return ChromiumProcess(
      processID: processID, commands: commandPair.0, answers: answerPair.0, profile: profile)
  }

  deinit {
    close(commands)
    close(answers)
  }

  /// Writes all of `bytes` to the browser by `deadline`.
  func write(_ bytes: [UInt8], by deadline: Deadline) throws(BrowserError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        send(commands, buffer.baseAddress.map { $0 + written }, buffer.count - written, sendFlags)
      }
      if count > 0 {
        written += count
        continue
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        try wait(for: commands, events: Int16(POLLOUT), by: deadline)
        continue
      }
      throw ended()
    }
  }

  /// Reads what the browser has written, waiting for it until `deadline`.
  func read(by deadline: Deadline) throws(BrowserError) -> [UInt8] {
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = block.withUnsafeMutableBytes { recv(answers, $0.baseAddress, $0.count, 0) }
      if count > 0 { return Array(block[..<count]) }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        try wait(for: answers, events: Int16(POLLIN), by: deadline)
        continue
      }
      throw ended()
    }
  }

  private func wait(for descriptor: Int32, events: Int16, by deadline: Deadline)
    throws(BrowserError)
  {
    let left = deadline.remaining
    guard left > .zero else { throw .timedOut(waitingFor: deadline.what, after: deadline.timeout) }
    let milliseconds = Int32(max(1, min((left / .milliseconds(1)).rounded(.up), 60_000)))
    var descriptorEvents = pollfd(fd: descriptor, events: events, revents: 0)
    let ready = poll(&descriptorEvents, 1, milliseconds)
    if ready < 0, errno != EINTR { throw ended() }
    // A hang-up or an error is read by the next recv or send, which then says why.
  }

  /// The browser is gone (or its pipe is): the error, with the end of its log.
  func ended() -> BrowserError {
    .ended(log: logTail())
  }

  /// The last lines the browser wrote to its standard error, without the noise of a
  /// machine that has no D-Bus or GPU.
  func logTail(lines: Int = 12) -> String {
    guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
    let text = String(decoding: data.suffix(64 << 10), as: UTF8.self)
    let kept = text.split(separator: "\n").filter {
      !$0.contains("dbus") && !$0.contains("DBus") && !$0.contains("unexpected operator")
    }
    return kept.suffix(lines).joined(separator: "\n")
  }

  /// Whether the browser has ended (and then it is reaped).
  var hasEnded: Bool {
    if exitStatus != nil { return true }
    var status: Int32 = 0
    if waitpid(processID, &status, WNOHANG) == processID {
      exitStatus = status
      return true
    }
    return false
  }

  /// Waits up to `grace` for the browser to end by itself, then ends its whole process
  /// group; reaps it and removes the profile folder.
  func finish(grace: Duration) {
    let deadline = ContinuousClock.now.advanced(by: grace)
    while !hasEnded, ContinuousClock.now < deadline { usleep(20_000) }
    if !hasEnded {
      // Its group id is its process id (POSIX_SPAWN_SETPGROUP with 0), not reused
      // before the reaping below.
      kill(-processID, SIGKILL)
      var status: Int32 = 0
      while waitpid(processID, &status, 0) < 0, errno == EINTR {}
      exitStatus = status
    }
    try? FileManager.default.removeItem(atPath: profile)
  }

  private static func socketPair() -> (Int32, Int32)? {
    var ends: [Int32] = [-1, -1]
    #if canImport(Darwin)
      let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
    #else
      let made = socketpair(
        AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
    #endif
    guard made == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
      #endif
    }
    // This side never blocks: every wait is a poll with a deadline.
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  private static func movedAbove(_ lowest: Int32, _ descriptor: Int32) -> Int32 {
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, lowest + 1)
    guard moved >= 0 else { return descriptor }
    close(descriptor)
    return moved
  }
}

#if canImport(Darwin)
  private let sendFlags: Int32 = 0
#else
  private let sendFlags = Int32(MSG_NOSIGNAL)
#endif

/// The moment a wait for the browser gives up, with what it waited for.
struct Deadline {
  /// The DevTools method or event waited for, for the error.
  let what: String
  let timeout: Duration
  let instant: ContinuousClock.Instant

  init(_ what: String, timeout: Duration) {
    self.what = what
    self.timeout = timeout
    instant = ContinuousClock.now.advanced(by: timeout)
  }

  var remaining: Duration { ContinuousClock.now.duration(to: instant) }
}

#if !canImport(Darwin)
  /// `posix_spawn_file_actions_addclosefrom_np(actions, 5)` where the C library has it
  /// (glibc 2.34 and later), found at run time: the Swift module of the C library does
  /// not declare it.
  private func closeFromFive(_ actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
      -> Int32
    guard let library = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(library, "posix_spawn_file_actions_addclosefrom_np")
    else { return }
    let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
    _ = addCloseFrom(&actions, 5)
  }
#endif
