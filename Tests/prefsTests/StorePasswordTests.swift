import Foundation
import TestSupport
import Testing

/// The password of a store URL never reaches what the `prefs` binary
/// prints, whatever it holds and wherever it is written: no server needed,
/// the store is a closed port on the loopback address (connections refused).
struct StorePasswordTests {
  static let commands: [[String]] = [
    ["defaults", "read", "com.example.app", "speed"],
    ["defaults", "write", "com.example.app", "speed", "-int", "3"],
    ["defaults", "delete", "com.example.app", "speed"],
    ["defaults", "domains"],
    ["defaults", "export", "com.example.app", "-"],
    ["defaults", "read-type", "com.example.app", "speed"],
    ["defaults", "sync", "com.example.app"],
  ]

  /// Runs `command` on the store at `url`, given with --store or as
  /// PREFS_STORE, and returns what it printed.
  static func printed(_ command: [String], url: String, asEnvironment: Bool) throws -> String {
    let home = NSTemporaryDirectory() + "prefs-password-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: home) }
    var environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config"]
    var arguments = command
    if asEnvironment {
      environment["PREFS_STORE"] = url
    } else {
      arguments += ["--store", url]
    }
    let (status, output, errors) = try EndToEndTests.run(arguments, environment: environment)
    #expect(status != 0, "\(arguments): \(output)")
    return output + errors
  }

  @Test(arguments: [
    // A ? in the user information: libpq reads it as the password's.
    "postgres://app:?QZJXKVW@127.0.0.1:1/prefs",
    "postgres://app:pa?QZJXKVW&x=1@127.0.0.1:1/prefs",
    // A / or @ left unencoded: libpq reads a piece of it as the port or the database.
    "postgres://app:QZJX/KVW@127.0.0.1:1/prefs",
    "postgres://app:1/QZJXKVW@127.0.0.1:1/prefs",
    "postgres://app:QZJX@KVW@127.0.0.1:1/prefs",
    // An unencoded & or = in a query password.
    "postgres://app@127.0.0.1:1/prefs?password=QZ&JXKVW",
    "postgres://app@127.0.0.1:1/prefs?password=QZ&JXKVW=1",
    "postgres://app@127.0.0.1:1/prefs?sslmode=QZJXKVW",
    "postgres://127.0.0.1:1?password=QZJX@KVW",
  ])
  func knownLeaksAreClosed(url: String) throws {
    for (index, command) in Self.commands.enumerated() {
      let printed = try Self.printed(command, url: url, asEnvironment: index.isMultiple(of: 2))
      #expect(
        HostilePassword.piece(of: "QZJXKVW", in: printed) == nil, "\(command) \(url): \(printed)")
    }
  }

  /// Random hostile passwords in every place libpq takes one (and written
  /// carelessly), through --store and PREFS_STORE, for every command.
  @Test func randomPasswordsNeverReachTheTerminal() throws {
    var random = SplitMix64(seed: 3030)
    var runs = 0
    for round in 0..<6 {
      let secret = HostilePassword.random(using: &random)
      for (index, placement) in HostilePassword.Placement.allCases.enumerated() {
        let url = placement.url(secret, host: "127.0.0.1:1")
        let command = Self.commands[(round + index) % Self.commands.count]
        let printed = try Self.printed(command, url: url, asEnvironment: (round + index) % 2 == 0)
        runs += 1
        let leak = HostilePassword.piece(of: secret, in: printed)
        #expect(leak == nil, "\(command) \(url) shows \(leak ?? ""): \(printed)")
      }
    }
    #expect(runs == 6 * HostilePassword.Placement.allCases.count)
  }

  @Test func aPasswordFromTheEnvironmentIsNeverPrinted() throws {
    let (status, output, errors) = try EndToEndTests.run(
      ["defaults", "read", "com.example.app", "--store", "postgres://app@127.0.0.1:1/prefs"],
      environment: ["PGPASSWORD": "QZJ/X@K?V#W"])
    #expect(status == 1)
    #expect(errors.contains("postgres://app@127.0.0.1:1/prefs"), "\(errors)")
    #expect(HostilePassword.piece(of: "QZJ/X@K?V#W", in: output + errors) == nil)
  }

  /// The binary itself: a store URL where no argument was expected, or
  /// behind a misspelt option, reaches standard error redacted.
  @Test(arguments: [
    ["defaults", "domains", "postgres://app:QZJX%40KVW@127.0.0.1:1/prefs"],
    ["defaults", "read", "d", "k", "--stor=PostgreSQL://app:QZJX/KVW@h/d"],
    ["lint", "postgresql://app:QZJX?KVW@h/d", "--bogus"],
  ])
  func aStrayURLNeverReachesTheTerminal(arguments: [String]) throws {
    let (status, output, errors) = try EndToEndTests.run(arguments)
    #expect(status == 2, "\(output)\(errors)")
    for secret in ["QZJX@KVW", "QZJX/KVW", "QZJX?KVW", "QZJX%40KVW"] {
      #expect(HostilePassword.piece(of: secret, in: output + errors) == nil, "\(errors)")
    }
  }

  /// A careless user gives a store URL where a bundle, a domain or a
  /// `REV:PATH` belongs: the message that quotes the argument (often
  /// reshaped: its trailing `/` dropped, `//` made one, a tab escaped)
  /// shows no piece of the password.
  @Test(arguments: [
    "postgres://app:QZJXKVW@127.0.0.1:1/prefs",
    "postgresql://app:QZJX%40KVW@[::1]:1/prefs/",
    "POSTGRES://app:QZJX/KVW@h//d/./",
    "postgres://app:QZJX\tKVW@h/d",
    "postgres://app@h/d?password=QZJX&KVW",
    "postgres://app:QZJX\"KVW\\@h/d",
  ])
  func aURLWhereAPathOrADomainBelongsIsNeverShown(url: String) throws {
    let folder = NSTemporaryDirectory() + "prefs-stray-url-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for arguments in [
      ["dump", url], ["lint", url], ["lint", "--format", "json", url], ["generate", "swift", url],
      ["strings", "export", url, "-o", folder + "/out.xliff"],
      ["defaults", "write", url, "k", "v", "--defaults-dir", folder],
      ["defaults", "read", url, "--defaults-dir", folder], ["diff", "HEAD:" + url, url],
    ] {
      let (_, output, errors) = try EndToEndTests.run(arguments)
      for secret in ["QZJXKVW", "QZJX@KVW", "QZJX/KVW", "QZJX\tKVW", "QZJX&KVW", "QZJX\"KVW"] {
        let leak = HostilePassword.piece(of: secret, in: output + errors)
        #expect(leak == nil, "\(arguments) shows \(leak ?? ""): \(output)\(errors)")
      }
    }
  }
}
