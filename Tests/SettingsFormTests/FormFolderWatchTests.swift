import DefaultsStore
import Foundation
import Plist
import SettingsForm
import TerminalUI
import TestSupport
import Testing

/// The form's live updates outlive the defaults folder: while the folder is
/// gone the status line says so (other processes' changes cannot be heard),
/// and when it is back the form hears them again. Through the session
/// `prefs edit` runs, on a real folder.
struct FormFolderWatchTests {
  @Test func liveUpdatesResumeWhenTheFolderComesBack() throws {
    let base =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-form-watch-\(UUID().uuidString)"
      ).path
    let folder = base + "/config"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    let store = try DefaultsStore(domain: "com.example.showcase", directory: folder)
    try store.set(.string("Ana"), forKey: "name_preference")
    var driver = try FormDriver(width: 100, height: 24, store: store)
    #expect(driver.screen.contains("Ana"))

    try FileManager.default.removeItem(atPath: folder)
    #expect(
      eventually {
        driver.run()
        return driver.screen.contains("config is gone")
      }, "\(driver.screen)")
    // A key press does not hide it while the folder is still gone.
    driver.press(.down)
    #expect(driver.screen.contains("config is gone"))

    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try DefaultsStore(domain: "com.example.showcase", directory: folder)
      .set(.string("Bea"), forKey: "name_preference")
    #expect(
      eventually {
        driver.run()
        return driver.screen.contains("Bea")
      }, "\(driver.screen)")
    #expect(!driver.screen.contains("is gone"))
  }
}

/// A shared store out of reach is said on the status line in the store's
/// words (never as a folder), kept there across key presses, and cleared
/// when it is back.
struct FormStoreWatchTests {
  @Test(arguments: [("en", "is out of reach"), ("pt", "está inacessível")])
  func aStoreOutOfReachIsSaidUntilItIsBack(language: String, words: String) throws {
    let store = try DefaultsStore(inMemory: "com.example.showcase")
    var driver = try FormDriver(width: 100, height: 24, store: store)
    var state = driver.state
    state.words = FormWords.language(language)
    let name = "postgres://app@db.example.org:5432/prefs#com.example.showcase"
    _ = FormUpdate.update(&state, .storeGone(name))
    #expect(state.status?.contains(words) == true, "\(String(describing: state.status))")
    #expect(state.status?.contains(name) == true)
    _ = FormUpdate.update(&state, .key(.down))
    #expect(state.status?.contains(words) == true, "a key press keeps it said")
    _ = FormUpdate.update(&state, .storeGone(nil))
    #expect(state.status?.contains(words) == false)
    _ = FormUpdate.update(&state, .key(.down))
    #expect(state.status == nil)
    driver.run()
  }
}
