import DefaultsStore
import Foundation
import Plist
import SettingsSchema

/// `prefs edit --plain`: each value of each page asked for on its own line,
/// for screen readers and scripts. Enter keeps a value; end of input ends.
/// What a person can change (the schema's `editable`) is asked for; a value
/// that is only shown (a title value, which the app writes) is printed as
/// `Title: value`, as the form shows it, and asks nothing.
struct PlainForm {
  let bundle: SettingsBundle
  let store: DefaultsStore
  let words: ToolStrings
  let idiom: Idiom
  /// The next line of input, nil at its end.
  var readAnswer: () -> String? = { readLine() }

  /// What plain mode does with an element.
  enum Treatment: Equatable {
    case ask, show, skip
  }

  static func treatment(of specifier: Specifier, in catalog: SchemaCatalog) -> Treatment {
    guard let key = specifier.key, !key.isEmpty, catalog.storesValue(specifier.type) else {
      return .skip
    }
    return catalog.isEditable(specifier.type) ? .ask : .show
  }

  /// 0, or 1 when a value could not be stored (the answer says why, as the form does).
  func run(output: inout some TextOutputStream) -> Int32 {
    let stored = (try? store.persistentValues()) ?? [:]
    var failedWrites = 0
    var status: Int32 { failedWrites > 0 ? ExitStatus.failure : ExitStatus.success }
    for page in bundle.pages {
      for specifier in page.specifiers where specifier.isShown(on: idiom) {
        let treatment = Self.treatment(of: specifier, in: bundle.catalog)
        guard treatment != .skip, let key = specifier.key else { continue }
        let title = bundle.localized(specifier.title ?? key, on: page).escapingControlCharacters
        let current = stored[PlistKey(key)] ?? specifier.defaultValue?.value
        let shown = current.map { shownText(of: $0, for: specifier, on: page) } ?? ""
        if treatment == .show {
          print("\(title): \(shown)", to: &output)
          continue
        }
        while true {
          print("\(title) [\(shown)] \(words["plain.keep"]): ", terminator: "", to: &output)
          guard let line = readAnswer() else { return status }
          if line.isEmpty { break }
          do {
            let value = try SpecifierValue.convert(line, for: specifier, in: bundle.catalog)
            try store.set(value, forKey: key)
            print(words["plain.saved"], to: &output)
            break
          } catch let refusal as SpecifierValue.Refusal {
            print(
              "\(words["plain.refused"]): \(refusal.reason.escapingControlCharacters)", to: &output)
          } catch {
            failedWrites += 1
            let message = words["alert.notSaved"].replacing("%@", with: title, maxReplacements: 1)
              .replacing("%@", with: "\(error)".escapingControlCharacters, maxReplacements: 1)
            print(message, to: &output)
            break
          }
        }
      }
    }
    return status
  }

  /// A value as typed, or, for a value that only shows, the title Titles give it.
  func shownText(of value: PlistValue, for specifier: Specifier, on page: Page) -> String {
    if !bundle.catalog.isEditable(specifier.type),
      let values = specifier["Values"]?.array?.map(\.value),
      let index = values.firstIndex(of: value),
      let titles = specifier["Titles"]?.array, index < titles.count,
      let title = titles[index].string
    {
      return bundle.localized(title, on: page).escapingControlCharacters
    }
    return SpecifierValue.text(of: value).escapingControlCharacters
  }
}
