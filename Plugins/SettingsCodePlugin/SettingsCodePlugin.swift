import Foundation
import PackagePlugin

/// Generates `AppSettings.swift` from the `Settings.bundle` a target holds,
/// at build time, again whenever a file of the bundle changes (and never
/// when none did: the build system compares the bundle's files).
///
/// ```swift
/// .executableTarget(
///   name: "App", resources: [.copy("Settings.bundle")],
///   plugins: [.plugin(name: "SettingsCodePlugin", package: "prefs")])
/// ```
@main
struct SettingsCodePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    // A bundle declared as a resource is not among the target's source files:
    // find it in the target's folder, and list its files as the inputs.
    guard let bundle = Self.settingsBundle(in: target.directoryURL) else { return [] }
    let inputs = Self.files(in: bundle)
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("AppSettings.swift")
    return [
      .buildCommand(
        displayName: "Generating AppSettings.swift from \(target.name)'s Settings.bundle",
        executable: try context.tool(named: "prefs-generate").url,
        arguments: [bundle.path, output.path],
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }

  static func settingsBundle(in folder: URL) -> URL? {
    let manager = FileManager.default
    guard let walker = manager.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      return nil
    }
    for case let url as URL in walker where url.lastPathComponent == "Settings.bundle" {
      return url
    }
    return nil
  }

  static func files(in bundle: URL) -> [URL] {
    guard
      let walker = FileManager.default.enumerator(
        at: bundle, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    return walker.compactMap { $0 as? URL }.filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }.sorted { $0.path < $1.path }
  }
}
