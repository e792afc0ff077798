import Foundation
import PrefsKit
import TestSupport
import Testing

/// A diff of `REV:PATH` in a repository written by an attacker: its
/// configuration asks git to run commands (hooks, fsmonitor, filters,
/// textconv, pagers, a promisor remote's upload-pack or ssh command), each of
/// which would leave a marker file; none may run. git gets the environment's
/// variables (its `HOME`, `PATH`, `TMPDIR`) and runs in its working directory.
struct DiffGitRevisionTrustTests {
  /// A repository with `App/Settings.bundle` committed, a marker folder and
  /// a script that leaves a marker named by its first argument.
  final class Repository {
    let top: URL
    var root: URL { top.appendingPathComponent("repo") }
    var markers: URL { top.appendingPathComponent("markers") }
    var script: String { top.appendingPathComponent("evil").path }

    init() throws {
      top = FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-git-trust-\(UUID().uuidString)")
      let manager = FileManager.default
      try manager.createDirectory(at: markers, withIntermediateDirectories: true)
      try manager.createDirectory(
        at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
      try "#!/bin/sh\ntouch '\(markers.path)'/\"$1\"\ncat >/dev/null 2>&1\nexit 1\n".write(
        toFile: script, atomically: true, encoding: .utf8)
      chmod(script, 0o755)
      try DiffGitRevisionTrustTests.git(["init", "-q"], in: root)
      try manager.copyItem(
        at: Paths.repository.appendingPathComponent("Tests/Fixtures/Diff/base/Settings.bundle"),
        to: root.appendingPathComponent("App/Settings.bundle"))
      try DiffGitRevisionTrustTests.git(["add", "-A"], in: root)
      try DiffGitRevisionTrustTests.git(["commit", "-q", "-m", "base"], in: root)
    }

    func config(_ key: String, _ value: String, in folder: URL? = nil) throws {
      try DiffGitRevisionTrustTests.git(["config", key, value], in: folder ?? root)
    }

    /// What ran: the markers left.
    func ran() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: markers.path).sorted()
    }

