import Parallel
import Plist
import SettingsSchema

extension SwiftSettingsGenerator {
  /// The bundle loaded once per idiom, both at once, reading only what
  /// generation needs: the pages, and the tables of `language` for titles.
  /// `base` gives the rest of the options (the root page, a dialect).
  ///
  /// ```swift
  /// let bundles = try SwiftSettingsGenerator.load(at: "Settings.bundle")
  /// ```
  public static func load(
    at path: String, idioms: [Idiom] = Idiom.allCases, language: String = "en",
    base: LoadOptions = LoadOptions()
  ) throws(SettingsBundleError) -> [SettingsBundle] {
    let loads = idioms.concurrentMap { idiom in
      Result { () throws(SettingsBundleError) in
        var options = base
        options.idiom = idiom
        options.preferredLanguages = [language]
        options.keepsComments = false
        options.tables = .shownLanguages
        return try SettingsBundle.load(at: path, options: options)
      }
    }
    var bundles: [SettingsBundle] = []
    for load in loads { bundles.append(try load.get()) }
    return bundles
  }
}
