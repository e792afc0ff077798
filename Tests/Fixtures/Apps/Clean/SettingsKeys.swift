import Foundation

/// Keys as constants, the way many apps keep them.
enum SettingsKeys {
  static let sounds = "sounds"
  static let volume = "volume"
}

/// Keys as a String enum.
enum Key: String {
  case units
  case celsius = "celsiusPref"
}

let kTheme = "theme"
