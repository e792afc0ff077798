import Foundation
import Synchronization
import TestSupport
import Testing
import TextDiff

/// Speed work changes no byte of output (issue 28): every command a user reads or a
/// CI parses, run by the built binary on every example and corpus bundle, prints what
/// the prefs of the manifest's recording printed. The bytes would be tens of megabytes,
/// so `Tests/Fixtures/OutputIdentity/` keeps one SHA-256 per bundle and command, with
/// the exit status in clear.
///
/// `PREFS_RECORD=1` writes the manifests anew, from the binary `PREFS_IDENTITY_BASE`
/// names when it is set (the commit before a change), else from the built one (when an
/// output change is meant, as with the golden files). With `PREFS_IDENTITY_BASE` set, a
/// mismatch shows the diff between that binary's output and this build's.
///
/// Runs are made reproducible rather than normalised: relative paths from the
/// repository (`../shared/corpus/…`, `Examples/…`), only `PATH` and
/// `LANG=en_US.UTF-8` in the environment, nothing on standard input. Nothing that
/// these commands print depends on the time, the machine or an absolute path, so no
/// output needs rewriting before it is hashed.
struct OutputIdentityTests {
  /// The words after `prefs`; the bundle comes last.
  static let commands: [String] = [
    "lint --format text", "lint --format json", "lint --format github", "lint --format sarif",
    "lint --format junit", "dump --format text", "dump --format json", "generate swift",
    "strings status", "render",
  ]

  static let examples = ["Examples/Conversor/Settings.bundle", "Examples/Showcase/Settings.bundle"]

  /// `../shared/corpus/<folder>/Settings.bundle`, as a fresh clone beside the corpus names it.
  static var corpus: [String] {
    Paths.corpusBundles.map {
      "../shared/corpus/\($0.deletingLastPathComponent().lastPathComponent)/Settings.bundle"
    }
  }

  @Test func examplesPrintWhatTheyPrinted() {
    Self.check(Self.examples, manifest: "examples.txt")
  }

  @Test(.needsCorpus) func corpusBundlesPrintWhatTheyPrinted() {
    Self.check(Self.corpus, manifest: "corpus.txt")
  }

  @Test func sha256MatchesTheStandardsVectors() {
    #expect(
      SHA256.hex(Array("".utf8))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    // Two blocks: the padding spills into a second one.
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  // MARK: - Running and comparing

  /// One line of a manifest.
  struct Entry: Equatable {
    var bundle: String
    var command: String
    var status: Int32
    var digest: String

    var line: String { "\(bundle)  \(command)  exit \(status)  \(digest)" }

    init(bundle: String, command: String, status: Int32, digest: String) {
      self.bundle = bundle
      self.command = command
      self.status = status
      self.digest = digest
    }

    init?(line: Substring) {
      let fields = line.components(separatedBy: "  ")
      guard fields.count == 4, fields[2].hasPrefix("exit "),
        let status = Int32(fields[2].dropFirst(5))
      else { return nil }
      self.init(bundle: fields[0], command: fields[1], status: status, digest: fields[3])
    }

    var arguments: [String] { command.split(separator: " ").map(String.init) + [bundle] }
    var shellCommand: String { "prefs \(command) \(bundle)" }
  }

  static let header = """
    # Output identity (issue 28): what `prefs <command> <bundle>` prints, run in the
    # repository with only PATH and LANG=en_US.UTF-8 set and nothing on standard input.
    # One line per bundle and command: bundle, command, exit status, and the SHA-256 of
    # "stdout <n>\\n", the standard output, "stderr <m>\\n", the standard error (n, m: their
    # lengths in bytes). Checked by Tests/prefsTests/OutputIdentityTests.swift; written by
    # PREFS_RECORD=1, from the prefs that PREFS_IDENTITY_BASE names, else the built one.

    """

  static var base: URL? {
    ProcessInfo.processInfo.environment["PREFS_IDENTITY_BASE"].flatMap {
      $0.isEmpty ? nil : URL(fileURLWithPath: $0)
    }
  }

  static func check(_ bundles: [String], manifest name: String) {
    let url = Paths.fixtures.appendingPathComponent("OutputIdentity").appendingPathComponent(name)
    let recording = ProcessInfo.processInfo.environment["PREFS_RECORD"] == "1"
    let binary = recording ? (base ?? PrefsBinary.url) : PrefsBinary.url
    let entries = run(binary, bundles)
    let text = header + entries.map(\.line).joined(separator: "\n") + "\n"
    let recorded = try? String(contentsOf: url, encoding: .utf8)
    if recording {
      guard text != recorded else { return }
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record(
          "recorded Tests/Fixtures/OutputIdentity/\(name) from \(binary.path): \(entries.count) runs",
          severity: .warning)
      } catch {
        Issue.record("cannot record \(url.path): \(error)")
      }
      return
    }
    guard let recorded else {
      Issue.record(
        "no manifest Tests/Fixtures/OutputIdentity/\(name); run this test with PREFS_RECORD=1 and PREFS_IDENTITY_BASE=<the prefs before your change>"
      )
      return
    }
    var expected: [String: Entry] = [:]
    for line in recorded.split(separator: "\n") where !line.hasPrefix("#") {
      guard let entry = Entry(line: line) else {
        Issue.record("Tests/Fixtures/OutputIdentity/\(name): unreadable line \(line)")
        continue
      }
      expected["\(entry.bundle)  \(entry.command)"] = entry
    }
    for entry in entries {
      let key = "\(entry.bundle)  \(entry.command)"
      guard let old = expected.removeValue(forKey: key) else {
        Issue.record(
          "`\(entry.shellCommand)` is not in Tests/Fixtures/OutputIdentity/\(name) (a bundle or command added): record it with PREFS_RECORD=1 PREFS_IDENTITY_BASE=<the prefs before your change>"
        )
        continue
      }
      guard old != entry else { continue }
      Issue.record(Comment(rawValue: mismatch(old: old, new: entry)))
    }
    for old in expected.values.sorted(by: { $0.line < $1.line }) {
      Issue.record(
        "`\(old.shellCommand)` is in Tests/Fixtures/OutputIdentity/\(name) but was not run: is the bundle gone?"
      )
    }
  }

