import Foundation
import HeadlessBrowser
import PrefsKit

/// `prefs render --format png -o DIR`: one picture per page, drawn by a headless
/// Chromium, and the words for a browser that is missing or fails.
extension Render {
  func pictures(
    _ options: EditOptions, folder: String, words: ToolStrings, environment: PrefsEnvironment,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    let scheme: ColorScheme = appearance == .dark ? .dark : .light
    let rendering: PictureRendering
    do throws(PictureFailure) {
      rendering = try RenderFrontEnd.pictures(
        options, options: PictureOptions(directory: folder, colorScheme: scheme),
        environment: environment)
    } catch .render(let failure) {
      return CommandErrors.report(
        Edit.failure(failure, bundle: bundle, words: words, errors: &errors), to: &errors)
    } catch .output(let failure) {
      return CommandErrors.report(failure, to: &errors)
    } catch {
      return CommandErrors.report(Self.pictureFailure(error), to: &errors)
    }
    for file in rendering.files { print(file.escapingControlCharacters, to: &output) }
    // A page shows a table that never read as words as written: an error, as lint and dump say it.
    ProblemPrinter.print(rendering.unreadTables, bundle: bundle, to: &errors)
    return rendering.unreadTables.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// A missing browser says how to install one on this platform (exit 1), or that
  /// PREFS_BROWSER names none (exit 2); a browser that fails says how.
  static func pictureFailure(_ failure: PictureFailure) -> CommandFailure {
    let variable = RenderFrontEnd.browserVariable
    switch failure {
    case .noBrowser(let notFound):
      if let requested = notFound.requested {
        return .usage(
          "\(variable) names \(requested), which is not an executable Chromium or Google Chrome"
            + (requested.contains("/") ? "" : " on PATH")
            + "; name one by its path, or unset \(variable) to look for one")
      }
      let install: String
      switch notFound.remedy {
      case .linuxPackage(let name):
        install =
          "install Chromium (Debian: sudo apt-get install \(name); Ubuntu: chromium-browser; Fedora: sudo dnf install chromium)"
      case .macOSApplication(let cask, let download):
        install =
          "install Google Chrome (\(download.absoluteString)) or Chromium (brew install --cask \(cask))"
      }
      return .failure(
        "--format png draws the pages in a headless Chromium or Google Chrome, and none was found on PATH or in the usual places; \(install), or name one with \(variable)=PATH (--format html needs no browser)"
      )
    case .browser(let executable, let error):
      return .failure("the browser \(executable) " + describe(error))
    case .scratch(let path):
      return .failure("cannot make a scratch folder at \(path); set TMPDIR to a writable folder")
    case .render, .output:
      // Worded by the caller with the command's own errors.
      return .failure(String(describing: failure))
    }
  }

  private static func describe(_ error: BrowserError) -> String {
    switch error {
    case .cannotStart(_, let code): "did not start: \(String(cString: strerror(code)))"
    case .ended(let log):
      // One line: a message's line feeds are escaped when it is printed.
      "ended before it drew the pages"
        + (log.isEmpty ? "" : "; it said: " + log.split(separator: "\n").joined(separator: " / "))
    case .timedOut(let what, let after):
      "did not answer \(what) within \(after.components.seconds) seconds"
    case .protocolError(let method, _, let message): "refused \(method): \(message)"
    case .unreadableMessage(let method):
      "answered \(method) with something that is not the DevTools protocol"
    case .navigationFailed(_, let reason): "could not open the rendered page: \(reason)"
    case .scriptThrew(let message), .unexpectedResult(let message):
      "could not measure the pages: \(message)"
    case .notFound, .closed: "closed before it drew the pages"
    case .cannotMakeProfile(let path): "could not make its profile folder \(path)"
    }
  }
}
