import BundleEdit
import Foundation
import Plist
import SettingsSchema
import Synchronization
import TestSupport
import Testing

/// Writers that edit one page at once (parallel build phases): every write
/// reported as made is in the final file; a writer that read stale bytes is
/// refused and, reading again, gets its edit in too.
struct ConcurrentWriteTests {
  static let keys = [
    "name_preference", "password_preference", "pin_preference", "version_preference",
    "dark_mode_preference", "units_preference", "theme_preference", "sync_status",
  ]

  /// Sets `key.Title` to `title`, reading the bundle again while the write is
  /// refused because another writer changed the page in between.
  static func setTitle(_ key: String, _ title: String, bundle: String) throws -> Int {
    for attempt in 1...500 {
      let editor = BundleEditor(bundle: try SettingsBundle.load(at: bundle))
      let change = try editor.set("\(key).Title", to: title)
      do {
        try BundleFileWriter.write(change, inBundle: bundle)
        return attempt
      } catch {
        guard case .unwritable(_, let reason) = error, reason.contains("changed since it was read")
        else { throw error }
      }
    }
    return 0
  }

  /// Shared by the writers' threads (a Mutex is not copied into a closure).
  final class Failures: Sendable {
    let list = Mutex<[String]>([])
  }

  @Test func everyWriteReportedIsInTheFinalFile() throws {
    let bundle = try BundleEditorTests.showcase()
    defer { bundle.remove() }
    let failures = Failures()
    for round in 0..<4 {
      let group = DispatchGroup()
      for key in Self.keys {
        group.enter()
        let path = bundle.path
        Thread.detachNewThread {
          defer { group.leave() }
          do {
            if try Self.setTitle(key, "round \(round) \(key)", bundle: path) == 0 {
              failures.list.withLock { $0.append("\(key): never written") }
            }
          } catch {
            failures.list.withLock { $0.append("\(key): \(error)") }
          }
        }
      }
      group.wait()
      let page = try PropertyListReader.read(
        Array(try Data(contentsOf: bundle.url.appendingPathComponent("Root.plist"))))
      let titles = Set(
        (page.root["PreferenceSpecifiers"]?.array ?? []).compactMap { element in
          element["Key"]?.string.flatMap { key in
            element["Title"]?.string.map { "\(key)=\($0)" }
          }
        })
      for key in Self.keys {
        #expect(titles.contains("\(key)=round \(round) \(key)"), "round \(round): \(key) lost")
      }
    }
    #expect(failures.list.withLock { $0 }.isEmpty)
  }
}
