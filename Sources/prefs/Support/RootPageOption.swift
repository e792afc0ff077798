import ArgumentParser
import Foundation
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
}
