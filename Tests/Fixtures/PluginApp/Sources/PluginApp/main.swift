// AppSettings is generated at build time from Settings.bundle by prefs' plugin.
import Foundation

guard let defaults = UserDefaults(suiteName: "com.example.pluginapp") else { exit(1) }
AppSettings.registerDefaults(in: defaults)
let registered = AppSettings.celsiusPref.defaultValue
print("celsiusPref = \(defaults[AppSettings.celsiusPref]) (registered: \(registered))")
