import DefaultsStore
import Localization
import Plist
import ProjectConfiguration
import SettingsForm
import SettingsSchema

/// What `prefs edit` and `prefs render` are asked: a bundle, how to read it,
/// and the defaults domain whose values are shown (and, for edit, written).
///
/// ```swift
/// var options = EditOptions(bundle: "Examples/Conversor/Settings.bundle")
/// options.preferredLanguages = ["pt"]
/// options.store = StoreOptions(folder: "/tmp/defaults")
/// ```
public struct EditOptions: Sendable {
  public var bundle: String
  /// The domain; nil for the bundle's own (``SettingsBundle/defaultsDomain``).
  public var domain: String?
  /// Most preferred first; nil for the locale variables of the environment.
  public var preferredLanguages: [String]?
  /// The device whose pages are shown.
  public var idiom: Idiom
  /// Whose screen to show; nil for `dialect:` of `.prefs.yml`, else the reader that opens the bundle.
  public var dialect: Dialect?
  /// The page the app opens first; nil for `root:` of `.prefs.yml`, else `Root`.
  public var rootPage: String?
  /// Where the domains are kept.
  public var store: StoreOptions

  public init(
    bundle: String, domain: String? = nil, preferredLanguages: [String]? = nil,
    idiom: Idiom = .phone, dialect: Dialect? = nil, rootPage: String? = nil,
    store: StoreOptions = StoreOptions()
  ) {
    self.bundle = bundle
    self.domain = domain
    self.preferredLanguages = preferredLanguages
    self.idiom = idiom
    self.dialect = dialect
    self.rootPage = rootPage
    self.store = store
  }
}

/// Why the form could not be shown; the caller words it.
public enum EditFailure: Error, Sendable {
  /// The bundle did not read.
  case bundle(SettingsBundleError)
  /// The nearest `.prefs.yml` does not read.
  case configuration(ConfigurationError)
  /// No domain was given and the bundle names none. `infoPlistIdentifier` is
  /// the `CFBundleIdentifier` beside the bundle when it is one only a build
  /// fills in (`$(PRODUCT_BUNDLE_IDENTIFIER)`), nil when there is none.
  case noDomain(infoPlistIdentifier: String?)
  /// The store's location could not be decided from the options.
  case location(StoreLocation.Failure)
  /// The domain could not be opened or read (a missing folder, a corrupt file).
  case store(DefaultsError)
  /// `render` was asked for a page the bundle does not have.
  case noPage(String, pages: [String])
  /// The page to show (the root, or the one `render` is asked for) did not
  /// read (``SettingsBundle/unreadPages``): a form without it would show a
  /// bundle that is not there, so none is shown, as `dump`, `generate` and
  /// `diff` refuse such pages.
  case pagesDoNotRead([BundleProblem])
}

/// A bundle opened for editing: its values read from the domain's store,
/// ready to be shown in the full-screen form or said line by line.
public struct EditSetup {
  /// The bundle, its path as given.
  public var bundle: SettingsBundle
  public var domain: String
  public var store: DefaultsStore
  /// The values in the domain when it was opened.
  public var values: [PlistKey: PlistValue]
  public var idiom: Idiom

  /// The full-screen form's first state, for a terminal of `width` x `height`.
  public func formState(width: Int, height: Int, words: FormWords) -> FormState {
    FormState(
      bundle: bundle, values: values, width: width, height: height, words: words,
      appTitle: domain, idiom: idiom)
  }

  /// The line-by-line form over the same bundle and store.
  ///
  /// ```swift
  /// let end = setup.plainSession(words: words, readAnswer: { nil }).run(output: &output)
  /// ```
  public func plainSession(
    words: FormWords, readAnswer: @escaping () -> String?, endsAnsweredLines: Bool = false
  ) -> PlainFormSession {
    PlainFormSession(
      bundle: bundle, store: store, words: words, idiom: idiom, readAnswer: readAnswer,
      stored: values, endsAnsweredLines: endsAnsweredLines)
  }
}

/// `prefs edit` and `prefs render`: a bundle read as the form shows it, the
/// domain its values go to (as iOS picks it), and the domain's store.
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work/prefs")
/// let setup = try EditFrontEnd.open(
///   EditOptions(bundle: "Examples/Conversor/Settings.bundle", store: StoreOptions(folder: "/tmp/d")),
///   environment: environment)
/// setup.domain  // "com.example.conversor"
/// let screen = try EditFrontEnd.render(
///   EditOptions(bundle: "Examples/Conversor/Settings.bundle"), page: nil, width: 60,
///   words: .keys, environment: environment)
/// ```
public enum EditFrontEnd {
  /// The bundle, the domain and its store with the values it holds; the
  /// values are refused before anything is shown (a corrupt domain file).
  public static func open(_ options: EditOptions, environment: PrefsEnvironment)
    throws(EditFailure) -> EditSetup
  {
    let named = NamedBundle(options.bundle, environment: environment)
    let bundle = try load(options, named: named, environment: environment)
    let domain = try domain(options.domain, of: bundle, named: named)
    let (store, values) = try storeWithValues(domain, options, environment: environment)
    return EditSetup(
      bundle: bundle, domain: domain, store: store, values: values, idiom: options.idiom)
  }

