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

  /// A toggle or multi value whose stored value is an archive says so, in the
  /// form and in plain mode, instead of showing "off" or no choice as if it
  /// held its default (tester 2026-11-27d H-i).
  @Test func anArchivedToggleOrMultiValueSaysWhatIsStored() throws {
    let toggle = PlistValue.data(Self.archive(NSArray(array: ["a", "b"])))
    let multi = PlistValue.data(Self.archive(NSArray(array: ["c", "d", "e"])))
    let values: [PlistKey: PlistValue] = [
      "dark_mode_preference": toggle, "theme_preference": multi,
    ]
    let driver = try FormDriver(width: 80, height: 40, values: values)
    #expect(driver.screen.contains("archived NSArray, 2 objects"))
    #expect(driver.screen.contains("archived NSArray, 3 objects"))
    var output = ""
    var answers = 0
    // Enter on every row (keeps each value), then the end of input.
    _ = PlainFormSession(
      bundle: driver.state.bundle, store: driver.store, words: .english, idiom: .phone,
      readAnswer: {
        answers += 1
        return answers < 100 ? "" : nil
      }
    ).run(output: &output)
    #expect(output.contains(": archived NSArray, 2 objects"), "\(output)")
    #expect(output.contains(": archived NSArray, 3 objects"), "\(output)")
    #expect(try driver.store.persistentValues() == values)
  }

  /// Enter on such a row neither flips the switch nor picks a choice: the
  /// archive stays as stored.
  @Test(arguments: ["dark_mode_preference", "theme_preference"])
  func anArchivedToggleOrMultiValueStaysAsStored(key: String) throws {
    let stored = PlistValue.data(Self.archive(NSArray(array: ["a", "b"])))
    var driver = try FormDriver(width: 80, height: 40, values: [PlistKey(key): stored])
    let index = try #require(driver.state.page.rows.firstIndex { $0.key == key })
    driver.state.page.focus = index
    driver.press(.enter)
    driver.press(.enter)
    #expect(driver.stored == [PlistKey(key): stored])
  }
}
