import Foundation
import Testing

@testable import HeadlessBrowser

/// The driver against the real browser: pages load at a size, scripts answer in JSON,
/// screenshots are PNG of the right size, the accessibility tree is there.
@Suite(.enabled(if: TestBrowser.runs, TestBrowser.skipReason))
struct DriverTests {
  @Test func aPageLoadsAtItsViewportAndAnswersInJSON() throws {
    let browser = try TestBrowser.browser()
    let page = try browser.open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 480))
    defer { page.close() }
    #expect(try page.evaluate("document.title") as String == "Well made")
    #expect(try page.evaluate("window.innerWidth") as Int == 320)
    struct Answer: Decodable, Equatable {
      var number: Double
      var list: [String]
      var nothing: String?
    }
    let answer: Answer = try page.evaluate(
      "Promise.resolve({ number: 1.5, list: ['ä', 'b'], nothing: null })")
    #expect(answer == Answer(number: 1.5, list: ["ä", "b"], nothing: nil))
    #expect(String(decoding: try page.evaluateJSON("undefined"), as: UTF8.self) == "null")
  }

  @Test func aScriptThatThrowsIsATypedError() throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 480))
    defer { page.close() }
    #expect {
      _ = try page.evaluateJSON("(() => { throw new TypeError('no such row') })()")
    } throws: { error in
      guard case BrowserError.scriptThrew(let message) = error else { return false }
      return message.contains("TypeError: no such row")
    }
  }

  @Test func aMissingFileIsANavigationError() throws {
    let browser = try TestBrowser.browser()
    #expect {
      _ = try browser.open(
        TestBrowser.fixture("no-such-page.html"), viewport: Viewport(width: 320, height: 480))
    } throws: { error in
      guard case BrowserError.navigationFailed(_, let reason) = error else { return false }
      return reason.contains("FILE_NOT_FOUND")
    }
  }

  @Test(arguments: [(320, 1.0), (390, 2.0)])
  func screenshotsArePNGOfThePagesSize(width: Int, scale: Double) throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"),
      viewport: Viewport(width: width, height: 200, deviceScaleFactor: scale))
    defer { page.close() }
    let height: Double = try page.evaluate("document.documentElement.scrollHeight")
    let full = try page.screenshot(.fullPage)
    #expect(full.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(pngSize(full) == [Int(Double(width) * scale), Int((height * scale).rounded())])
    let viewport = try page.screenshot(.viewport)
    #expect(pngSize(viewport) == [Int(Double(width) * scale), Int(200 * scale)])
    let clip = try page.screenshot(.clip(PageRect(x: 10, y: 20, width: 100, height: 50)))
    #expect(pngSize(clip) == [Int(100 * scale), Int(50 * scale)])
  }

  @Test func theColorSchemeIsEmulated() throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 480),
      colorScheme: .dark)
    defer { page.close() }
    let dark = "matchMedia('(prefers-color-scheme: dark)').matches"
    #expect(try page.evaluate(dark) as Bool)
    #expect(
      try page.evaluate("getComputedStyle(document.body).backgroundColor") as String
        == "rgb(0, 0, 0)")
    try page.setColorScheme(.light)
    #expect(try !page.evaluate(dark, as: Bool.self))
  }

  @Test func theAccessibilityTreeNamesTheControls() throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 480))
    defer { page.close() }
    let tree = try page.accessibilityTree()
    let named = tree.filter { !$0.ignored }.map { "\($0.role) \($0.name)" }
    #expect(named.contains("switch Sound"))
    #expect(named.contains("textbox Name"))
    #expect(named.contains("link About"))
    let toggle = try #require(tree.first { $0.role == "switch" })
    #expect(toggle.properties["checked"] == "true")
  }

  @Test func identicalScreenshotsDoNotDifferAndChangedOnesDo() throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 480))
    defer { page.close() }
    let before = try page.screenshot(.viewport)
    #expect(try page.compareImages(before, page.screenshot(.viewport)).differingPixels == 0)
    _ = try page.evaluateJSON("document.querySelector('h1').textContent = 'Einstellungen'")
    let after = try page.screenshot(.viewport)
    let difference = try page.compareImages(before, after)
    #expect(difference.sameSize)
    #expect(difference.differingPixels > 50)
    #expect(difference.largestChannelDifference > 200)
    try page.setViewport(Viewport(width: 300, height: 480))
    #expect(try !page.compareImages(before, page.screenshot(.viewport)).sameSize)
  }

  @Test func aBrowserThatDiesMidSessionIsATypedError() throws {
    let executable = try #require(TestBrowser.executable)
    let browser = try HeadlessChromium.launch(executable)
    defer { browser.close() }
    let page = try browser.open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 480))
    let processID = try #require(browser.processID)
    kill(-processID, SIGKILL)
    #expect {
      _ = try page.evaluateJSON("1 + 1")
    } throws: { error in
      guard case BrowserError.ended = error else { return false }
      return true
    }
  }
}

/// The width and height of a PNG, from its IHDR chunk.
func pngSize(_ png: Data) -> [Int]? {
  let bytes = [UInt8](png.prefix(24))
  guard bytes.count == 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
  func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
  return [integer(16), integer(20)]
}
