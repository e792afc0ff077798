import ArgumentParser
import CodeGeneration
import Foundation
import Plist
import SettingsSchema

/// `prefs generate swift BUNDLE`: typed keys and registered defaults for the app's code.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate code from a Settings bundle.",
    subcommands: [GenerateSwift.self])
}

struct GenerateSwift: ParsableCommand, StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "swift",
    abstract:
      "Generate a Swift file with a typed key for every stored setting and registerDefaults(in:).",
    discussion: """
      The file needs Foundation only. Keys of the phone and pad pages are both generated \
      (--idiom narrows to one). Exit status: 0 when the file was written (or, with --check, \
      is up to date), 1 when it is out of date (--check) or the bundle cannot be generated \
      from (the reason goes to standard error and nothing is written), 2 for a usage error.
      """)

  enum Access: String, ExpressibleByArgument, CaseIterable {
    case `internal`, `public`
  }

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Option(name: .shortAndLong, help: "The Swift file to write; standard output when not given.")
  var output: String?
  @Option(help: "The name of the generated enum.") var typeName = "AppSettings"
  @Option(help: "The access level of the declarations: internal or public.")
  var access: Access = .internal
  @Option(help: "Generate for one device only: phone or pad (default: both).") var idiom: Idiom?
  @Option(name: .customLong("lang"), help: "The language of the titles in doc comments.")
  var language = "en"
  @Flag(help: "Write nothing; exit 1 when the output file differs from what would be generated.")
  var check = false
  @OptionGroup var report: DoneReport
  @OptionGroup var reading: RootPageOption

  mutating func run() throws { try runOnStandardStreams() }

  func validate() throws { try LanguageOptions.checkOne(language, argument: "--lang") }

  func execute(output stream: inout some TextOutputStream, errors: inout some TextOutputStream)
    -> Int32
  {
    CommandErrors.run(errors: &errors) { errors in
      if SwiftSettingsGenerator.hidesANameTheFileUses(typeName) {
        throw CommandFailure.usage(
          "--type-name \(typeName) would hide the \(typeName) the generated file uses; choose another name"
        )
      }
      guard SwiftSettingsGenerator.isValidTypeName(typeName) else {
        throw CommandFailure.usage(
          "--type-name \(typeName) is not a type name (UpperCamelCase letters and digits)")
      }
      if check, output == nil { throw CommandFailure.usage("--check needs the file: give -o FILE") }
      let bundles = try SwiftSettingsGenerator.load(
        at: bundle, idioms: idiom.map { [$0] } ?? Idiom.allCases, language: language,
        base: reading.options(forBundle: bundle, LoadOptions()))
      let generator = SwiftSettingsGenerator(
        options: .init(
          typeName: typeName, isPublic: access == .public, generatorVersion: PrefsVersion.current,
          bundleName: URL(fileURLWithPath: bundle).lastPathComponent))
      let source: String
      do throws(GenerationError) {
        source = try generator.generate(from: bundles)
      } catch {
        // Compiler style, at the later place, naming the other one; nothing is written.
        print(error.compilerStyle(bundlePath: bundles[0].path), to: &errors)
        return ExitStatus.failure
      }
      guard let output else {
        stream.write(source)
        return ExitStatus.success
      }
      let current = OutputFile.currentContents(of: output)
      let wanted = Data(source.utf8)
      if check {
        guard current == wanted else {
          throw CommandFailure.failure(
            "\(output) is not what the bundle generates; run prefs generate swift again")
        }
        report.say("\(output) is up to date", to: &errors)
        return ExitStatus.success
      }
      // An unchanged file is left alone, so that nothing that depends on it rebuilds.
      guard current != wanted else {
        report.say("nothing to change: \(output) is up to date", to: &errors)
        return ExitStatus.success
      }
      try OutputFile.write(wanted, to: output)
      report.say("wrote \(output)", to: &errors)
      return ExitStatus.success
    }
  }

}
