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
  /// Whether choosing the row changes the value stored under its Key: the schema's
  /// `editable` for the specifier's type (a title value only shows its value).
  public var isEditable: Bool

  public init(kind: Kind, title: String, specifier: Specifier, isEditable: Bool = false) {
    self.kind = kind
    self.title = title
    self.specifier = specifier
    self.isEditable = isEditable
  }

  /// Whether the focus can rest on the row: it edits a value or opens a page.
  public var isFocusable: Bool {
    if case .childPane = kind { return true }
    return isEditable
  }

  public var key: String? { specifier.key }
}

/// Builds a page's rows: sections for groups (title, then rows, then the
/// footer), radio options inline, elements for other idioms left out.
enum RowBuilder {
  /// How the form lays out an element of a type. Everything else about the
  /// type (whether it is editable, whether it has a title, what it stores) is
  /// the schema's.
  enum Layout: Sendable {
    /// Starts a section: its title row now, its footer when the section ends;
    /// with options, a row per value (a radio group).
    case section(options: Bool)
    /// One row of the kind made from the element; nil draws nothing (a child
    /// pane whose page is missing).
    case row(@Sendable (Specifier) -> Row.Kind?)
  }

  /// The row kind of every type the form draws; a type not here is not drawn,
  /// as Settings.app skips a type it does not know.
  static let layouts: [SpecifierType: Layout] = [
    .group: .section(options: false),
    .radioGroup: .section(options: true),
    .toggleSwitch: .row { _ in .toggle },
    .textField: .row {
      .textField(
        secure: $0["IsSecure"]?.bool ?? false, keyboard: $0["KeyboardType"]?.string ?? "Alphabet")
    },
    .slider: .row {
      .slider(minimum: $0["MinimumValue"]?.number ?? 0, maximum: $0["MaximumValue"]?.number ?? 1)
    },
    .multiValue: .row { _ in .multiValue },
    .titleValue: .row { _ in .titleValue },
    .childPane: .row { $0.childPage.map { .childPane(file: $0) } },
  ]

  /// The rows of a page; footers are wrapped to `width` columns, a row a line.
  static func rows(of page: Page, in bundle: SettingsBundle, idiom: Idiom, width: Int) -> [Row] {
    let catalog = bundle.catalog
    var rows: [Row] = []
    var pendingFooter: Row?
    func localized(_ text: String?) -> String {
      bundle.localized(text ?? "", on: page).escapingControlCharacters
    }
    func closeSection() {
      if let footer = pendingFooter {
        for line in wrap(footer.title, width: max(1, width - 3)) {
          rows.append(Row(kind: .footer, title: line, specifier: footer.specifier))
        }
      }
      pendingFooter = nil
    }
    for specifier in page.specifiers where specifier.isShown(on: idiom) {
      guard let type = specifier.type, let layout = layouts[type] else { continue }
      let editable = catalog.isEditable(type)
      switch layout {
      case .section(let options):
        closeSection()
        rows.append(Row(kind: .groupTitle, title: localized(specifier.title), specifier: specifier))
        if options {
          let values = specifier["Values"]?.array?.map(\.value) ?? []
          let titles = specifier["Titles"]?.array?.map { $0.string ?? "" } ?? []
          for (index, value) in values.enumerated() {
            rows.append(
              Row(
                kind: .radioOption(value: value),
                title: localized(
                  index < titles.count ? titles[index] : SpecifierValue.text(of: value)),
                specifier: specifier, isEditable: editable))
          }
        }
        if let footer = specifier["FooterText"]?.string, !footer.isEmpty {
          pendingFooter = Row(kind: .footer, title: localized(footer), specifier: specifier)
        }
      case .row(let kind):
        guard let kind = kind(specifier) else { continue }
        // A type without a Title key (a slider) has no label, whatever is written.
        let title = catalog.key("Title", ofType: type) == nil ? "" : localized(specifier.title)
        rows.append(Row(kind: kind, title: title, specifier: specifier, isEditable: editable))
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
