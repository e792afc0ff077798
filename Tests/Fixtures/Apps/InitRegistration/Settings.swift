import Foundation

/// Registers the bundle's defaults when the first settings object is made.
final class Settings {
  let defaults: UserDefaults

  init(defaults: UserDefaults = .standard) {
    self.defaults = defaults
    if let url = Bundle.main.url(forResource: "Settings", withExtension: "bundle"),
      let root = NSDictionary(contentsOf: url.appendingPathComponent("Root.plist")),
      let items = root["PreferenceSpecifiers"] as? [[String: Any]]
    {
      var registered: [String: Any] = [:]
      for item in items {
        if let key = item["Key"] as? String { registered[key] = item["DefaultValue"] }
      }
      defaults.register(defaults: registered)
    }
  }

  var sounds: Bool { defaults.bool(forKey: "sounds") }
  var volume: Double { defaults.double(forKey: "volume") }
}
