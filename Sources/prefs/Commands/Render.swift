import ArgumentParser
import PrefsKit
import SettingsRender
import SettingsSchema

/// `prefs render BUNDLE`: a page of the form as plain text, or every page as
/// the Settings app draws it, in one self-contained HTML file.
struct Render: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Show a bundle's pages: a page of the form as plain text, or every page as HTML.",
    discussion: """
      --format html writes one self-contained file (no script, no network; slider images \
      from the bundle inline) with every page, its child panes as links, in the language, \
      idiom and dialect asked for, right-to-left languages mirrored, light and dark appearance. \
      --format svg -o DIR writes one self-contained SVG picture per page into DIR (Root.svg, \
      Advanced.svg, Root-3.svg for a multi value's choices), the files written listed on \
      standard output. \
      --format png -o DIR draws every page of that HTML in a headless Chromium or Google Chrome \
      (PREFS_BROWSER names one, else it is looked for on PATH and in the usual places), one \
      PNG per page named after it; without a browser it says how to install one (exit 1).
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, html, svg, png
  }

  enum Appearance: String, ExpressibleByArgument, CaseIterable {
    case auto, light, dark

    var html: HTMLAppearance {
      switch self {
      case .auto: .automatic
      case .light: .light
      case .dark: .dark
      }
    }

    var svg: SVGPicture.Appearance {
      switch self {
      case .auto: .automatic
      case .light: .light
      case .dark: .dark
      }
    }
  }

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Option(
    help:
      "text: a page of the form; html: every page as the Settings app draws it; svg, png: a picture of every page (into the folder -o names)."
  )
  var format: Format = .text
  @Option(
    name: [.short, .customLong("output")],
    help: "Write to this file instead of standard output (svg, png: into this folder).")
  var output: String?
  @OptionGroup var languageOptions: LanguageOptions
  @Option(help: "The page to show (a child pane's File); default Root. Text only.") var page:
    String?
  @Option(help: "The width in columns (at least 20). Text only.") var width: Int = 60
  @Option(help: "The device whose pages are shown: phone or pad.") var idiom: Idiom = .phone
  @Option(
    help:
      "Whose screen to show: apple (Settings.app) or iask (InAppSettingsKit, its .inApp pages and types); default: the reader that opens the bundle (a folder not named Settings.bundle, or .inApp pages only: iask)."
  )
  var dialect: Dialect?
  @Option(help: "HTML and SVG colours: auto (the reader's light or dark), light or dark.")
  var appearance: Appearance = .auto
  @OptionGroup var reading: RootPageOption
  @Option(
    help:
      "Show the values stored in this defaults domain (default with --defaults-dir or --store: the bundle's)."
  )
  var domain: String?
  @OptionGroup var location: DefaultsDirectoryOption

  func validate() throws {
    guard (20...1000).contains(width) else {
      throw ValidationError("--width must be between 20 and 1000")
    }
    if format == .html, page != nil {
      throw ValidationError("--page shows one page as text; --format html shows every page")
    }
    if format == .svg, page != nil {
      throw ValidationError("--page shows one page as text; --format svg draws every page")
    }
    if format == .svg, output == nil {
      throw ValidationError(
        "--format svg writes one picture per page: name their folder with -o DIR")
    }
    if format == .png, page != nil {
      throw ValidationError("--page shows one page as text; --format png draws every page")
    }
    if format == .png, output == nil {
      throw ValidationError(
        "--format png writes one picture per page: name their folder with -o DIR")
    }
  }

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let words = Edit.words(languageOptions, environment)
    let options = Edit.options(
      bundle: bundle, domain: domain, languageOptions: languageOptions, idiom: idiom,
      dialect: dialect, reading: reading, location: location)
    if format == .png, let folder = self.output {
      return pictures(
        options, folder: folder, words: words, environment: environment, output: &output,
        errors: &errors)
    }
    if format == .svg, let folder = self.output {
      return svgPictures(
        options, into: folder, words: words, environment: environment, output: &output,
        errors: &errors)
    }
    let text: String
    let unreadTables: [BundleProblem]
    do throws(EditFailure) {
      switch format {
      case .text:
        let drawn = try EditFrontEnd.rendering(
          options, page: page, width: width, words: words.formWords, environment: environment)
        (text, unreadTables) = (drawn.screen + "\n", drawn.unreadTables)
      case .html, .png:
        let rendered = try RenderFrontEnd.html(
          options, appearance: appearance.html, environment: environment)
        (text, unreadTables) = (rendered.html, rendered.unreadTables)
      case .svg:
        // Written above, a file per page.
        return ExitStatus.usage
      }
    } catch {
      return CommandErrors.report(
        Edit.failure(error, bundle: bundle, words: words, errors: &errors), to: &errors)
    }
    if let file = self.output {
      do throws(OutputFileError) {
        try RenderFrontEnd.write(text, to: file, environment: environment)
      } catch {
        return CommandErrors.report(error, to: &errors)
      }
    } else {
      output.write(text)
    }
    // A page shows a table that never read as words as written: an error, as lint and dump say it.
    ProblemPrinter.print(unreadTables, bundle: bundle, to: &errors)
    return unreadTables.isEmpty ? ExitStatus.success : ExitStatus.failure
  }
}

extension Render {
  /// `--format svg -o DIR`: a picture per page written into DIR, each path written on a line.
  func svgPictures(
    _ options: EditOptions, into folder: String, words: ToolStrings, environment: PrefsEnvironment,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    let rendered: RenderFrontEnd.SVGRendering
    do throws(EditFailure) {
      rendered = try RenderFrontEnd.svg(
        options, appearance: appearance.svg, environment: environment)
    } catch {
      return CommandErrors.report(
        Edit.failure(error, bundle: bundle, words: words, errors: &errors), to: &errors)
    }
    do throws(OutputFileError) {
      for path in try rendered.pictures.write(into: folder, environment: environment) {
        output.write(path.escapingControlCharacters + "\n")
      }
    } catch {
      return CommandErrors.report(error, to: &errors)
    }
    ProblemPrinter.print(rendered.unreadTables, bundle: bundle, to: &errors)
    return rendered.unreadTables.isEmpty ? ExitStatus.success : ExitStatus.failure
  }
}
