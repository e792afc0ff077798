import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport

/// A form over an example bundle, driven by keys as a user would.
struct FormDriver {
  var state: FormState
  var effects: [FormEffect] = []
  var terminal: VirtualTerminal

  init(
    bundle name: String = "Showcase", language: String = "en", width: Int = 60, height: Int = 24,
    values: [String: PlistValue] = [:]
  ) throws {
    let bundle = try SettingsBundle.load(
      at: Paths.examples.appendingPathComponent("\(name)/Settings.bundle").path,
      options: LoadOptions(preferredLanguages: [language]))
    state = FormState(
      bundle: bundle, values: values, width: width, height: height, words: .english,
      appTitle: "com.example.\(name.lowercased())")
    terminal = VirtualTerminal(width: width, height: height)
    terminal.show(FormView.draw(state))
  }

  mutating func press(_ keys: Key...) { press(keys) }

  mutating func press(_ keys: [Key]) {
    for key in keys { send(.key(key)) }
  }

  mutating func type(_ text: String) { press(text.map { Key.character($0) }) }

  mutating func send(_ event: FormEvent) {
    let produced = FormUpdate.update(&state, event)
    effects += produced
    // The host applies writes to the store, which reports the new values back.
    for effect in produced {
      switch effect {
      case .write(let key, let value): state.values[key] = value
      case .remove(let key): state.values[key] = nil
      case .quit: break
      }
    }
    terminal.show(FormView.draw(state))
  }

  /// Moves the focus down to the row titled `title`.
  mutating func focus(_ title: String) {
    for _ in 0..<60 where state.focusedRow?.title != title { press(.down) }
  }

  var screen: String { terminal.screen.plainText }
}

extension FormWords {
  /// The English words of `Localizations/en.lproj/Prefs.strings`.
  static let english = language("en")

  /// The words of a language of `Localizations/` (`pt-BR` reads `pt`).
  static func language(_ tag: String) -> FormWords {
    let folder = String(tag.prefix { $0 != "-" && $0 != "_" })
    let url = Paths.repository.appendingPathComponent("Localizations/\(folder).lproj/Prefs.strings")
    let table = (try? StringsReader.read(Array(Data(contentsOf: url))).file.lookup) ?? [:]
    return FormWords { table[$0] ?? $0 }
  }
}
