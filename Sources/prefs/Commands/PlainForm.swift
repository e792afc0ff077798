import DefaultsStore
import Foundation
import Plist
import SettingsSchema

/// `prefs edit --plain`: each value of each page asked for on its own line,
/// for screen readers and scripts. Enter keeps a value; end of input ends.
struct PlainForm {
  let bundle: SettingsBundle
  let store: DefaultsStore
  let words: ToolStrings
  let idiom: Idiom

  func run(output: inout some TextOutputStream) -> Int32 {
    let stored = (try? store.persistentValues()) ?? [:]
    for page in bundle.pages {
      for specifier in page.specifiers where specifier.isShown(on: idiom) {
        guard let key = specifier.key, !key.isEmpty,
          [
            .textField, .toggleSwitch, .slider,
            .multiValue, .radioGroup,
          ].contains(specifier.type ?? "")
        else { continue }
        let title = bundle.localized(specifier.title ?? key, on: page).escapingControlCharacters
        let current = stored[key] ?? specifier.defaultValue?.value
        let shown = current.map { SpecifierValue.text(of: $0).escapingControlCharacters } ?? ""
        while true {
          print("\(title) [\(shown)] \(words["plain.keep"]): ", terminator: "", to: &output)
          guard let line = readLine() else { return ExitStatus.success }
          if line.isEmpty { break }
          do {
            let value = try SpecifierValue.convert(line, for: specifier)
            try store.set(value, forKey: key)
            print(words["plain.saved"], to: &output)
            break
          } catch let refusal as SpecifierValue.Refusal {
            print(
              "\(words["plain.refused"]): \(refusal.reason.escapingControlCharacters)", to: &output)
          } catch {
            print("\(words["plain.refused"]): \(error)".escapingControlCharacters, to: &output)
            break
          }
        }
      }
    }
    return ExitStatus.success
  }
}
