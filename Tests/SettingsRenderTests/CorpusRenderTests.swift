import Foundation
import SettingsRender
import SettingsSchema
import TestSupport
import Testing

/// Every real bundle of the shared corpus lays out and renders, as each
/// reader shows it on each device: links lead to pages, ids are unique,
/// controls are named, and every page the bundle reaches is there.
@Suite(.needsCorpus) struct CorpusRenderTests {
  static var bundles: [String] { Paths.corpusBundles.map(\.path) }

  @Test(arguments: bundles)
  func rendersAsEveryReaderShowsItOnEveryDevice(_ path: String) throws {
    let name = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
    var first: SettingsBundle?
    for dialect in Dialect.allCases {
      for idiom in Idiom.allCases {
        var options = LoadOptions(
          idiom: idiom, dialect: dialect, preferredLanguages: ["en"], keepsComments: false)
        options.followsBundleReader = false
        let bundle =
          try first.map { try SettingsBundle.load(at: path, options: options, readingAgain: $0) }
          ?? SettingsBundle.load(at: path, options: options)
        first = first ?? bundle
        let layout = SettingsLayout(bundle: bundle, appTitle: name)
        let reached = bundle.pages.filter(\.isReached).map(\.file)
        #expect(layout.pages.filter { $0.id.choicesOf == nil }.map(\.id.file) == reached)
        let html = HTMLWriter.write(layout)
        #expect(HTMLStructure.problems(html) == [], "\(name) \(dialect) \(idiom)")
        #expect(html.hasSuffix("</html>\n"))
      }
    }
  }
}
