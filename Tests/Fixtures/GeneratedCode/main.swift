// A program built by GeneratedCodeBehaviourTests from this file and the code
// `prefs generate swift` writes for Examples/Showcase: it uses the generated
// keys with Foundation's UserDefaults(suiteName:), as an app would.
//   driver register SUITE KEY...  registers the defaults, prints object(forKey:) of each key as a plist
//   driver roundtrip SUITE        writes every type through the subscript, prints what reads back
//   driver read SUITE             registers the defaults, prints the typed values
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3, let defaults = UserDefaults(suiteName: arguments[2]) else { exit(2) }

func typedValues() -> String {
  [
    "\(defaults[AppSettings.darkModePreference])",
    "\(defaults[AppSettings.unitsPreference])",
    "\(defaults[AppSettings.themePreference])",
    "\(defaults[AppSettings.volumePreference])",
    "\(defaults[AppSettings.qualityPreference])",
    "\(defaults[AppSettings.namePreference])",
    // A title value: a String the app writes and Settings only shows.
    "[\(defaults[AppSettings.versionPreference])]",
  ].joined(separator: " ")
}

switch arguments[1] {
case "register":
  AppSettings.registerDefaults(in: defaults)
  var registered: [String: Any] = [:]
  for key in arguments.dropFirst(3) { registered[key] = defaults.object(forKey: key) }
  let data = try PropertyListSerialization.data(
    fromPropertyList: registered, format: .xml, options: 0)
  FileHandle.standardOutput.write(data)
case "roundtrip":
  AppSettings.registerDefaults(in: defaults)
  print(typedValues())
  defaults[AppSettings.darkModePreference] = false
  defaults[AppSettings.unitsPreference] = false
  defaults[AppSettings.themePreference] = .themeDarkLong
  defaults[AppSettings.volumePreference] = 0.25
  defaults[AppSettings.qualityPreference] = .low
  defaults[AppSettings.namePreference] = "Zé"
  defaults[AppSettings.versionPreference] = "2.0 (43)"
  print(typedValues())
  print("stored units:", defaults.object(forKey: "units_preference") ?? "nothing")
  print("stored theme:", defaults.object(forKey: "theme_preference") ?? "nothing")
case "read":
  AppSettings.registerDefaults(in: defaults)
  print(typedValues())
default:
  exit(2)
}
