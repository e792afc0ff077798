import ProjectConfiguration
import SettingsSchema

/// A bundle a user named: opened where it is (the path resolved against the
/// working directory of the ``PrefsEnvironment``), shown as it was given, so
/// that `Examples/App/Settings.bundle/Root.plist:3:1` reads the same whatever
/// directory the caller runs in and no front end changes the process's.
/// The loaded bundle keeps the resolved path (the libraries read its files
/// again through it); outcomes carry ``given`` for what they show.
///
/// ```swift
/// let named = NamedBundle("Settings.bundle", environment: PrefsEnvironment(workingDirectory: "/work/app"))
/// named.resolved  // "/work/app/Settings.bundle"
/// let bundle = try named.load(LoadOptions())
/// bundle.path     // "/work/app/Settings.bundle"
/// ```
public struct NamedBundle: Sendable, Equatable {
  /// The path as given, the one every message names.
  public var given: String
  /// Where the bundle is: `given` resolved against the working directory.
  public var resolved: String

  public init(_ path: String, environment: PrefsEnvironment) {
    given = path
    resolved = environment.absolutePath(path)
  }

  /// The nearest `.prefs.yml` at or above the bundle, read as lint, strings
  /// and diff read it, else the empty configuration. A file that does not
  /// read is an error for every command that reads the bundle: a typo in any
  /// section would otherwise silently change which pages are read.
  ///
  /// ```swift
  /// let configuration = try named.configuration()
  /// configuration.dialect  // .iask for `dialect: iask`
  /// ```
  public func configuration() throws(ConfigurationError) -> ProjectConfiguration {
    try ProjectConfiguration.nearest(forBundle: resolved)
  }

  /// The configuration `file` names (as the user gave it, resolved against the
  /// environment's working directory), else the nearest `.prefs.yml`, as
  /// ``configuration()`` reads it. An error in the file named names it as given.
  ///
  /// ```swift
  /// let configuration = try named.configuration(file: "ci/prefs.yml", environment: environment)
  /// ```
  public func configuration(file: String?, environment: PrefsEnvironment)
    throws(ConfigurationError) -> ProjectConfiguration
  {
    guard let file else { return try configuration() }
    let explicit = environment.absolutePath(file)
    do {
      return try ProjectConfiguration.nearest(forBundle: resolved, explicit: explicit)
    } catch {
      var named = error
      if error.file == explicit { named.file = file }
      throw named
    }
  }

  /// `options` with the page the app opens first (`rootPage`, else `root:`
  /// of the nearest `.prefs.yml`) and the dialect (`dialect`, else
  /// `dialect:` of the configuration); throws when that file does not read.
  ///
  /// ```swift
  /// let options = try named.options(LoadOptions(), rootPage: nil)
  /// ```
  public func options(_ options: LoadOptions, rootPage: String?, dialect: Dialect? = nil)
    throws(ConfigurationError) -> LoadOptions
  {
    var options = options
    let project = try configuration()
    options.rootPage = rootPage.flatMap(PageName.init)?.name ?? project.rootPage
    if let dialect = dialect ?? project.dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    return options
  }

  /// The bundle loaded from where it is; what it throws names the bundle as given.
  public func load(_ options: LoadOptions) throws(SettingsBundleError) -> SettingsBundle {
    try shown { () throws(SettingsBundleError) in
      try SettingsBundle.load(at: resolved, options: options)
    }
  }

  /// Runs `body`, naming the bundle as given in what it throws.
  public func shown<T>(_ body: () throws(SettingsBundleError) -> T) throws(SettingsBundleError)
    -> T
  {
    do {
      return try body()
    } catch {
      throw naming(error)
    }
  }

  /// The same error, naming the bundle as given where it names it resolved.
  public func naming(_ error: SettingsBundleError) -> SettingsBundleError {
    func shown(_ path: String) -> String {
      if path == resolved { return given }
      if path.hasPrefix(resolved + "/") { return given + path.dropFirst(resolved.count) }
      return path
    }
    return switch error {
    case .notFound(let path): .notFound(shown(path))
    case .notADirectory(let path): .notADirectory(shown(path))
    case .noRootPlist(let path): .noRootPlist(shown(path))
    case .noRootPage(let path, let root, let pages):
      .noRootPage(shown(path), root: root, pages: pages)
    case .schemaUnreadable: error
    }
  }
}
