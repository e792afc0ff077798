import CodeGeneration
import Foundation
import ProjectConfiguration
import SettingsSchema

/// What `prefs generate swift` is asked.
///
/// ```swift
/// var options = GenerateSwiftOptions(bundle: "App/Settings.bundle")
/// options.outputFile = "App/AppSettings.swift"
/// options.checksOnly = true
/// ```
public struct GenerateSwiftOptions: Sendable {
  public var bundle: String
  /// The Swift file to write; nil to hand the source back.
  public var outputFile: String?
  /// The generated enum's name.
  public var typeName: String
  public var isPublic: Bool
  /// The devices whose pages are read (both by default).
  public var idioms: [Idiom]
  /// The language of the titles in doc comments.
  public var language: String
  /// Write nothing; only say whether `outputFile` is what would be written.
  public var checksOnly: Bool
  /// The page the app opens first; nil for `root:` of `.prefs.yml`, else `Root`.
  public var rootPage: String?
  /// Named in the file's first line (`prefs 0.1.0`).
  public var generatorVersion: String?

  public init(
    bundle: String, outputFile: String? = nil, typeName: String = "AppSettings",
    isPublic: Bool = false, idioms: [Idiom] = Idiom.allCases, language: String = "en",
    checksOnly: Bool = false, rootPage: String? = nil, generatorVersion: String? = nil
  ) {
    self.bundle = bundle
    self.outputFile = outputFile
    self.typeName = typeName
    self.isPublic = isPublic
    self.idioms = idioms
    self.language = language
    self.checksOnly = checksOnly
    self.rootPage = rootPage
    self.generatorVersion = generatorVersion
  }
}

/// What generating did.
public enum GenerateSwiftOutcome: Sendable, Equatable {
  /// No output file was named: the source, for the caller to print.
  case source(String)
  /// The file was written.
  case written(file: String)
  /// The file already held the source, and was left alone (nothing that
  /// depends on it rebuilds).
  case unchanged(file: String)
  /// With ``GenerateSwiftOptions/checksOnly``: the file is what would be written.
  case upToDate(file: String)
}

/// Why nothing was generated or written.
public enum GenerateSwiftError: Error, Sendable {
  /// A type of that name would hide the type or module the file uses.
  case typeNameHidesAName(String)
  /// Not an UpperCamelCase type name.
  case invalidTypeName(String)
  /// ``GenerateSwiftOptions/checksOnly`` without an output file to check.
  case checkNeedsAFile
  /// The path is no bundle.
  case bundle(SettingsBundleError)
  /// The nearest `.prefs.yml` does not read.
  case configuration(ConfigurationError)
  /// The bundle cannot be generated from; `bundlePath` as given, for
  /// ``GenerationError/compilerStyle(bundlePath:)``.
  case generation(GenerationError, bundlePath: String)
  /// With ``GenerateSwiftOptions/checksOnly``: the file differs from the source.
  case outOfDate(file: String)
  /// The output could not be written.
  case output(OutputFileError)
}

/// `prefs generate swift`: typed keys and `registerDefaults(in:)` for the
/// app's code, written only when they change.
///
/// ```swift
/// let outcome = try GenerateFrontEnd.swift(
///   GenerateSwiftOptions(bundle: "Examples/Conversor/Settings.bundle"),
///   environment: PrefsEnvironment(workingDirectory: "/work/prefs"))
/// if case .source(let text) = outcome { print(text) }
/// ```
public enum GenerateFrontEnd {
  public static func swift(_ options: GenerateSwiftOptions, environment: PrefsEnvironment)
    throws(GenerateSwiftError) -> GenerateSwiftOutcome
  {
    if SwiftSettingsGenerator.hidesANameTheFileUses(options.typeName) {
      throw .typeNameHidesAName(options.typeName)
    }
    guard SwiftSettingsGenerator.isValidTypeName(options.typeName) else {
      throw .invalidTypeName(options.typeName)
    }
    if options.checksOnly, options.outputFile == nil { throw .checkNeedsAFile }
    let named = NamedBundle(options.bundle, environment: environment)
    let base: LoadOptions
    do {
      base = try named.options(LoadOptions(), rootPage: options.rootPage)
    } catch {
      throw .configuration(error)
    }
    let bundles: [SettingsBundle]
    do {
      bundles = try named.shown { () throws(SettingsBundleError) in
        try SwiftSettingsGenerator.load(
          at: named.resolved, idioms: options.idioms, language: options.language,
          base: base)
      }
    } catch {
      throw .bundle(error)
    }
    let generator = SwiftSettingsGenerator(
      options: .init(
        typeName: options.typeName, isPublic: options.isPublic,
        generatorVersion: options.generatorVersion,
        bundleName: URL(fileURLWithPath: named.resolved).lastPathComponent))
    let source: String
    do {
      source = try generator.generate(from: bundles)
    } catch {
      throw .generation(error, bundlePath: named.given)
    }
    guard let file = options.outputFile else { return .source(source) }
    let path = environment.absolutePath(file)
    let current = OutputFile.currentContents(of: path)
    let wanted = Data(source.utf8)
    if options.checksOnly {
      guard current == wanted else { throw .outOfDate(file: file) }
      return .upToDate(file: file)
    }
    guard current != wanted else { return .unchanged(file: file) }
    do {
      try OutputFile.write(wanted, to: path)
    } catch {
      throw .output(error.naming(file))
    }
    return .written(file: file)
  }
}
