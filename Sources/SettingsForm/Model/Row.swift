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
    /// A row that opens the page `file`; "" when the bundle has no page by its File (an empty page).
    case childPane(file: String)
    /// An InAppSettingsKit row that does something in the app (opens a URL,
    /// writes a mail, runs the app's code): the form says what, and does not do it.
    case action(RowAction)
    /// A date, a time or both (InAppSettingsKit), shown and edited as text in UTC.
    case datePicker(DateText.Mode)
    /// A multi-line text (InAppSettingsKit): this row, then a ``textLine`` per line of it.
    case textView
    /// A line of a text view's value, below its row.
    case textLine
    /// An item of a list group (the item at `index` of the array stored under its Key).
    case listItem(index: Int)
    /// The row of a list group that adds an item; its title is the AddSpecifier's.
    case listAdd
    /// A cell the app draws itself (InAppSettingsKit's custom view): shown by its title.
    case customView
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

  /// Whether the focus can rest on the row: it edits a value, opens a page or
  /// describes an action.
  public var isFocusable: Bool {
    switch kind {
    case .childPane, .action, .listItem, .listAdd: return true
    case .textLine, .customView: return false
    default: return isEditable
    }
  }

  /// Whether the rows of the element depend on the stored value (a text
  /// view's lines, a list group's items), so that they are built again when it changes.
  public var dependsOnValue: Bool {
    switch kind {
    case .textView, .textLine, .listItem, .listAdd: true
    default: false
    }
  }

  public var key: String? { specifier.key }

  /// Whether the form shows the element at all (plain mode asks the same):
  /// a type Settings.app does not know is left out in the apple dialect.
  ///
  /// ```swift
  /// Row.isDrawn(customView, in: try SchemaCatalog.load(.apple))  // false
  /// Row.isDrawn(customView, in: try SchemaCatalog.load(.iask))   // true
  /// ```
  public static func isDrawn(_ specifier: Specifier, in catalog: SchemaCatalog) -> Bool {
    RowBuilder.draws(specifier, in: catalog)
  }

  /// What an item of a list group shows (the form's row, plain mode's line):
  /// by its ItemSpecifier as InAppSettingsKit shows it, else the value compactly.
  ///
  /// ```swift
  /// Row.listItemTitle(.integer(1), in: list, bundle: bundle, page: page)  // "one"
  /// ```
  public static func listItemTitle(
    _ value: PlistValue, in list: Specifier, bundle: SettingsBundle, page: Page
  ) -> String {
    list.itemTitle(of: value) { bundle.localized($0 ?? "", on: page) }.escapingControlCharacters
  }
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
    /// pane without a File).
    case row(@Sendable (Specifier) -> Row.Kind?)
    /// A row, then a line per line of the stored text (a text view).
    case lines
    /// Starts a section whose rows are the items of the array stored under its
    /// Key, then the row that adds one (a list group).
    case list
  }

  /// The row kind of every type the form draws; a type not here is not drawn,
  /// as Settings.app skips a type it does not know.
  static let layouts: [SpecifierType: Layout] = [
    .group: .section(options: false),
    .radioGroup: .section(options: true),
    .toggleSwitch: .row { _ in .toggle },
    .textField: .row {
      .textField(secure: $0.isSecure, keyboard: $0.keyboardType)
    },
    .slider: .row {
      let range = SpecifierValue.sliderRange(of: $0)
      return .slider(minimum: range.minimum, maximum: range.maximum)
    },
    .multiValue: .row { _ in .multiValue },
    .titleValue: .row { _ in .titleValue },
    // A File that names no page of the bundle is still a row (Settings.app and
    // InAppSettingsKit make the cell from Title and read File only when it is
    // tapped); it opens an empty page. Without File there is nothing to open.
    .childPane: .row { specifier in
      specifier.childPage.map { .childPane(file: $0) }
        ?? specifier.file.map { _ in .childPane(file: "") }
    },
    .button: .row { _ in .action(.button) },
    .openURL: .row { .action(.openURL($0.file ?? "")) },  // File is localized in rows(of:)
    .mailCompose: .row {
      .action(.mailCompose(to: $0.mailRecipients, subject: $0.mailSubject))
    },
    .datePicker: .row { .datePicker(DateText.Mode(pickerMode: $0.datePickerMode)) },
    // InAppSettingsKit pushes a custom view with File like a child pane
    // (IASKAppSettingsViewController's didSelectRowAtIndexPath:).
    .customView: .row { specifier in
      specifier.file.map { _ in .childPane(file: specifier.childPage ?? "") } ?? .customView
    },
    .textView: .lines,
    .listGroup: .list,
  ]

  /// The rows of a page; footers are wrapped to `width` columns, a row a
  /// line (with no width, a footer is one row, as plain mode says it).
  /// `values` (the stored ones) give a text view's lines and a list group's items.
  static func rows(
    of page: Page, in bundle: SettingsBundle, idiom: Idiom, width: Int?,
    values: [PlistKey: PlistValue] = [:]
  ) -> [Row] {
    let catalog = bundle.catalog
    var rows: [Row] = []
    var pendingFooter: Row?
    func localized(_ text: String?) -> String {
      bundle.localized(text ?? "", on: page).escapingControlCharacters
    }
    func closeSection() {
      if let footer = pendingFooter {
        guard let width else {
          rows.append(footer)
          pendingFooter = nil
          return
        }
        for line in wrap(footer.title, width: max(1, width - 3)) {
          rows.append(Row(kind: .footer, title: line, specifier: footer.specifier))
        }
      }
      pendingFooter = nil
    }
    // Whether the open section shows its options alone (an InAppSettingsKit radio
    // group): the rows written after it, up to the next section, are never shown.
    var sectionHoldsOnlyOptions = false
    for specifier in page.specifiers where specifier.isShown(on: idiom) {
      guard draws(specifier, in: catalog), let type = specifier.type, let layout = layouts[type]
      else { continue }
      if catalog.startsSection(type) {
        sectionHoldsOnlyOptions = catalog.sectionHoldsOnlyOptions(type)
      } else if sectionHoldsOnlyOptions {
        continue
      }
      let editable = catalog.isEditable(type)
      switch layout {
      case .section(let options):
        closeSection()
        rows.append(Row(kind: .groupTitle, title: localized(specifier.title), specifier: specifier))
        if options {
          for choice in specifier.choices ?? [] {
            rows.append(
              Row(
                kind: .radioOption(value: choice.value), title: localized(choice.displayTitle),
                specifier: specifier, isEditable: editable))
          }
        }
        if let footer = specifier.footerText {
          pendingFooter = Row(kind: .footer, title: localized(footer), specifier: specifier)
        }
      case .row:
        guard let kind = rowKind(of: specifier, on: page, in: bundle) else { continue }
        // A type without a Title key (a slider) has no label, whatever is written.
        let title = catalog.key("Title", ofType: type) == nil ? "" : localized(specifier.title)
        // The app draws a custom view; the form only names it.
        let rowEditable = editable && kind != .customView
        rows.append(Row(kind: kind, title: title, specifier: specifier, isEditable: rowEditable))
      case .lines:
        rows.append(
          Row(
            kind: .textView, title: localized(specifier.title), specifier: specifier,
            isEditable: editable))
        let text = stored(specifier, values).map(SpecifierValue.text(of:)) ?? ""
        guard !text.isEmpty else { continue }
        for line in wrap(lineBreaksMarked(text), width: max(10, (width ?? .max) - 5)) {
          rows.append(
            Row(kind: .textLine, title: line.escapingControlCharacters, specifier: specifier))
        }
      case .list:
        closeSection()
        rows.append(Row(kind: .groupTitle, title: localized(specifier.title), specifier: specifier))
        var items: [PlistValue] = []
        if case .array(let stored)? = stored(specifier, values) { items = stored }
        for (index, value) in items.enumerated() {
          rows.append(
            Row(
              kind: .listItem(index: index),
              title: Row.listItemTitle(value, in: specifier, bundle: bundle, page: page),
              specifier: specifier))
        }
        if let title = specifier.addTitle {
          rows.append(Row(kind: .listAdd, title: localized(title), specifier: specifier))
        }
        if let footer = specifier.footerText {
          pendingFooter = Row(kind: .footer, title: localized(footer), specifier: specifier)
        }
      }
    }
    closeSection()
    return rows
  }
}

