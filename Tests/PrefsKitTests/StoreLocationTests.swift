import DefaultsStore
import Foundation
import Plist
import PrefsKit
import TestSupport
import Testing

/// Where defaults live is decided once, from the options and the variables
/// handed in, and a folder is opened where it is but named as it was given.
struct StoreLocationTests {
  static let url = "postgres://app:secret@db.local/prefs"

  @Test(
    arguments: [
      // folder, store URL, PREFS_STORE -> the description of the location, or the failure
      (nil, nil, nil, "/home/me/.config"),
      (nil, nil, "", "/home/me/.config"),
      ("config", nil, nil, "config"),
      ("config", nil, url, "config"),
      (nil, nil, url, "postgres://app@db.local:5432/prefs"),
      (nil, url, nil, "postgres://app@db.local:5432/prefs"),
      ("config", url, nil, "a folder and a shared store were both given; give one"),
      (nil, "http://db.local/prefs", nil, "invalid store URL"),
    ] as [(String?, String?, String?, String)])
  func theLocationIsDecidedOnce(folder: String?, url: String?, variable: String?, shown: String) {
    var variables = ["HOME": "/home/me"]
    variables["PREFS_STORE"] = variable
    let environment = PrefsEnvironment(workingDirectory: "/work", variables: variables)
    let decided = Result { () throws(StoreLocation.Failure) in
      try StoreLocation(StoreOptions(folder: folder, storeURL: url), environment: environment)
    }
    switch decided {
    case .success(let location):
      #expect(location.description == shown)
      #expect(location.isShared == (shown.hasPrefix("postgres")))
      #expect(!location.description.contains("secret"))
    case .failure(let failure):
      #expect(failure.description.hasPrefix(shown), "\(failure)")
    }
  }

  @Test func theDefaultFolderIsMadeAndAGivenOneIsNot() throws {
    let environment = PrefsEnvironment(
      workingDirectory: "/work", variables: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"])
    let defaulted = try StoreLocation(StoreOptions(), environment: environment)
    #expect(
      defaulted
        == .folder(DefaultsFolder("/x/cfg", environment: environment, isDefault: true)))
    let given = try StoreLocation(StoreOptions(folder: "cfg/"), environment: environment)
    guard case .folder(let folder) = given else {
      Issue.record("\(given)")
      return
    }
    #expect(folder.given == "cfg" && folder.resolved == "/work/cfg" && !folder.isDefault)
  }

  @Test func aSyncNeedsAServerAndKeepsTheFolderBeside() throws {
    let environment = PrefsEnvironment(workingDirectory: "/work", variables: ["HOME": "/h"])
    #expect(throws: StoreLocation.Failure.noServer) {
      try StoreLocation.requiredServer(StoreOptions(folder: "cfg"), environment: environment)
    }
    var withStore = environment
    withStore.variables["PREFS_STORE"] = Self.url
    // A folder does not stand in for the store: PREFS_STORE is the shared side still.
    let server = try StoreLocation.requiredServer(
      StoreOptions(folder: "cfg"), environment: withStore)
    #expect(server.description == "postgres://app@db.local:5432/prefs")
    #expect(
      StoreLocation.folder(StoreOptions(folder: "cfg"), environment: withStore).description == "cfg"
    )
  }

  /// A folder relative to the working directory handed in (not the
  /// process's) is where the domain is written, and every message names it
  /// as given.
  @Test(arguments: ["config", "config/", "nested/config", "./config"])
  func aRelativeFolderIsTheEnvironmentsAndNamedAsGiven(folder: String) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-location-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: base) }
    let resolved = base + "/" + folder
    try FileManager.default.createDirectory(atPath: resolved, withIntermediateDirectories: true)
    #expect(FileManager.default.currentDirectoryPath != base)
    let environment = PrefsEnvironment(workingDirectory: base)
    let defaults = DefaultsFrontEnd(
      location: try StoreLocation(StoreOptions(folder: folder), environment: environment),
      environment: environment)
    _ = try defaults.write(domain: "com.example.app", key: "k", .set(.integer(1), type: .int))
    let file = URL(fileURLWithPath: resolved).appendingPathComponent("com.example.app.plist")
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(try defaults.read(domain: "com.example.app", key: "k") == .integer(1))

    try Data("{ not = closed".utf8).write(to: file)
    let shown = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let error = #expect(throws: DefaultsFailure.self) {
      try defaults.read(domain: "com.example.app")
    }
    guard case .store(.corruptDomain(let named, _)) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(named == shown + "/com.example.app.plist")
    let forced = try defaults.write(
      domain: "com.example.app", key: "k", .set(.integer(2), type: .int), force: true)
    #expect(forced.movedAside?.hasPrefix(shown + "/com.example.app.plist.corrupt-") == true)
  }

  @Test func aGivenFolderThatIsMissingIsNamedAsGiven() throws {
    let environment = PrefsEnvironment(workingDirectory: "/nonexistent-prefs-base")
    let location = try StoreLocation(StoreOptions(folder: "typo"), environment: environment)
    #expect(throws: DefaultsError.missingDirectory("typo")) {
      try location.storeWithValues(domain: "com.example.app")
    }
    let defaults = DefaultsFrontEnd(location: location, environment: environment)
    let error = #expect(throws: DefaultsFailure.self) {
      try defaults.write(domain: "com.example.app", key: "k", .set(.bool(true), type: nil))
    }
    guard case .store(.missingDirectory("typo")) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }
}
