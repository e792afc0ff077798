// Swift reading the Objective-C constants through the bridging header, and a
// key made of constants.
import SwiftUI

enum Keys {
  static let celsiusPrefix = "celsius"
  static let celsius = celsiusPrefix + "Pref"
}

struct Settings {
  // No finding: registered in Preferences.m (sounds true, as the bundle says).
  var sounds: Bool { UserDefaults.standard.bool(forKey: kPreferenceKeySounds) }
  // No finding: theme's Values are integers.
  var theme: Int { UserDefaults.standard.integer(forKey: kPreferenceKeyTheme) }
  // code-default-unregistered: other keys are registered, volume is not.
  var volume: Double { UserDefaults.standard.double(forKey: "volume") }
}

struct TemperatureView: View {
  // code-default-mismatch: "celsius" + "Pref" defaults to false in the bundle.
  @AppStorage(Keys.celsius) var celsius = true
  var body: some View { Text(celsius ? "°C" : "°F") }
}
