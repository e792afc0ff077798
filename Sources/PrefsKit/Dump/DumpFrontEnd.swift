import Localization
import Plist
import ProjectConfiguration
import SettingsSchema

/// What `prefs dump` is asked: a bundle, and how to read it.
///
/// ```swift
/// var options = DumpOptions(bundle: "Examples/Showcase/Settings.bundle")
/// options.preferredLanguages = ["pt-BR", "en"]
/// ```
public struct DumpOptions: Sendable {
  public var bundle: String
  /// Most preferred first; nil for the locale variables of the environment
  /// (`LANGUAGE`'s list, then `LC_ALL`, `LC_MESSAGES` or `LANG`).
  public var preferredLanguages: [String]?
  /// The device whose pages are read.
  public var idiom: Idiom
  /// The reader; nil for `dialect:` of `.prefs.yml`, else the one that opens the bundle.
  public var dialect: Dialect?
  /// The page the app opens first; nil for `root:` of `.prefs.yml`, else `Root`.
  public var rootPage: String?

  public init(
    bundle: String, preferredLanguages: [String]? = nil, idiom: Idiom = .phone,
    dialect: Dialect? = nil, rootPage: String? = nil
  ) {
    self.bundle = bundle
    self.preferredLanguages = preferredLanguages
    self.idiom = idiom
    self.dialect = dialect
    self.rootPage = rootPage
  }
}

/// The bundle as prefs reads it, for a person (the CLI's text) or a program
/// (``json``).
public struct DumpOutcome: Sendable {
  /// The bundle, read from where it is (its path resolved).
  public var bundle: SettingsBundle
  /// The bundle's path as given: what the dump and its problems name.
  public var shownPath: String

  /// Whether some file could not be read (a problem of error severity).
  public var hasErrors: Bool { bundle.problems.contains { $0.issue.severity == .error } }

  /// The bundle as JSON: pages, specifiers with their localized titles and
  /// lines, unreached files and problems.
  public var json: JSONValue { BundleDump.json(of: bundle, shownAs: shownPath) }
}

/// Why `prefs dump` read nothing.
public enum DumpFailure: Error, Sendable {
  /// The path is no bundle (named as given).
  case bundle(SettingsBundleError)
  /// The nearest `.prefs.yml` does not read.
  case configuration(ConfigurationError)
}

/// `prefs dump`: reads a bundle in the preferred languages, never stopping at
/// a file that does not read (it becomes a problem of the outcome).
///
/// ```swift
/// let outcome = try DumpFrontEnd.run(
///   DumpOptions(bundle: "Examples/Conversor/Settings.bundle", preferredLanguages: ["pt"]),
///   environment: PrefsEnvironment(workingDirectory: "/work/prefs"))
/// outcome.bundle.language  // "pt"
/// ```
public enum DumpFrontEnd {
  public static func run(_ options: DumpOptions, environment: PrefsEnvironment)
    throws(DumpFailure) -> DumpOutcome
  {
    let named = NamedBundle(options.bundle, environment: environment)
    let preferred =
      options.preferredLanguages
      ?? LanguageNegotiation.preferredLanguages(environment: environment.variables)
    let loadOptions: LoadOptions
    do {
      loadOptions = try named.options(
        LoadOptions(idiom: options.idiom, preferredLanguages: preferred),
        rootPage: options.rootPage, dialect: options.dialect)
    } catch {
      throw .configuration(error)
    }
    do {
      return DumpOutcome(bundle: try named.load(loadOptions), shownPath: named.given)
    } catch {
      throw .bundle(error)
    }
  }
}
