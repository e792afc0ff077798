import Foundation
import HeadlessBrowser
import PrefsKit
import SettingsRender
import TestSupport
import Testing

/// `prefs render`'s HTML of every example and every corpus bundle, opened in the real
/// browser: nothing scrolls sideways at 320 px or 1024 px, every child-pane link leads
/// to its page and shows it, every control has an accessible name, and text reads at
/// WCAG's contrast in the light and the dark appearance. The examples' pages are also
/// compared, as pictures, with their goldens (Tests/Golden/browser).
@Suite(.enabled(if: TestBrowser.runs, TestBrowser.skipReason))
struct RenderedPagesTests {
  static let examples: [String] = Paths.files(under: Paths.examples, extensions: ["bundle"])
    .filter { $0.hasSuffix("/Settings.bundle") }

  static let corpusBundles: [String] = Paths.corpusBundles.map(\.path)

  /// The HTML `prefs render --format html` writes for `bundle`, in a scratch file.
  static func renderedPage(_ bundle: String) throws -> URL {
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    let html = try RenderFrontEnd.html(EditOptions(bundle: bundle), environment: environment).html
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-rendered-\(UUID().uuidString).html")
    try Data(html.utf8).write(to: file)
    return file
  }

  /// Every check of a rendered page; `bundle` names it in each failure.
  static func checkRenderedPage(_ bundle: String) throws {
    let file = try renderedPage(bundle)
    defer { try? FileManager.default.removeItem(at: file) }
    let page = try TestBrowser.browser().open(file, viewport: Viewport(width: 320, height: 640))
    defer { page.close() }
    let name = bundle.replacingOccurrences(
      of: Paths.repository.deletingLastPathComponent().path, with: "")
    for width in [320, 1024] {
      try page.setViewport(Viewport(width: width, height: 640))
      let overflow = try page.horizontalOverflow()
      #expect(overflow == nil, "\(name) at \(width) px: \(String(describing: overflow))")
      // The back link is one line (cut with "…" when it must be), never "‹" above its label.
      let brokenBackLinks: [String] = try page.evaluate(
        """
        [...document.querySelectorAll('a.back')].filter(a =>
          a.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(a).lineHeight)
        ).map(a => a.closest('section').id)
        """)
      #expect(brokenBackLinks == [], "\(name) at \(width) px: back links on several lines")
    }
    let links = try page.internalLinkProblems()
    #expect(links == [], "\(name): \(links)")
    let unnamed = try page.unnamedControls()
    #expect(unnamed == [], "\(name): \(unnamed)")
    for scheme in ColorScheme.allCases {
      try page.setColorScheme(scheme)
      let contrast = try page.lowContrastText()
      #expect(contrast == [], "\(name) \(scheme): \(contrast)")
    }
  }

  @Test(arguments: examples)
  func examplePagesPassEveryCheck(bundle: String) throws {
    try Self.checkRenderedPage(Paths.examples.appendingPathComponent(bundle).path)
  }

  @Test(.enabled(if: !corpusBundles.isEmpty, "the corpus (../shared/corpus) is absent"))
  func corpusPagesPassEveryCheck() throws {
    var unrendered: [String] = []
    for bundle in Self.corpusBundles {
      do {
        try Self.checkRenderedPage(bundle)
      } catch is EditFailure {
        // A bundle that does not lay out gets no page; SettingsRender's tests own that.
        unrendered.append(bundle)
      }
    }
    #expect(unrendered.count * 10 < Self.corpusBundles.count, "not rendered: \(unrendered)")
  }

  @Test(arguments: examples)
  func exampleChildPaneLinksLeadToTheirPages(bundle: String) throws {
    let file = try Self.renderedPage(Paths.examples.appendingPathComponent(bundle).path)
    defer { try? FileManager.default.removeItem(at: file) }
    let page = try TestBrowser.browser().open(file, viewport: Viewport(width: 390, height: 640))
    defer { page.close() }
    let pages: [String] = try page.evaluate(
      "[...document.querySelectorAll('section.page')].map(s => s.id)")
    let fragments = try page.internalLinkFragments()
    // Every page but the first is reached by a link, and every link reaches a page.
    #expect(Set(pages.dropFirst()).isSubset(of: fragments), "\(bundle)")
    #expect(Set(fragments).isSubset(of: pages), "\(bundle)")
  }

  /// The examples' pages as `prefs render --format png` draws them (at one device pixel
  /// per CSS pixel), against their goldens: same size, and at most 0.1% of the pixels
  /// differing by more than 24 in a channel. `PREFS_RECORD=1` writes the goldens.
  @Test(arguments: examples)
  func examplePicturesMatchTheirGoldens(bundle: String) throws {
    let example = bundle.split(separator: "/").first.map(String.init) ?? bundle
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    let html = try RenderFrontEnd.html(
      EditOptions(bundle: Paths.examples.appendingPathComponent(bundle).path),
      environment: environment
    ).html
    let browser = try TestBrowser.browser()
    let comparer = try browser.open(
      URL(string: "about:blank")!, viewport: Viewport(width: 100, height: 100))
    defer { comparer.close() }
    let folder = Paths.repository.appendingPathComponent("Tests/Golden/browser/\(example)")
    let record = ProcessInfo.processInfo.environment["PREFS_RECORD"] == "1"
    for scheme in ColorScheme.allCases {
      let pictures = try RenderFrontEnd.pagePictures(
        ofHTML: html, in: browser, colorScheme: scheme, scale: 1,
        scratch: FileManager.default.temporaryDirectory.path)
      #expect(!pictures.isEmpty)
      for picture in pictures {
        let name = picture.name + (scheme == .dark ? "-dark" : "") + ".png"
        let golden = folder.appendingPathComponent(name)
        guard let expected = FileManager.default.contents(atPath: golden.path), !record else {
          if record {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try picture.png.write(to: golden)
            Issue.record("recorded Tests/Golden/browser/\(example)/\(name)", severity: .warning)
          } else {
            Issue.record(
              "no golden Tests/Golden/browser/\(example)/\(name); run with PREFS_RECORD=1")
          }
          continue
        }
        let difference = try comparer.compareImages(expected, picture.png, channelTolerance: 24)
        guard difference.sameSize, difference.differingShare <= 0.001 else {
          let actual = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-browser-\(example)-\(name)")
          try? picture.png.write(to: actual)
          Issue.record(
            """
            \(example)/\(name) differs from its golden: \(difference.width)×\(difference.height) \
            vs \(difference.otherWidth)×\(difference.otherHeight), \(difference.differingPixels) \
            pixels differ; this run's picture is \(actual.path)
            """)
          continue
        }
      }
    }
  }
}
