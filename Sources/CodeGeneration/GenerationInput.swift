import Parallel
import Plist
import SettingsSchema

extension SwiftSettingsGenerator {
  /// The bundle loaded once per idiom, both at once, reading only what
  /// generation needs: the pages, and the tables of `language` for titles.
  ///
  /// ```swift
  /// let bundles = try SwiftSettingsGenerator.load(at: "Settings.bundle")
  /// ```
  public static func load(
    at path: String, idioms: [Idiom] = Idiom.allCases, language: String = "en"
  ) throws(SettingsBundleError) -> [SettingsBundle] {
    let loads = idioms.concurrentMap { idiom in
      Result { () throws(SettingsBundleError) in
        try SettingsBundle.load(
          at: path,
          options: LoadOptions(
            idiom: idiom, preferredLanguages: [language], keepsComments: false,
            tables: .shownLanguages))
      }
    }
    var bundles: [SettingsBundle] = []
    for load in loads { bundles.append(try load.get()) }
    return bundles
  }
}
