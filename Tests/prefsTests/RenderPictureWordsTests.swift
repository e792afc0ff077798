import HeadlessBrowser
import Testing

@testable import prefs

/// The words for a missing browser: how to install one on each platform (exit 1); a
/// PREFS_BROWSER command that is not on PATH (exit 2).
struct RenderPictureWordsTests {
  @Test func noBrowserOnLinuxSaysHowToInstallChromium() {
    let failure = Render.pictureFailure(
      .noBrowser(
        BrowserNotFound(
          requested: nil, searched: ["/usr/bin/chromium"], remedy: .for(.linux))))
    #expect(failure.status == 1)
    #expect(
      failure.message
        == "--format png draws the pages in a headless Chromium or Google Chrome, and none was found on PATH or in the usual places; install Chromium (Debian: sudo apt-get install chromium; Ubuntu: chromium-browser; Fedora: sudo dnf install chromium), or name one with PREFS_BROWSER=PATH (--format html needs no browser)"
    )
  }

  @Test func noBrowserOnMacOSSaysHowToInstallChrome() {
    let failure = Render.pictureFailure(
      .noBrowser(BrowserNotFound(requested: nil, searched: [], remedy: .for(.macOS))))
    #expect(failure.status == 1)
    #expect(
      failure.message.contains(
        "install Google Chrome (https://www.google.com/chrome/) or Chromium (brew install --cask chromium)"
      ))
  }

  @Test func aRequestedCommandNotOnThePathIsAUsageError() {
    let failure = Render.pictureFailure(
      .noBrowser(
        BrowserNotFound(
          requested: "chrome-beta", searched: ["/usr/bin/chrome-beta"], remedy: .for(.linux))))
    #expect(failure.status == 2)
    #expect(
      failure.message
        == "PREFS_BROWSER names chrome-beta, which is not an executable Chromium or Google Chrome on PATH; name one by its path, or unset PREFS_BROWSER to look for one"
    )
  }
}
