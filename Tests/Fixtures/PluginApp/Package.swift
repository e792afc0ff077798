// swift-tools-version: 6.1
// A package that uses prefs' SwiftPM plugin, as an app's package would.
// scripts/check-plugin builds and runs it beside a link named `prefs` to
// this repository (a path dependency is known by its folder's name).
import PackageDescription

let package = Package(
  name: "PluginApp",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../prefs")],
  targets: [
    .executableTarget(
      name: "PluginApp",
      resources: [.copy("Settings.bundle")],
      plugins: [.plugin(name: "SettingsCodePlugin", package: "prefs")])
  ]
)
