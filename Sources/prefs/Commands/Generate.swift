import ArgumentParser
import CodeGeneration
import Foundation
import Plist
import PrefsKit
import SettingsSchema

/// `prefs generate swift BUNDLE`: typed keys and registered defaults for the app's code.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate code from a Settings bundle.",
    subcommands: [GenerateSwift.self])
}

struct GenerateSwift: StreamingCommand {
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

  mutating func validate() throws {
    language = try LanguageOptions.checkOne(language, argument: "--lang")
  }

  func execute(
    environment: PrefsEnvironment, output stream: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let options = GenerateSwiftOptions(
      bundle: bundle, outputFile: output, typeName: typeName, isPublic: access == .public,
      idioms: idiom.map { [$0] } ?? Idiom.allCases, language: language, checksOnly: check,
      rootPage: reading.root, generatorVersion: PrefsVersion.current)
    do throws(GenerateSwiftError) {
      switch try GenerateFrontEnd.swift(options, environment: environment) {
      case .source(let source): stream.write(source)
      case .written(let file): report.say("wrote \(file)", to: &errors)
      case .unchanged(let file): report.say("nothing to change: \(file) is up to date", to: &errors)
      case .upToDate(let file): report.say("\(file) is up to date", to: &errors)
      }
      return ExitStatus.success
    } catch {
      return Self.report(error, to: &errors)
    }
  }

  /// A refusal in the CLI's words, with its exit status.
  static func report(_ error: GenerateSwiftError, to errors: inout some TextOutputStream) -> Int32 {
    switch error {
    case .typeNameHidesAName(let name):
      return CommandErrors.report(
        CommandFailure.usage(
          "--type-name \(name) would hide the \(name) the generated file uses; choose another name"
        ), to: &errors)
    case .invalidTypeName(let name):
      return CommandErrors.report(
        CommandFailure.usage(
          "--type-name \(name) is not a type name (UpperCamelCase letters and digits)"),
        to: &errors)
    case .checkNeedsAFile:
      return CommandErrors.report(
        CommandFailure.usage("--check needs the file: give -o FILE"), to: &errors)
    case .bundle(let error): return CommandErrors.report(error, to: &errors)
    case .configuration(let error): return CommandErrors.report(error, to: &errors)
    case .generation(let error, let bundlePath):
      // Compiler style, at the later place, naming the other one; nothing is written.
      print(error.compilerStyle(bundlePath: bundlePath), to: &errors)
      return ExitStatus.failure
    case .outOfDate(let file):
      return CommandErrors.report(
        CommandFailure.failure(
          "\(file) is not what the bundle generates; run prefs generate swift again"),
        to: &errors)
    case .output(let error): return CommandErrors.report(error, to: &errors)
    }
  }
}
