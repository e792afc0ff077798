import HeadlessBrowser
import Testing

/// Finding a browser, over a made-up file system: which candidate wins, and the
/// error (with the install remedy) when there is none.
struct BrowserLocatorTests {
  @Test func aRequestedPathWinsOverThePath() throws {
    let found = try BrowserLocator.locate(
      requested: "/opt/chrome/chrome", searchPath: "/usr/bin", home: nil, platform: .linux,
      isExecutable: { ["/opt/chrome/chrome", "/usr/bin/chromium"].contains($0) })
    #expect(found.path == "/opt/chrome/chrome")
  }

  @Test(arguments: ["/opt/missing/chrome", "./chrome", "/usr/bin"])
  func aRequestedPathThatIsNoExecutableIsNotReplacedByAnother(requested: String) {
    #expect(
      throws: BrowserNotFound(
        requested: requested, searched: [requested], remedy: .linuxPackage(name: "chromium"))
    ) {
      try BrowserLocator.locate(
        requested: requested, searchPath: "/usr/bin", home: nil, platform: .linux,
        isExecutable: { $0 == "/usr/bin/chromium" || $0 == "./chrome" })
    }
  }

  @Test func aRequestedCommandNameIsLookedUpOnThePathOnly() throws {
    let path = "/home/me/bin:/usr/bin"
    let found = try BrowserLocator.locate(
      requested: "brave-browser", searchPath: path, home: nil, platform: .linux,
      isExecutable: { $0 == "/usr/bin/brave-browser" || $0 == "/usr/bin/chromium" })
    #expect(found.path == "/usr/bin/brave-browser")
    #expect(
      throws: BrowserNotFound(
        requested: "chrome-beta", searched: ["/home/me/bin/chrome-beta", "/usr/bin/chrome-beta"],
        remedy: .linuxPackage(name: "chromium"))
    ) {
      try BrowserLocator.locate(
        requested: "chrome-beta", searchPath: path, home: nil, platform: .linux,
        isExecutable: { $0 == "/usr/bin/chromium" })
    }
  }

  @Test func commandNamesAreTriedOnEverySearchPathDirectoryBeforeTheNext() throws {
    let found = try BrowserLocator.locate(
      requested: nil, searchPath: "/home/me/bin:relative:/usr/bin", home: "/home/me",
      platform: .linux,
      isExecutable: { ["/usr/bin/chromium", "/home/me/bin/google-chrome"].contains($0) })
    #expect(found.path == "/usr/bin/chromium")
  }

  @Test func ubuntusChromiumBrowserIsFound() throws {
    let found = try BrowserLocator.locate(
      requested: "", searchPath: "/usr/local/bin:/usr/bin", home: nil, platform: .linux,
      isExecutable: { $0 == "/usr/bin/chromium-browser" })
    #expect(found.path == "/usr/bin/chromium-browser")
  }

  @Test func macOSApplicationsAreFoundWithoutAPath() throws {
    let chrome = "/Users/me/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
    let found = try BrowserLocator.locate(
      requested: nil, searchPath: nil, home: "/Users/me", platform: .macOS,
      isExecutable: { $0 == chrome })
    #expect(found.path == chrome)
  }

  @Test(arguments: [HostPlatform.linux, .macOS])
  func noBrowserSaysWhereItLookedAndHowToInstallOne(platform: HostPlatform) {
    do {
      _ = try BrowserLocator.locate(
        requested: nil, searchPath: "/usr/bin:/usr/bin", home: "/home/me", platform: platform,
        isExecutable: { _ in false })
      Issue.record("found a browser in an empty file system")
    } catch {
      #expect(error.requested == nil)
      #expect(error.remedy == InstallRemedy.for(platform))
      #expect(error.searched.contains("/usr/bin/chromium"))
      #expect(Set(error.searched).count == error.searched.count)
      #expect(
        error.searched.contains {
          $0.hasSuffix(
            platform == .macOS
              ? "Google Chrome.app/Contents/MacOS/Google Chrome" : "/snap/bin/chromium")
        })
    }
  }
}