extension RowBuilder {
  /// The kind of the one row an element is drawn as (the form's row, plain
  /// mode's line); nil for an element drawn otherwise (a section, lines, a
  /// list) or not at all.
  static func rowKind(of specifier: Specifier, on page: Page, in bundle: SettingsBundle)
    -> Row.Kind?
  {
    let catalog = bundle.catalog
    guard draws(specifier, in: catalog), let type = specifier.type,
      case .row(let kind)? = layouts[type]
    else { return nil }
    // A child pane that opens the app's own screen (InAppSettingsKit) is a row
    // that names that screen; it has no page to follow.
    let appView = catalog.opensOwnView(specifier) ? Row.appViewName(of: specifier) : nil
    guard var kind = appView.map({ Row.Kind.action(.appView($0)) }) ?? kind(specifier) else {
      return nil
    }
    // InAppSettingsKit reads File through the strings table (localizedObjectForKey:).
    if case .action(.openURL(let file)) = kind,
      catalog.key("File", ofType: type)?.localizable == true
    {
      kind = .action(.openURL(bundle.localized(file, on: page)))
    }
    return kind
  }

  /// Whether the form shows the element at all: a type the form lays out and
  /// the dialect knows. Settings.app skips a type it does not know (an
  /// InAppSettingsKit custom view or button), so the apple dialect does too,
  /// in the form and in plain mode alike.
  static func draws(_ specifier: Specifier, in catalog: SchemaCatalog) -> Bool {
    guard let type = specifier.type, layouts[type] != nil else { return false }
    return catalog.spec(of: type) != nil
  }

