import Foundation

// Written for prefs' tests beside the copied Settings.swift: a write of a number
// where the multi value's Values are strings (Settings.app marks no choice), and an
// index registered where the bundle's Values are seconds (read as 3, not 60).
extension Settings {
  class func chooseTwoMiles() {
    UserDefaults.standard.set(2, forKey: "searchRadius")
  }

  class func registerTimeoutIndex() {
    UserDefaults.standard.register(defaults: ["connectionTimeout": 3])
  }
}