  /// A page of the form as plain text, `width` columns wide and as tall as
  /// the page is. The domain's values are shown when a domain or a store
  /// location is named; nothing is written.
  public static func render(
    _ options: EditOptions, page: String?, width: Int, words: FormWords,
    environment: PrefsEnvironment
  ) throws(EditFailure) -> String {
    try rendering(options, page: page, width: width, words: words, environment: environment).screen
  }

  /// A page drawn by ``rendering(_:page:width:words:environment:)``, with the
  /// strings tables the bundle has but never read: the page shows their
  /// language's words as written, which the caller says as lint and dump do.
  public struct Rendering: Sendable {
    /// The page as plain text.
    public var screen: String
    /// ``SettingsBundle/unreadTables`` of the bundle drawn.
    public var unreadTables: [BundleProblem]
  }

  /// A page of the form as plain text, as ``render(_:page:width:words:environment:)``
  /// draws it, and the tables that did not read.
  ///
  /// ```swift
  /// let drawn = try EditFrontEnd.rendering(
  ///   options, page: nil, width: 60, words: .keys, environment: environment)
  /// drawn.unreadTables.map(\.file)  // ["en.lproj/Root.strings"] for a FIFO there
  /// ```
  public static func rendering(
    _ options: EditOptions, page: String?, width: Int, words: FormWords,
    environment: PrefsEnvironment
  ) throws(EditFailure) -> Rendering {
    let named = NamedBundle(options.bundle, environment: environment)
    let bundle = try load(options, named: named, environment: environment)
    let ownDomain = bundle.defaultsDomain(besideBundleAt: named.resolved)
    var values: [PlistKey: PlistValue] = [:]
    if options.domain != nil || options.store.namesALocation {
      let domain = try domain(options.domain, of: bundle, named: named)
      values = try storeWithValues(domain, options, environment: environment).values
    }
    var state = FormState(
      bundle: bundle, values: values, width: width, height: 100, words: words,
      appTitle: options.domain ?? ownDomain ?? "", idiom: options.idiom)
    if let page {
      let name = pageName(page, in: bundle)
      guard state.open(pageNamed: name) else {
        throw .noPage(page, pages: bundle.pages.map(\.name))
      }
      // The page asked for is shown only when it reads.
      let files = Set(bundle.pages.filter { $0.name == name || $0.file == name }.map(\.file))
      let unread = bundle.unreadPages.filter { files.contains($0.file) }
      guard unread.isEmpty else { throw .pagesDoNotRead(unread) }
    }
    state.height = state.fullHeight
    return Rendering(screen: FormView.draw(state).plainText, unreadTables: bundle.unreadTables)
  }

  /// The page `asked` names: as written when a page has that name or file,
  /// else the one page whose name or file it is but for letter case.
  ///
  /// ```swift
  /// EditFrontEnd.pageName("advanced", in: bundle)  // "Advanced"
  /// ```
  public static func pageName(_ asked: String, in bundle: SettingsBundle) -> String {
    let names = bundle.pages.flatMap { [$0.name, $0.file] }
    if names.contains(asked) { return asked }
    let lowered = asked.lowercased()
    let matches = bundle.pages.filter {
      $0.name.lowercased() == lowered || $0.file.lowercased() == lowered
        || $0.file.lowercased() == lowered + ".plist"
    }
    return matches.count == 1 ? matches[0].name : asked
  }

  static func load(_ options: EditOptions, named: NamedBundle, environment: PrefsEnvironment)
    throws(EditFailure) -> SettingsBundle
  {
    let preferred =
      options.preferredLanguages
      ?? LanguageNegotiation.preferredLanguages(environment: environment.variables)
    let loadOptions: LoadOptions
    do {
      loadOptions = try named.options(
        LoadOptions(idiom: options.idiom, preferredLanguages: preferred, keepsComments: false),
        rootPage: options.rootPage, dialect: options.dialect)
    } catch {
      throw .configuration(error)
    }
    let bundle: SettingsBundle
    do {
      bundle = try named.load(loadOptions)
    } catch {
      throw .bundle(error)
    }
    // The page shown first must read; a child page that does not opens empty, as in Settings.app.
    let unread = bundle.unreadPages.filter { $0.file == bundle.pages.first?.file }
    guard unread.isEmpty else { throw .pagesDoNotRead(unread) }
    return bundle
  }

  /// `given`, else the bundle's own domain.
  static func domain(_ given: String?, of bundle: SettingsBundle, named: NamedBundle)
    throws(EditFailure) -> String
  {
    if let given { return given }
    if let domain = bundle.defaultsDomain(besideBundleAt: named.resolved) { return domain }
    let identifier = bundle.infoPlistIdentifier(besideBundleAt: named.resolved)
    throw .noDomain(infoPlistIdentifier: identifier?.contains("$(") == true ? identifier : nil)
  }

  static func storeWithValues(
    _ domain: String, _ options: EditOptions, environment: PrefsEnvironment
  ) throws(EditFailure) -> (store: DefaultsStore, values: [PlistKey: PlistValue]) {
    let location: StoreLocation
    do {
      location = try StoreLocation(options.store, environment: environment)
    } catch {
      throw .location(error)
    }
    do {
      return try location.storeWithValues(domain: domain)
    } catch {
      throw .store(error)
    }
  }
}
