import Foundation
import TestSupport
import Testing

/// `prefs edit` in a real terminal: tmux runs it, `send-keys` drives it,
/// `capture-pane` reads the screen, and the domain file is checked.
@Suite(.serialized)
struct EditInTmuxTests {
  let session = "prefs-\(UUID().uuidString.prefix(8))"
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-tmux-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// Runs tmux on a socket of its own, with posix_spawn and waitpid:
  /// Foundation's `Process` watches a descriptor that the tmux server, which
  /// the first call starts, inherits and never closes.
  @discardableResult
  func tmux(_ arguments: [String]) -> (Int32, String) {
    let output = directory + "/tmux-output-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let argv = ["tmux", "-L", session] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, "tmux", &actions, nil, &cArguments, environ) == 0 else {
      return (-1, "")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let text = FileManager.default.contents(atPath: output).map {
      String(decoding: $0, as: UTF8.self)
    }
    return ((status >> 8) & 0xFF, text ?? "")
  }

  var screen: String { tmux(["capture-pane", "-p", "-t", session]).1 }

  func keys(_ keys: String...) { tmux(["send-keys", "-t", session] + keys) }

  func waitFor(_ text: String, seconds: Double = 5) -> Bool {
    eventually(seconds, every: 50_000) { screen.contains(text) }
  }

  func stored(_ key: String) throws -> String {
    try EndToEndTests.run([
      "defaults", "read", "com.example.tmux", key, "--defaults-dir", directory,
    ]).1
  }

  @Test func editDrivenThroughTmux() throws {
    defer {
      tmux(["kill-server"])
      try? FileManager.default.removeItem(atPath: directory)
    }
    let bundle = Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path
    let command = [
      EndToEndTests.binary.path, "edit", bundle, "--domain", "com.example.tmux", "--defaults-dir",
      directory, "--lang", "en",
    ].joined(separator: " ")
    let started = tmux([
      "new-session", "-d", "-s", session, "-x", "80", "-y", "30", "env", "TERM=xterm-256color",
      "LANG=C.UTF-8", "sh", "-c", command + "; echo EXIT=$?; sleep 30",
    ])
    guard started.0 == 0 else {
      Issue.record("tmux is needed for this test (.ci/run installs it)")
      return
    }
    #expect(waitFor("com.example.tmux"))
    #expect(screen.contains("↑/k move  ⏎ edit"))

    // Toggle: Name, Password, PIN, then Dark Mode.
    keys("j", "j", "j", "Enter")
    #expect(waitFor("Dark Mode"))
    #expect(eventually(every: 50_000) { (try? stored("dark_mode_preference")) == "false\n" })

    // Text entry on Name.
    keys("k", "k", "k", "Enter")
    keys("-l", "Ana")
    keys("Enter")
    #expect(eventually(every: 50_000) { (try? stored("name_preference")) == "Ana\n" })

    // Slider: six rows down from Name, one step right.
    keys("j", "j", "j", "j", "j", "j", "Right")
    #expect(eventually(every: 50_000) { (try? stored("volume_preference")) == "0.55\n" })

    // Picker: Theme, one down, choose.
    keys("k", "Enter")
    #expect(waitFor("Same as the system"))
    keys("j", "Enter")
    #expect(eventually(every: 50_000) { (try? stored("theme_preference")) == "1\n" })

    // Filter to the child pane, open it, come back.
    keys("/", "Adv")
    keys("Enter", "Enter")
    #expect(waitFor("com.example.tmux › Advanced"))
    keys("Escape")
    #expect(eventually(every: 50_000) { !screen.contains("› Advanced") })

    // A change from another process shows on the screen.
    _ = try EndToEndTests.run([
      "defaults", "write", "com.example.tmux", "name_preference", "Zoe", "--defaults-dir",
      directory,
    ])
    #expect(waitFor("Zoe", seconds: 2))

    // A resize re-lays out.
    tmux(["resize-window", "-t", session, "-x", "44", "-y", "14"])
    let fits = eventually(every: 50_000) {
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count <= 15 && lines.allSatisfy { $0.count <= 44 } && screen.contains("Advanced")
        && lines.contains { $0.hasPrefix("↑/k move") }
    }
    #expect(fits, "\(screen)")

    // Quit: exit 0 and the terminal restored (the shell's echo is on the normal screen).
    keys("q")
    #expect(waitFor("EXIT=0"))
  }

  @Test func ctrlCExits130() throws {
    defer {
      tmux(["kill-server"])
      try? FileManager.default.removeItem(atPath: directory)
    }
    let bundle = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path
    let command = "\(EndToEndTests.binary.path) edit \(bundle) --defaults-dir \(directory)"
    guard
      tmux([
        "new-session", "-d", "-s", session, "-x", "60", "-y", "12", "sh", "-c",
        command + "; echo EXIT=$?; sleep 30",
      ]).0
        == 0
    else {
      Issue.record("tmux is needed for this test")
      return
    }
    // The domain comes from the Info.plist beside the bundle.
    #expect(waitFor("com.example.conversor"))
    keys("C-c")
    #expect(waitFor("EXIT=130"))
  }

  /// A write into a read-only folder: the row keeps the stored value, the
  /// error stays on the screen until dismissed, and `q` then exits 1.
  @Test(.needsReadOnlyFolders) func aFailedWriteIsShownUntilDismissedAndTheExitStatusSaysSo() throws
  {
    let defaults = directory + "/defaults"
    try FileManager.default.createDirectory(atPath: defaults, withIntermediateDirectories: true)
    guard let readOnly = ReadOnlyFolder(defaults) else {
      Issue.record("this machine cannot make a folder read-only for this user")
      return
    }
    defer {
      tmux(["kill-server"])
      readOnly.restore()
      try? FileManager.default.removeItem(atPath: directory)
    }
    let bundle = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path
    let command = [
      EndToEndTests.binary.path, "edit", bundle, "--domain", "com.example.tmux", "--defaults-dir",
      defaults, "--lang", "en",
    ].joined(separator: " ")
    guard
      tmux([
        "new-session", "-d", "-s", session, "-x", "60", "-y", "12", "env", "LANG=C.UTF-8", "sh",
        "-c", command + "; echo EXIT=$?; sleep 30",
      ]).0 == 0
    else {
      Issue.record("tmux is needed for this test")
      return
    }
    #expect(waitFor("Celsius First"))
    keys("Enter")
    #expect(waitFor("was not saved"))
    let lines = screen.split(separator: "\n")
    #expect(lines.first { $0.contains("Celsius First") }?.hasSuffix("off") == true, "\(screen)")
    #expect(screen.contains("⏎ dismiss  q quit"))
    keys("j")
    #expect(screen.contains("was not saved"), "other keys leave it there")
    keys("Enter")
    #expect(eventually(every: 50_000) { !screen.contains("was not saved") })
    keys("q")
    #expect(waitFor("EXIT=1"))
  }
}
