import DefaultsStore
import Plist
import ProjectConfiguration
import SettingsSchema

/// The Settings bundle a defaults verb reads a key's element from: to check
/// and convert a value before it is written, to describe the key, or to
/// register its defaults. It is opened as every command opens a bundle
/// (``NamedBundle``: the page the app opens first and the dialect, else those
/// of the nearest `.prefs.yml`) and named as given in every refusal.
///
/// ```swift
/// let bundle = KeyBundle("App/Settings.bundle", preferredLanguages: ["pt-BR"])
/// let described = try DefaultsFrontEnd.describe(
///   key: "theme", in: bundle, environment: PrefsEnvironment(workingDirectory: "/work"))
/// ```
public struct KeyBundle: Sendable, Hashable {
  /// The bundle's path as given: resolved against the environment's working directory.
  public var path: String
  /// The page the app opens first; nil for `root:` of the configuration, else `Root`.
  public var rootPage: String?
  /// The reading (Settings.app's or InAppSettingsKit's); nil for `dialect:` of the configuration.
  public var dialect: Dialect?
  /// The languages whose titles a user may type or is shown, best first.
  public var preferredLanguages: [String]

  public init(
    _ path: String, rootPage: String? = nil, dialect: Dialect? = nil,
    preferredLanguages: [String] = []
  ) {
    self.path = path
    self.rootPage = rootPage
    self.dialect = dialect
    self.preferredLanguages = preferredLanguages
  }

  /// The bundle loaded from where it is, with `options`, then named as given.
  func load(_ options: LoadOptions = LoadOptions(), environment: PrefsEnvironment)
    throws(DefaultsFailure) -> SettingsBundle
  {
    let named = NamedBundle(path, environment: environment)
    let read: LoadOptions
    do {
      read = try named.options(options, rootPage: rootPage, dialect: dialect)
    } catch {
      throw .configuration(error)
    }
    do throws(SettingsBundleError) {
      var loaded = try named.load(read)
      // Read from memory from here on (a title's other languages are read
      // from the resolved path): the refusals name the bundle as it was given.
      loaded.path = named.given
      return loaded
    } catch {
      throw .bundle(error)
    }
  }
}

extension DefaultsFrontEnd {
  /// Stores what the value words ask under `key` (`["-int", "3"]`, a value
  /// alone, `-array-add` and its items: ``WriteRequest/parse(_:)``); with a
  /// `bundle`, the value is first checked and converted by the element
  /// storing the key (a title becomes its value, `1` a real for a slider),
  /// and a container addition is refused: a specifier stores one value.
  ///
  /// ```swift
  /// _ = try defaults.write(
  ///   domain: "com.example.app", key: "theme", words: ["Dark"], checkedBy: KeyBundle("Settings.bundle"))
  /// ```
  public func write(
    domain: String, key: String, words: [String], checkedBy bundle: KeyBundle? = nil,
    force: Bool = false
  ) throws(DefaultsFailure) -> DefaultsStore.WriteOutcome {
    var request: WriteRequest
    do throws(TypedValue.Failure) {
      request = try WriteRequest.parse(words)
    } catch {
      throw .invalidValue(error)
    }
    if let bundle {
      guard case .set = request else { throw .additionCheckedByBundle }
      let loaded = try bundle.load(environment: environment)
      do {
        request = try request.checked(
          forKey: key, in: loaded, at: environment.absolutePath(bundle.path),
          languages: bundle.preferredLanguages)
      } catch let refusal as SpecifierValue.Refusal {
        throw .valueRefused(refusal)
      } catch let error as SettingsBundleError {
        // The reading in another language (the bundle changed meanwhile).
        throw .bundle(error)
      } catch {
        // checked(...) throws only the two above (BundleTitles.convert is
        // untyped); whatever else may come is still a value not taken.
        throw .valueRefused(SpecifierValue.Refusal(reason: "\(error)"))
      }
    }
    return try write(domain: domain, key: key, request, force: force)
  }

  /// `register` with the `DefaultValue`s of `bundle`'s elements.
  ///
  /// ```swift
  /// let outcome = try defaults.register(domain: "com.example.app", bundle: KeyBundle("Settings.bundle"), apply: false)
  /// outcome.missing  // ["volume_preference": .real(0.5), ...]
  /// ```
  public func register(domain: String, bundle: KeyBundle, apply: Bool)
    throws(DefaultsFailure) -> RegisterOutcome
  {
    let defaults = try bundle.load(environment: environment).defaultValues
    return try register(domain: domain, defaults: defaults, apply: apply)
  }

  /// What the element storing `key` in `bundle` offers (its title in the
  /// bundle's preferred languages), as `gsettings describe` and `range` tell;
  /// `noElement` when no element stores it.
  ///
  /// ```swift
  /// let described = try DefaultsFrontEnd.describe(
  ///   key: "volume_preference", in: KeyBundle("Settings.bundle"), environment: environment)
  /// described.rangeText  // "range d 0 1"
  /// ```
  public static func describe(key: String, in bundle: KeyBundle, environment: PrefsEnvironment)
    throws(DefaultsFailure) -> KeyDescription
  {
    let loaded = try bundle.load(
      LoadOptions(preferredLanguages: bundle.preferredLanguages), environment: environment)
    do throws(KeyDescription.NoElement) {
      return try KeyDescription(key: key, bundle: loaded)
    } catch {
      throw .noElement(error)
    }
  }
}
