// The tool of the SwiftPM build-tool plugin: `prefs-generate BUNDLE OUTPUT
// [TYPE-NAME] [public]` writes what `prefs generate swift` writes, leaving an
// unchanged file alone. It links only the generator, not the whole CLI, so a
// package that uses the plugin builds little of prefs.
import CodeGeneration
import Foundation
import Plist
import SettingsSchema

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(
    Data("usage: prefs-generate BUNDLE OUTPUT [TYPE-NAME] [public]\n".utf8))
  exit(2)
}
let bundlePath = arguments[1]
let outputPath = arguments[2]
let typeName = arguments.count > 3 ? arguments[3] : "AppSettings"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message.escapingControlCharacters + "\n").utf8))
  exit(1)
}

// The plugin passes no type name today; a package calling the tool itself
// must not get a file whose type hides what the file uses.
guard SwiftSettingsGenerator.isValidTypeName(typeName) else {
  fail(
    SwiftSettingsGenerator.hidesANameTheFileUses(typeName)
      ? "prefs-generate: error: the type name \(typeName) would hide the \(typeName) the generated file uses"
      : "prefs-generate: error: \(typeName) is not a type name (UpperCamelCase letters and digits)")
}

do {
  let bundles = try SwiftSettingsGenerator.load(at: bundlePath)
  let generator = SwiftSettingsGenerator(
    options: .init(
      typeName: typeName, isPublic: arguments.count > 4 && arguments[4] == "public",
      bundleName: URL(fileURLWithPath: bundlePath).lastPathComponent))
  let source: String
  do throws(GenerationError) {
    source = try generator.generate(from: bundles)
  } catch {
    fail(error.compilerStyle(bundlePath: bundlePath))
  }
  let wanted = Data(source.utf8)
  if FileManager.default.contents(atPath: outputPath) != wanted {
    try wanted.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
  }
} catch {
  fail("\(bundlePath): error: \(error)")
}
