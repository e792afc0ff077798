import DefaultsStore
import Foundation
import Plist
import SettingsForm
import TerminalUI
import TestSupport
import Testing

/// A write the store refuses — a read-only folder, a directory where the
/// domain file belongs — changes no row, is shown whole until dismissed,
/// and makes the form end with a reason that says so. Through the session
/// `prefs edit` runs, on real folders.
struct FormWriteFailureTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-form-failure-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  /// The line of the row titled `title`.
  static func row(_ title: String, in screen: String) -> Substring? {
    screen.split(separator: "\n").first { $0.hasPrefix("  " + title) }
  }

  /// The lines drawn in the alert's style.
  static func alertLines(_ terminal: VirtualTerminal) -> [String] {
    let screen = terminal.screen
    let lines = screen.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    return (0..<screen.height).filter { screen[1, $0].style == Style(foreground: .red, bold: true) }
      .map { String(lines[$0].dropFirst()) }
  }

  /// The last line shown and the number of lines, from the alert's `↑↓ 3–9/12`.
  static func scrolled(_ indicator: String) -> (Int, Int)? {
    guard indicator.hasPrefix("↑↓ ") else { return nil }
    let numbers = indicator.dropFirst(3).split(whereSeparator: { $0 == "–" || $0 == "/" })
      .compactMap { Int($0) }
    return numbers.count == 3 ? (numbers[1], numbers[2]) : nil
  }

  static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  /// What the store says when it refuses to write `key` now.
  static func refusal(_ store: DefaultsStore, _ key: String) -> String {
    do throws(DefaultsError) {
      try store.set(.bool(false), forKey: key)
      return "the write succeeded"
    } catch {
      return error.description
    }
  }

  @Test(.needsReadOnlyFolders)
  func aReadOnlyFolderChangesNoRowAndTheErrorStaysUntilDismissed() throws {
    defer { remove() }
    let store = try DefaultsStore(domain: "com.example.showcase", directory: directory)
    try store.set(.string("Ana"), forKey: "name_preference")
    var driver = try FormDriver(width: 60, height: 24, store: store)
    guard let readOnly = ReadOnlyFolder(directory) else {
      Issue.record("this machine cannot make a folder read-only for this user")
      return
    }
    defer { readOnly.restore() }
    let message = Self.refusal(store, "dark_mode_preference")
    driver.focus("Dark Mode")
    #expect(Self.row("Dark Mode", in: driver.screen)?.hasSuffix("on") == true)
    driver.press(.enter)
    // The row shows what is stored: still on.
    #expect(Self.row("Dark Mode", in: driver.screen)?.hasSuffix("on") == true)
    #expect(driver.stored == ["name_preference": .string("Ana")])
    let shown = Self.alertLines(driver.terminal)
    #expect(
      Self.squeezed(shown.joined()) == Self.squeezed("\"Dark Mode\" was not saved: " + message))
    #expect(shown.allSatisfy { $0.count < 60 })
    #expect(driver.screen.hasSuffix("⏎ dismiss  q quit"))
    // Other keys leave it there; Enter dismisses it.
    driver.press(.down, .character("x"), .enter)
    #expect(Self.alertLines(driver.terminal).isEmpty)
    #expect(driver.state.focusedRow?.title == "Dark Mode")
    // A text field: the edit is not shown as stored either.
    driver.focus("Name")
    driver.press(Array(repeating: .up, count: 5))
    driver.press(.enter)
    driver.type("Bea")
    driver.press(.enter)
    #expect(Self.row("Name", in: driver.screen)?.hasSuffix("Ana") == true)
    driver.press(.escape, .character("q"))
    #expect(driver.outcome == .requestedAfterFailedWrite)
  }

  @Test func aDirectoryWhereTheDomainFileBelongs() throws {
    defer { remove() }
    let store = try DefaultsStore(domain: "com.example.showcase", directory: directory)
    var driver = try FormDriver(store: store)
    try FileManager.default.createDirectory(
      atPath: store.path, withIntermediateDirectories: false)
    driver.focus("Dark Mode")
    driver.press(.enter)
    #expect(Self.row("Dark Mode", in: driver.screen)?.hasSuffix("on") == true)
    let shown = Self.squeezed(Self.alertLines(driver.terminal).joined())
    #expect(shown.contains(Self.squeezed("a directory stands where the domain file belongs")))
    // Ctrl-C still interrupts.
    driver.press(.ctrl("c"))
    #expect(driver.outcome == .interrupted)
  }

  /// A message longer than the screen scrolls, and every word of it can be read.
  @Test func aLongErrorWrapsAndScrollsOnTheSmallestScreen() throws {
    defer { remove() }
    let deep = directory + "/" + String(repeating: "a-folder-with-a-long-name-", count: 8)
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    let store = try DefaultsStore(domain: "com.example.showcase", directory: deep)
    var driver = try FormDriver(width: 40, height: 10, store: store)
    try FileManager.default.createDirectory(
      atPath: store.path, withIntermediateDirectories: false)
    let message = Self.refusal(store, "dark_mode_preference")
    driver.focus("Dark Mode")
    driver.press(.enter)
    var lines = Self.alertLines(driver.terminal)
    #expect(lines.last?.hasPrefix("↑↓ 1–7/") == true, "\(driver.screen)")
    var seen = lines.dropLast()
    // Down shows one more line each time, until the last.
    while let (shownTo, total) = lines.last.flatMap(Self.scrolled), shownTo < total, seen.count < 40
    {
      driver.press(.down)
      lines = Self.alertLines(driver.terminal)
      seen.append(lines[lines.count - 2])
    }
    #expect(
      Self.squeezed(seen.joined()) == Self.squeezed("\"Dark Mode\" was not saved: " + message))
    #expect(driver.screen.split(separator: "\n").allSatisfy { $0.count <= 40 })
    driver.press(.character("q"))
    #expect(driver.outcome == .requestedAfterFailedWrite)
  }
}
