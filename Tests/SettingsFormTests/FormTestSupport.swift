import DefaultsStore
import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport

/// A form over an example bundle, driven by keys as a user would: the
/// session `prefs edit` runs, on a virtual terminal, writing to a store.
struct FormDriver {
  var session: FormSession
  var terminal: VirtualTerminal
  let store: DefaultsStore
  /// Why the form ended, once it has.
  var outcome: QuitReason?

  init(
    bundle name: String = "Showcase", language: String = "en", width: Int = 60, height: Int = 24,
    values: [PlistKey: PlistValue] = [:], store: DefaultsStore? = nil
  ) throws {
    let bundle = try SettingsBundle.load(
      at: Paths.examples.appendingPathComponent("\(name)/Settings.bundle").path,
      options: LoadOptions(preferredLanguages: [language]))
    try self.init(bundle: bundle, width: width, height: height, values: values, store: store)
  }

  /// - Parameter appTitle: the title bar's first words (the domain when nil).
  init(
    bundle: SettingsBundle, width: Int, height: Int, values: [PlistKey: PlistValue] = [:],
    store: DefaultsStore? = nil, appTitle: String? = nil
  ) throws {
    let domain = "com.example.\(bundle.path.split(separator: "/").dropLast().last ?? "form")"
      .lowercased()
    let store = try store ?? DefaultsStore(inMemory: domain)
    for (key, value) in values { try store.set(value, forKey: key.string) }
    self.store = store
    let state = FormState(
      bundle: bundle, values: try store.persistentValues(), width: width, height: height,
      words: .english, appTitle: appTitle ?? domain)
    session = FormSession(state: state, store: store, describe: \.description)
    terminal = VirtualTerminal(width: width, height: height)
    run()
  }

  var state: FormState {
    get { session.state }
    set { session.state = newValue }
  }

  /// Runs the loop over the input queued so far.
  mutating func run() {
    if let reason = session.run(on: &terminal) { outcome = reason }
  }

  mutating func press(_ keys: Key...) { press(keys) }

  mutating func press(_ keys: [Key]) {
    terminal.press(keys)
    run()
  }

  mutating func type(_ text: String) { press(text.map { Key.character($0) }) }

  /// Resizes the window, as a user dragging its corner.
  mutating func resize(width: Int, height: Int) {
    terminal.resize(width: width, height: height)
    run()
  }

  /// Moves the focus down to the row titled `title`.
  mutating func focus(_ title: String) {
    for _ in 0..<60 where state.focusedRow?.title != title { press(.down) }
  }

  /// What the terminal shows, as text.
  var screen: String { terminal.screen.plainText }

  /// What the domain holds.
  var stored: [PlistKey: PlistValue] { (try? store.persistentValues()) ?? [:] }
}

extension FormWords {
  /// The English words of `Localizations/en.lproj/Prefs.strings`.
  static let english = language("en")

  /// The words of a language of `Localizations/` (`pt-BR` reads `pt`).
  static func language(_ tag: String) -> FormWords {
    let folder = String(tag.prefix { $0 != "-" && $0 != "_" })
    let url = Paths.repository.appendingPathComponent("Localizations/\(folder).lproj/Prefs.strings")
    let table = (try? StringsReader.read(Array(Data(contentsOf: url))).file.lookup) ?? [:]
    return FormWords { table[PlistKey($0)] ?? $0 }
  }
}
