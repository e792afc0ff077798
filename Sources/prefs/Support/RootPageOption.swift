import ArgumentParser
import Foundation
import PrefsKit
import ProjectConfiguration
import SettingsSchema

/// `--root NAME`, on every command that reads a bundle: the page the app
/// opens first (InAppSettingsKit's `file = "Main"`), else `root:` of the
/// nearest `.prefs.yml`. With neither, a bundle is read from `Root`, or from
/// its one page when it has no Root.
struct RootPageOption: ParsableArguments {
  @Option(
    name: .customLong("root"),
    help: ArgumentHelp(
      "The page the app opens first, without .plist (Main for an app that opens Main.plist with InAppSettingsKit); default: root: in .prefs.yml, else Root.",
      valueName: "page"))
  var root: String?

  func validate() throws {
    if let root, PageName(root) == nil {
      throw ValidationError(
        "--root: \(LanguageOptions.visible(root)) is not a page name; give the page plist's name without .plist (Main for Main.plist)"
      )
    }
  }

  /// `options` with the root page and, where `.prefs.yml` names one and the
  /// command was given none (`dialect` nil), the dialect. A configuration that
  /// does not read is left to the commands that report it (lint, strings).
  func options(forBundle path: String, _ options: LoadOptions, dialect: Dialect? = nil)
    -> LoadOptions
  {
    Self.options(forBundle: path, options, root: root, dialect: dialect)
  }

  /// ``options(forBundle:_:dialect:)`` for a root page given as text (`--root`'s value).
  static func options(
    forBundle path: String, _ options: LoadOptions, root: String?, dialect: Dialect? = nil
  ) -> LoadOptions {
    var options = options
    let configuration = Self.configuration(forBundle: path)
    options.rootPage = root.flatMap(PageName.init)?.name ?? configuration?.rootPage
    if let dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    } else if let configured = configuration?.dialect {
      options.dialect = configured
      options.followsBundleReader = false
    }
    return options
  }

  /// The nearest `.prefs.yml`'s settings for the bundle, when it reads.
  static func configuration(forBundle path: String) -> ProjectConfiguration? {
    guard let file = ProjectConfiguration.find(forBundle: path) else { return nil }
    return try? ProjectConfiguration.load(file: file)
  }
}
