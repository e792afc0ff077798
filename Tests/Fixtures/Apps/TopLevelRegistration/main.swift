import Foundation

// A command-line tool's main.swift registers the bundle's defaults in its top-level code.
let settingsURL = URL(fileURLWithPath: "Settings.bundle/Root.plist")
if let root = NSDictionary(contentsOf: settingsURL),
  let items = root["PreferenceSpecifiers"] as? [[String: Any]]
{
  var registered: [String: Any] = [:]
  for item in items {
    if let key = item["Key"] as? String { registered[key] = item["DefaultValue"] }
  }
  UserDefaults.standard.register(defaults: registered)
}

print(UserDefaults.standard.bool(forKey: "sounds"), UserDefaults.standard.double(forKey: "volume"))
