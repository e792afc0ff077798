import Foundation

final class AppDelegate {
  /// The bundle's defaults, registered from Root.plist at launch.
  func registerSettingsBundle() {
    guard
      let url = Bundle.main.url(
        forResource: "Root", withExtension: "plist", subdirectory: "Settings.bundle"),
      let root = NSDictionary(contentsOf: url),
      let preferences = root["PreferenceSpecifiers"] as? [[String: Any]]
    else { return }
    var defaults: [String: Any] = [:]
    for preference in preferences {
      if let key = preference["Key"] as? String, let value = preference["DefaultValue"] {
        defaults[key] = value
      }
    }
    UserDefaults.standard.register(defaults: defaults)
  }

  func applicationDidFinishLaunching() {
    registerSettingsBundle()
    // The keys `prefs generate swift` wrote (AppSettings.swift) register the same defaults.
    AppSettings.registerDefaults()
    if UserDefaults.standard[AppSettings.sounds] { print("sounds on") }
    UserDefaults.standard.register(defaults: [SettingsKeys.sounds: true, kTheme: 2])
  }
}