    deinit { try? FileManager.default.removeItem(at: top) }
  }

  static func git(_ arguments: [String], in folder: URL) throws {
    let run = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["git", "-c", "user.name=prefs", "-c", "user.email=prefs@example.com"] + arguments,
      in: folder)
    #expect(run.status == 0, "git \(arguments): \(run.errors)")
  }

  /// The environment a diff in `folder` is handed: git finds the repository
  /// from its working directory and reads `HOME`'s configuration, never this process's.
  static func environment(in folder: URL, temporary: URL? = nil) -> PrefsEnvironment {
    var variables = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
    if let temporary { variables["TMPDIR"] = temporary.path }
    return PrefsEnvironment(workingDirectory: folder.path, variables: variables)
  }

  /// The revision compared with itself.
  static func diff(in folder: URL, temporary: URL? = nil) -> Result<DiffOutcome, DiffError> {
    Result { () throws(DiffError) in
      try DiffFrontEnd.run(
        DiffOptions(old: "HEAD:App/Settings.bundle", new: "HEAD:App/Settings.bundle"),
        environment: environment(in: folder, temporary: temporary))
    }
  }

  static let hookNames = [
    "pre-commit", "post-checkout", "post-merge", "pre-auto-gc", "reference-transaction",
    "post-index-change", "post-rewrite", "fsmonitor-watchman", "pre-push", "push-to-checkout",
  ]

  enum Configured: String, CaseIterable {
    case hooks, fsmonitor, filters, pagers
  }

  /// What git would run only for commands prefs never asks for; these
  /// held before too, and are kept by the options on every git run.
  @Test(arguments: Configured.allCases)
  func nothingTheRepositoryConfiguresRuns(_ configured: Configured) throws {
    let repository = try Repository()
    let git = repository.root.appendingPathComponent(".git")
    switch configured {
    case .hooks:
      for folder in ["hooks", "more-hooks"] {
        let hooks = git.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        for name in Self.hookNames {
          let hook = hooks.appendingPathComponent(name).path
          try "#!/bin/sh\nexec '\(repository.script)' hook-\(name)\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
          chmod(hook, 0o755)
        }
      }
      try repository.config("core.hooksPath", git.appendingPathComponent("more-hooks").path)
    case .fsmonitor:
      try repository.config("core.fsmonitor", "\(repository.script) fsmonitor")
      try repository.config("core.untrackedCache", "true")
    case .filters:
      try "* filter=evil diff=evil\n".write(
        to: git.appendingPathComponent("info/attributes"), atomically: true, encoding: .utf8)
      try repository.config("filter.evil.clean", "\(repository.script) clean")
      try repository.config("filter.evil.smudge", "\(repository.script) smudge")
      try repository.config("filter.evil.process", "\(repository.script) process")
      try repository.config("diff.evil.textconv", "\(repository.script) textconv")
      try repository.config("diff.external", "\(repository.script) external")
    case .pagers:
      try repository.config("core.pager", "\(repository.script) pager")
      for command in ["ls-tree", "cat-file", "show", "log"] {
        try repository.config("pager.\(command)", "\(repository.script) pager-\(command)")
      }
    }
    let outcome = try Self.diff(in: repository.root).get()
    #expect(outcome.changes.isEmpty)
    #expect(try repository.ran() == [])
  }

  /// A partial clone whose blobs are missing: reading them would fetch from
  /// the promisor remote, running its `uploadpack` (a local path) or
  /// `core.sshCommand` (an ssh URL), even with `protocol.file.allow` set by
  /// the repository. Refused with git's words, and nothing runs.
  @Test(arguments: ["uploadpack", "ssh"])
  func aPromisorRemoteIsNeverFetchedFrom(_ transport: String) throws {
    let repository = try Repository()
    try repository.config("uploadpack.allowFilter", "true")
    let clone = repository.top.appendingPathComponent("clone")
    try Self.git(
      [
        "clone", "-q", "--filter=blob:none", "--no-checkout", "--no-local",
        "file://" + repository.root.path, clone.path,
      ], in: repository.top)
    try repository.config("protocol.file.allow", "always", in: clone)
    try repository.config("protocol.ssh.allow", "always", in: clone)
    if transport == "ssh" {
      try repository.config("remote.origin.url", "ssh://git@example.invalid/repo", in: clone)
      try repository.config("core.sshCommand", "\(repository.script) ssh", in: clone)
    } else {
      try repository.config(
        "remote.origin.uploadpack", "\(repository.script) uploadpack", in: clone)
    }
    guard case .failure(.revision(let error)) = Self.diff(in: clone) else {
      Issue.record("the partial clone was read")
      return
    }
    #expect(error.isInvalidArgument)
    #expect(
      error.description.hasPrefix("HEAD:App/Settings.bundle: git cannot read it"),
      "\(error.description)")
    #expect(try repository.ran() == [])
  }

  /// A tree git accepts but no file system holds (a file `a` and a folder
  /// `a`): the copy fails midway, and its folder is gone.
  @Test func aCopyThatFailsLeavesNoFolder() throws {
    let repository = try Repository()
    let temporary = repository.top.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let script = """
      b=$(echo hello | git hash-object -w --stdin)
      inner=$(printf "100644 blob $b\\tb\\n" | git mktree)
      bundle=$(printf "100644 blob $b\\ta\\n040000 tree $inner\\ta\\n" | git mktree)
      app=$(printf "040000 tree $bundle\\tSettings.bundle\\n" | git mktree)
      top=$(printf "040000 tree $app\\tApp\\n" | git mktree)
      commit=$(git -c user.name=p -c user.email=p@example.com commit-tree -m twins $top)
      git update-ref HEAD $commit
      """
    let made = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: repository.root)
    #expect(made.status == 0, "\(made.errors)")
    guard case .failure(.revision(let error)) = Self.diff(in: repository.root, temporary: temporary)
    else {
      Issue.record("a tree no file system holds was copied")
      return
    }
    #expect(!error.isInvalidArgument, "\(error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }

  /// A repository's configuration can include a FIFO, on which git waits
  /// forever: git is stopped when it has said nothing for the answer timeout.
  @Test func aConfigurationThatMakesGitWaitIsCutOff() throws {
    let repository = try Repository()
    let git = repository.root.appendingPathComponent(".git")
    #expect(mkfifo(git.appendingPathComponent("fifo").path, 0o600) == 0)
    // Appended by hand: git config itself would wait on the FIFO once it is included.
    let config = try FileHandle(forWritingTo: git.appendingPathComponent("config"))
    try config.seekToEnd()
    try config.write(contentsOf: Data("[include]\n\tpath = fifo\n".utf8))
    try config.close()
    let started = ContinuousClock.now
    let error = #expect(throws: GitRevisionError.self) {
      try GitRevisionBundle(
        "HEAD:App/Settings.bundle", environment: Self.environment(in: repository.root),
        answerTimeout: .seconds(1))
    }
    #expect(error == .noAnswer("HEAD:App/Settings.bundle", timeout: .seconds(1)))
    #expect(
      error?.description.contains("git did not answer within 1") == true,
      "\(String(describing: error))")
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  /// The copy is the user's alone, and removed when asked.
  @Test func theCopysFolderIsPrivate() throws {
    let repository = try Repository()
    let copy = try GitRevisionBundle(
      "HEAD:App/Settings.bundle", environment: Self.environment(in: repository.root))
    var status = stat()
    #expect(stat(copy.folder, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    #expect(FileManager.default.fileExists(atPath: copy.path + "/Root.plist"))
    copy.remove()
    #expect(!FileManager.default.fileExists(atPath: copy.folder))
  }

  /// Every git run gets the options and environment that keep the
  /// repository's commands from running.
  @Test func everyGitRunIsHardened() {
    let environment = GitRevisionBundle.environment(["GIT_ALLOW_PROTOCOL": "file", "HOME": "/h"])
    #expect(environment["GIT_ALLOW_PROTOCOL"] == "none")
    #expect(environment["GIT_NO_LAZY_FETCH"] == "1")
    #expect(environment["HOME"] == "/h")
    #expect(GitRevisionBundle.hardening.contains("core.fsmonitor=false"))
    #expect(GitRevisionBundle.hardening.contains("--no-pager"))
  }
}