  /// Says what differs and how to see it.
  static func mismatch(old: Entry, new: Entry) -> String {
    var message =
      "`\(new.shellCommand)` (run in the repository) prints other bytes than when Tests/Fixtures/OutputIdentity was recorded"
    if old.status != new.status { message += "; exit status \(old.status), now \(new.status)" }
    guard let base else {
      return message + """
        . To see the diff, run this test again with PREFS_IDENTITY_BASE set to a prefs built \
        at the manifest's commit (`git log -1 -- Tests/Fixtures/OutputIdentity`), or in the \
        repository: diff <(BASE \(new.command) \(new.bundle) 2>&1) \
        <(.build/debug/prefs \(new.command) \(new.bundle) 2>&1)
        """
    }
    let before = outputs(of: base, new.arguments)
    let after = outputs(of: PrefsBinary.url, new.arguments)
    for (stream, old, now) in [
      ("standard output", before.output, after.output),
      ("standard error", before.errors, after.errors),
    ] where old != now {
      let diff = UnifiedDiff.render(
        old: String(decoding: old, as: UTF8.self), new: String(decoding: now, as: UTF8.self),
        path: stream, escaping: \.needsEscapingForTerminal
      ).split(separator: "\n", omittingEmptySubsequences: false)
      message +=
        "\n\(stream), - \(base.path), + this build:\n" + diff.prefix(60).joined(separator: "\n")
      if diff.count > 60 { message += "\n… \(diff.count - 60) more lines of diff" }
    }
    return message
  }

  /// Every command on every bundle, one run per core at a time, sorted by bundle and command.
  static func run(_ binary: URL, _ bundles: [String]) -> [Entry] {
    let jobs = bundles.flatMap { bundle in commands.map { (bundle, $0) } }
    let results = Mutex<[Int: Entry]>([:])
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let (bundle, command) = jobs[index]
      var entry = Entry(bundle: bundle, command: command, status: 0, digest: "")
      let run = outputs(of: binary, entry.arguments)
      var framed = Array("stdout \(run.output.count)\n".utf8) + run.output
      framed += Array("stderr \(run.errors.count)\n".utf8) + run.errors
      entry.status = run.status
      entry.digest = SHA256.hex(framed)
      results.withLock { $0[index] = entry }
    }
    let entries = results.withLock { $0 }
    return jobs.indices.compactMap { entries[$0] }.sorted {
      ($0.bundle, commands.firstIndex(of: $0.command) ?? 0)
        < ($1.bundle, commands.firstIndex(of: $1.command) ?? 0)
    }
  }

  /// The bytes a run printed (not decoded: a change in invalid UTF-8 counts too).
  static func outputs(of binary: URL, _ arguments: [String]) -> (
    status: Int32, output: [UInt8], errors: [UInt8]
  ) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = Paths.repository
    process.environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "LANG": "en_US.UTF-8",
    ]
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch {
      return (-1, [], Array("cannot run \(binary.path): \(error)".utf8))
    }
    // Standard error is drained beside standard output, so neither pipe can fill up.
    let errorBytes = Mutex<[UInt8]>([])
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorBytes.withLock { $0 = Array(data) }
    }
    let out = Array(output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    group.wait()
    return (process.terminationStatus, out, errorBytes.withLock { $0 })
  }
}

/// SHA-256 (FIPS 180-4), for the manifests: the test bundle links no crypto library.
enum SHA256 {
  static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  static func hex(_ message: [UInt8]) -> String {
    var h: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
      0x5be0_cd19,
    ]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    var w = [UInt32](repeating: 0, count: 64)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for i in 0..<16 {
        let j = block + i * 4
        w[i] =
          UInt32(padded[j]) << 24 | UInt32(padded[j + 1]) << 16 | UInt32(padded[j + 2]) << 8
          | UInt32(padded[j + 3])
      }
      for i in 16..<64 {
        let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
        let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
      for i in 0..<64 {
        let t1 =
          hh &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i]
          &+ w[i]
        let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
        (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
      }
      for (i, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ value }
    }
    return h.map { word in
      let digits = String(word, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }
}
