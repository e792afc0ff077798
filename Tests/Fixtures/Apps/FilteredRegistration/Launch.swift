import Foundation

/// Registers the bundle's defaults at run time, but only the booleans.
func registerSettingsDefaults() {
  guard let url = Bundle.main.url(forResource: "Settings", withExtension: "bundle"),
    let root = NSDictionary(contentsOf: url.appendingPathComponent("Root.plist")),
    let items = root["PreferenceSpecifiers"] as? [[String: Any]]
  else { return }
  var defaults: [String: Any] = [:]
  for item in items {
    guard let key = item["Key"] as? String else { continue }
    if let value = item["DefaultValue"] as? Bool { defaults[key] = value }
  }
  UserDefaults.standard.register(defaults: defaults)
}

let sounds = UserDefaults.standard.bool(forKey: "sounds")  // registered: a Bool
let volume = UserDefaults.standard.double(forKey: "volume")  // not registered: a real
