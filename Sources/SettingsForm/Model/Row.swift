import Plist
import SettingsSchema
import TextWidth

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
  /// The rows of a page; footers are wrapped to `width` columns, a row a line.
  static func rows(of page: Page, in bundle: SettingsBundle, idiom: Idiom, width: Int) -> [Row] {
    var rows: [Row] = []
    var pendingFooter: Row?
    func localized(_ text: String?) -> String {
      bundle.localized(text ?? "", on: page).escapingControlCharacters
    }
    func closeSection() {
      if let footer = pendingFooter {
        for line in wrap(footer.title, width: max(10, width - 3)) {
          rows.append(Row(kind: .footer, title: line, specifier: footer.specifier))
        }
      }
      pendingFooter = nil
    }
    for specifier in page.specifiers where specifier.isShown(on: idiom) {
      switch specifier.type {
      case .group:
        closeSection()
        rows.append(Row(kind: .groupTitle, title: localized(specifier.title), specifier: specifier))
        if let footer = specifier["FooterText"]?.string, !footer.isEmpty {
          pendingFooter = Row(kind: .footer, title: localized(footer), specifier: specifier)
        }
      case .radioGroup:
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
      case .toggleSwitch:
        rows.append(Row(kind: .toggle, title: localized(specifier.title), specifier: specifier))
      case .textField:
        rows.append(
          Row(
            kind: .textField(
              secure: specifier["IsSecure"]?.bool ?? false,
              keyboard: specifier["KeyboardType"]?.string ?? "Alphabet"),
            title: localized(specifier.title), specifier: specifier))
      case .slider:
        rows.append(
          Row(
            kind: .slider(
              minimum: specifier["MinimumValue"]?.number ?? 0,
              maximum: specifier["MaximumValue"]?.number ?? 1),
            title: "", specifier: specifier))
      case .multiValue:
        rows.append(Row(kind: .multiValue, title: localized(specifier.title), specifier: specifier))
      case .titleValue:
        rows.append(Row(kind: .titleValue, title: localized(specifier.title), specifier: specifier))
      case .childPane:
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

extension RowBuilder {
  /// Words to lines of at most `width` columns (a longer word is cut); line
  /// breaks in the text are kept.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.components(separatedBy: "\\n") {
      var line = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        while DisplayWidth.of(word) > width {
          if !line.isEmpty {
            lines.append(line)
            line = ""
          }
          var head = ""
          for character in word {
            if DisplayWidth.of(head) + DisplayWidth.of(character) > width { break }
            head.append(character)
          }
          lines.append(head)
          word.removeFirst(head.count)
        }
        if line.isEmpty {
          line = word
        } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = word
        }
      }
      lines.append(line)
    }
    return lines
  }
}
