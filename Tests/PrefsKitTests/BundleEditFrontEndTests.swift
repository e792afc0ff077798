import BundleEdit
import Foundation
import Plist
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// `BundleEditFrontEnd`: the bundle named as given, read with `.prefs.yml`'s
/// root and dialect, the edit planned, written unless asked not to.
struct BundleEditFrontEndTests {
  static func project() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-bundle-front-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
    return folder
  }

  @Test func aDryRunPlansTheChangeAndWritesNothing() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("Settings.bundle/Advanced.plist")
    let before = try Paths.bytes(page)
    let outcome = try BundleEditFrontEnd.run(
      BundleEditOptions(
        bundle: "Settings.bundle",
        operation: .set(keyPath: "server_url.DefaultValue", value: "https://ex.org"),
        dryRun: true),
      environment: PrefsEnvironment(workingDirectory: folder.path))
    #expect(!outcome.written)
    #expect(outcome.change.file == "Advanced.plist")
    #expect(outcome.change.previous == .string("https://example.com"))
    #expect(try Paths.bytes(page) == before)
    #expect(outcome.patch?.contains("+\t\t\t<string>https://ex.org</string>\n") == true)
    #expect(outcome.patch?.hasPrefix("--- a/Settings.bundle/Advanced.plist\n") == true)
  }

  @Test func anEditIsWrittenWhereTheEnvironmentSays() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try BundleEditFrontEnd.run(
      BundleEditOptions(bundle: "Settings.bundle", operation: .remove(name: "IPAD_SPLIT")),
      environment: PrefsEnvironment(workingDirectory: folder.path))
    #expect(outcome.written)
    let page = try PropertyListReader.read(
      try Paths.bytes(folder.appendingPathComponent("Settings.bundle/Advanced.plist")))
    #expect(page.root["PreferenceSpecifiers"]?.array?.count == 3)
  }

  @Test func refusalsAreTyped() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = PrefsEnvironment(workingDirectory: folder.path)
    #expect(throws: BundleEditFailure.self) {
      try BundleEditFrontEnd.run(
        BundleEditOptions(bundle: "Missing.bundle", operation: .remove(name: "x")),
        environment: environment)
    }
    do {
      _ = try BundleEditFrontEnd.run(
        BundleEditOptions(bundle: "Settings.bundle", operation: .remove(name: "server_ur")),
        environment: environment)
      Issue.record("no refusal")
    } catch {
      guard case .edit(.noElement("server_ur", _, _)) = error else {
        Issue.record("\(error)")
        return
      }
    }
    try Data("root: [\n".utf8).write(to: folder.appendingPathComponent(".prefs.yml"))
    do {
      _ = try BundleEditFrontEnd.run(
        BundleEditOptions(bundle: "Settings.bundle", operation: .remove(name: "server_url")),
        environment: environment)
      Issue.record("no refusal")
    } catch {
      guard case .configuration = error else {
        Issue.record("\(error)")
        return
      }
    }
  }
}
