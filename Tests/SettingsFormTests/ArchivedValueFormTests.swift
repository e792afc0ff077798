import Foundation
import Plist
import SettingsForm
import Testing

/// A text field whose stored value is an NSKeyedArchiver archive (an app that
/// keeps an object under a key its Settings page also shows) shows the tree's
/// first line and stays read-only: Enter starts no edit, typing writes nothing.
struct ArchivedValueFormTests {
  static func archive(_ object: Any) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return archiver.encodedData
  }

  @Test func anArchivedValueIsShownAndReadOnly() throws {
    let stored = PlistValue.data(Self.archive(NSArray(array: ["Ann", "Bo"])))
    var driver = try FormDriver(values: ["name_preference": stored])
    #expect(driver.screen.contains("archived NSArray, 2 objects"))
    driver.press(.enter)
    driver.type("xyz")
    driver.press(.enter)
    #expect(driver.stored == ["name_preference": stored])
    #expect(driver.terminal.screen.cursor == nil)
  }

  /// Other data still shows and edits as before.
  @Test func otherDataIsNoArchive() {
    #expect(ArchivedValueText.line(of: .data(Data([1, 2, 3]))) == nil)
    #expect(ArchivedValueText.line(of: .string("archived")) == nil)
  }
}
