import Foundation
import HeadlessBrowser
import Testing

/// Each page check finds the flaw it is for on a page made with it, and nothing on a
/// page made without, in both appearances and at a phone's and a tablet's width.
@Suite(.enabled(if: TestBrowser.runs, TestBrowser.skipReason))
struct PageCheckTests {
  func flawed() throws -> BrowserPage {
    try TestBrowser.browser().open(
      TestBrowser.fixture("flawed.html"), viewport: Viewport(width: 320, height: 600))
  }

  @Test func overflowIsFoundWithTheElementThatCausesIt() throws {
    let page = try flawed()
    defer { page.close() }
    let overflow = try #require(try page.horizontalOverflow())
    #expect(overflow.viewportWidth == 320)
    #expect(overflow.scrollWidth == 1500)
    #expect(overflow.elements == ["div#too-wide.wide"])
  }

  @Test func brokenAndHiddenLinkTargetsAreFound() throws {
    let page = try flawed()
    defer { page.close() }
    #expect(
      try page.internalLinkProblems() == [
        LinkProblem(href: "#nowhere", text: "Broken link", kind: .noTarget),
        LinkProblem(href: "#hidden-target", text: "Hidden target", kind: .targetNotShown),
      ])
  }

  @Test func lowContrastTextIsFound() throws {
    let page = try flawed()
    defer { page.close() }
    let problems = try page.lowContrastText()
    #expect(problems.map(\.text) == ["Faint text"])
    #expect(problems.first?.ratio == 2.32)
    #expect(problems.first?.color == "rgb(170, 170, 170)")
    #expect(problems.first?.background == "rgb(255, 255, 255)")
  }

  @Test func unnamedControlsAreFound() throws {
    let page = try flawed()
    defer { page.close() }
    let unnamed = try page.unnamedControls()
    #expect(unnamed.map(\.role).sorted() == ["button", "checkbox"])
    #expect(unnamed.contains { $0.html == #"<input type="checkbox" id="unlabelled">"# })
  }

  @Test(arguments: ColorScheme.allCases, [320, 1024])
  func aWellMadePageHasNoFlawInAnyView(scheme: ColorScheme, width: Int) throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: width, height: 700),
      colorScheme: scheme)
    defer { page.close() }
    let fragments = try page.internalLinkFragments()
    #expect(fragments == ["page-About", "root"])
    #expect(try page.internalLinkProblems() == [])
    for fragment in [""] + fragments {
      try page.showFragment(fragment)
      #expect(try page.horizontalOverflow() == nil, "\(fragment)")
      #expect(try page.lowContrastText() == [], "\(fragment)")
      #expect(try page.unnamedControls() == [], "\(fragment)")
    }
  }

  @Test func contrastIsMeasuredInTheDarkAppearanceToo() throws {
    let page = try TestBrowser.browser().open(
      TestBrowser.fixture("well-made.html"), viewport: Viewport(width: 320, height: 700),
      colorScheme: .dark)
    defer { page.close() }
    _ = try page.evaluateJSON("document.querySelector('p.footer').style.color = '#333'")
    let problems = try page.lowContrastText()
    #expect(problems.map(\.background) == ["rgb(0, 0, 0)"])
    #expect(problems.map(\.text) == ["Changes take effect at once."])
  }
}
