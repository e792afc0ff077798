import Plist
import SettingsSchema

/// One line of a page as the form shows it.
public struct Row: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case groupTitle
    case footer
    case toggle
    case textField(secure: Bool, keyboard: String)
    case slider(minimum: Double, maximum: Double)
    case multiValue
    case titleValue
    /// An option of a radio group; `value` is what choosing it stores.
    case radioOption(value: PlistValue)
    case childPane(file: String)
  }

  public var kind: Kind
  /// The localized title, control characters escaped.
  public var title: String
  /// The specifier the row belongs to, on its page.
  public var specifier: Specifier

  /// Whether the focus can rest on the row.
  public var isFocusable: Bool {
    switch kind {
    case .groupTitle, .footer, .titleValue: false
    default: true
    }
  }

  public var key: String? { specifier.key }
}

/// Builds a page's rows: sections for groups (title, then rows, then the
/// footer), radio options inline, elements for other idioms left out.
enum RowBuilder {
  static func rows(of page: Page, in bundle: SettingsBundle, idiom: Idiom) -> [Row] {
    var rows: [Row] = []
    var pendingFooter: Row?
    func localized(_ text: String?) -> String {
      bundle.localized(text ?? "", on: page).escapingControlCharacters
    }
    func closeSection() {
      if let footer = pendingFooter { rows.append(footer) }
      pendingFooter = nil
    }
    for specifier in page.specifiers where specifier.isShown(on: idiom) {
      switch specifier.type {
      case "PSGroupSpecifier":
        closeSection()
        rows.append(Row(kind: .groupTitle, title: localized(specifier.title), specifier: specifier))
        if let footer = specifier["FooterText"]?.string, !footer.isEmpty {
          pendingFooter = Row(kind: .footer, title: localized(footer), specifier: specifier)
        }
      case "PSRadioGroupSpecifier":
        closeSection()
        rows.append(Row(kind: .groupTitle, title: localized(specifier.title), specifier: specifier))
        let values = specifier["Values"]?.array?.map(\.value) ?? []
        let titles = specifier["Titles"]?.array?.map { $0.string ?? "" } ?? []
        for (index, value) in values.enumerated() {
          rows.append(
            Row(
              kind: .radioOption(value: value),
              title: localized(
                index < titles.count ? titles[index] : SpecifierValue.text(of: value)),
              specifier: specifier))
        }
        if let footer = specifier["FooterText"]?.string, !footer.isEmpty {
          pendingFooter = Row(kind: .footer, title: localized(footer), specifier: specifier)
        }
      case "PSToggleSwitchSpecifier":
        rows.append(Row(kind: .toggle, title: localized(specifier.title), specifier: specifier))
      case "PSTextFieldSpecifier":
        rows.append(
          Row(
            kind: .textField(
              secure: specifier["IsSecure"]?.bool ?? false,
              keyboard: specifier["KeyboardType"]?.string ?? "Alphabet"),
            title: localized(specifier.title), specifier: specifier))
      case "PSSliderSpecifier":
        rows.append(
          Row(
            kind: .slider(
              minimum: specifier["MinimumValue"]?.number ?? 0,
              maximum: specifier["MaximumValue"]?.number ?? 1),
            title: "", specifier: specifier))
      case "PSMultiValueSpecifier":
        rows.append(Row(kind: .multiValue, title: localized(specifier.title), specifier: specifier))
      case "PSTitleValueSpecifier":
        rows.append(Row(kind: .titleValue, title: localized(specifier.title), specifier: specifier))
      case "PSChildPaneSpecifier":
        if let file = specifier.childPage {
          rows.append(
            Row(
              kind: .childPane(file: file), title: localized(specifier.title), specifier: specifier)
          )
        }
      default:
        continue
      }
    }
    closeSection()
    return rows
  }
}
