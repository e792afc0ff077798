import Foundation

// Swift's ways: a dictionary declared empty, then filled by subscript,
// updateValue(_:forKey:) and merge with a literal.
enum SettingsKeys {
  static let server = "server"
}

func registerSwiftDefaults() {
  var defaults: [String: Any] = [:]
  defaults[SettingsKeys.server] = "example.com"
  defaults.updateValue(0.5, forKey: "slider_unused")
  defaults.merge(["units": "metric"]) { _, new in new }
  UserDefaults.standard.register(defaults: defaults)
}