  /// A text with each line break (LF, CRLF or CR) as the `\\n` that ``wrap(_:width:)`` breaks at.
  static func lineBreaksMarked(_ text: String) -> String {
    var result = ""
    for character in text {
      // "\r\n" is one Character in Swift.
      if character == "\n" || character == "\r\n" || character == "\r" {
        result += "\\n"
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The value stored under the element's Key, else its DefaultValue.
  static func stored(_ specifier: Specifier, _ values: [PlistKey: PlistValue]) -> PlistValue? {
    guard let key = specifier.key else { return nil }
    return values[PlistKey(key)] ?? specifier.defaultValue?.value
  }

  /// Words to lines of at most `width` columns (a longer word is cut); line
  /// breaks in the text are kept. Each character is measured once, so a
  /// footer of one unbroken word a megabyte long wraps in linear time.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.components(separatedBy: "\\n") {
      var line = ""
      var lineWidth = 0
      for piece in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(piece)
        var wordWidth = DisplayWidth.of(word)
        if wordWidth > width {
          if !line.isEmpty {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          // Cut the word into full lines; what is left is placed like any word.
          var head = ""
          var headWidth = 0
          for character in word {
            let characterWidth = DisplayWidth.of(character)
            if headWidth + characterWidth > width, !head.isEmpty {
              lines.append(head)
              head = ""
              headWidth = 0
            }
            head.append(character)
            headWidth += characterWidth
          }
          word = head
          wordWidth = headWidth
        }
        if line.isEmpty {
          line = word
          lineWidth = wordWidth
        } else if lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
        } else {
          lines.append(line)
          line = word
          lineWidth = wordWidth
        }
      }
      lines.append(line)
    }
    return lines
  }
}

/// What an InAppSettingsKit action row does in the app. The form describes it
/// and never carries it out: no URL is opened, no mail written, no code run.
///
/// ```swift
/// if case .action(.openURL(let url)) = row.kind { print(url) }  // "https://example.com"
/// ```
public enum RowAction: Sendable, Equatable {
  /// `IASKOpenURLSpecifier`: opens the URL in `File`.
  case openURL(String)
  /// `IASKMailComposeSpecifier`: a mail to these recipients, with this subject.
  case mailCompose(to: [String], subject: String?)
  /// `IASKButtonSpecifier`: the app's delegate decides.
  case button
  /// A child pane that opens the app's own screen (InAppSettingsKit's
  /// `IASKViewControllerStoryBoardId`, `IASKViewControllerClass` or
  /// `IASKSegueIdentifier`, the first it has): the screen's name.
  case appView(String)
}

extension Row {
  /// The app's screen a child pane opens, by the key InAppSettingsKit tries
  /// first (`tableView:didSelectRowAtIndexPath:`: a storyboard identifier, a
  /// class, then a segue).
  static func appViewName(of specifier: Specifier) -> String { specifier.appViewName ?? "" }
}
