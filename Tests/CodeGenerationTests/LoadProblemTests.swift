import CodeGeneration
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// A page reached from Root that does not load as written is a generation
/// error naming the file, the line and (inside an element) its key: code
/// generated without the page's settings would compile and be wrong.
struct LoadProblemTests {
  static let root = VariantTests.page(
    """
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sons</string>
    <key>Title</key><string>Sons</string><key>DefaultValue</key><true/></dict>
    <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Avançado</string>
    <key>File</key><string>Avançado</string></dict>
    """)

  static func generate(_ files: [String: String]) throws -> String {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for (name, text) in files { try bundle.write(name, text) }
    return try SwiftSettingsGenerator(options: .init()).generate(
      from: try GeneratedSourceTests.bundles(bundle.path))
  }

  @Test func aChildPageThatDoesNotParseIsAnErrorAtItsLine() throws {
    let broken = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>nome</string>
      </array></dict></plist>
      """
    #expect {
      _ = try Self.generate(["Root.plist": Self.root, "Avançado.plist": broken])
    } throws: { error in
      guard let error = error as? GenerationError,
        case .pageDoesNotLoad(let message) = error.reason
      else { return false }
      return error.key == nil && error.origin.file == "Avançado.plist" && error.origin.line == 4
        && message.contains("</array> closes <dict>, which opened on line 3")
        && error.compilerStyle(bundlePath: "Settings.bundle").hasPrefix(
          "Settings.bundle/Avançado.plist:4:1: error: the page does not load (")
    }
  }

  @Test func anErrorInsideAnElementNamesItsKey() throws {
    // A child pane whose File leaves the bundle: loading refuses it, with an error.
    let root = VariantTests.page(
      """
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sons</string></dict>
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Key</key><string>mais</string>
      <key>File</key><string>../Fora</string></dict>
      """)
    #expect {
      _ = try Self.generate(["Root.plist": root])
    } throws: { error in
      guard let error = error as? GenerationError, case .pageDoesNotLoad = error.reason else {
        return false
      }
      return error.key == "mais" && error.origin.file == "Root.plist" && error.origin.line == 5
        && error.description.hasPrefix("the setting \"mais\" does not load (")
    }
  }

  @Test func aPageNotReachedFromRootDoesNotStopGeneration() throws {
    let source = try Self.generate([
      "Root.plist": VariantTests.page(VariantTests.toggle), "Unused.plist": "<plist><dict>",
    ])
    #expect(source.contains("static let shared = SettingsKey<Swift.Bool>("))
  }

  @Test func aWarningOnAReachedPageDoesNotStopGeneration() throws {
    // Only Root~ipad.plist: the phone is shown it instead, with a warning.
    let source = try Self.generate(["Root~ipad.plist": VariantTests.page(VariantTests.toggle)])
    #expect(source.contains("static let shared"))
  }
}
