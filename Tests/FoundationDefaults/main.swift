import Foundation

// A real Foundation program, for the interoperability tests: it reads and
// writes a domain with UserDefaults(suiteName:), which on Linux keeps it in
// $XDG_CONFIG_HOME/<domain>.plist.
//   foundation-defaults read DOMAIN          the persistent domain as a property list on stdout
//   foundation-defaults write DOMAIN         stores a value of every type, then synchronizes
//   foundation-defaults set DOMAIN KEY TEXT  stores one string

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { exit(2) }
let domain = arguments[2]
let defaults = UserDefaults(suiteName: domain)!
switch arguments[1] {
case "read":
  let values = defaults.persistentDomain(forName: domain) ?? [:]
  let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
  FileHandle.standardOutput.write(data)
case "write":
  defaults.set(true, forKey: "flag")
  defaults.set(42, forKey: "count")
  defaults.set(0.7, forKey: "level")
  defaults.set("hé <&> \"quoted\"", forKey: "name")
  defaults.set(Date(timeIntervalSince1970: 1_700_000_000), forKey: "when")
  defaults.set(Data([0, 1, 2, 255]), forKey: "blob")
  defaults.set(["a", 1, ["nested": true]] as [Any], forKey: "list")
  defaults.set(["k": ["x": 1.5]], forKey: "map")
  exit(defaults.synchronize() ? 0 : 1)
case "set":
  defaults.set(arguments[4], forKey: arguments[3])
  exit(defaults.synchronize() ? 0 : 1)
default:
  exit(2)
}
