import Foundation
import Localization
import Plist
import SettingsSchema

extension SettingsLayout {
  /// Lays out every page of `bundle` as its reader (``SettingsBundle/catalog``'s
  /// dialect) draws it on the device it was loaded for, in the language it was
  /// loaded in. A row shows the value stored under its Key in `values`, else
  /// its DefaultValue (display only, as on iOS).
  ///
  /// ```swift
  /// let layout = SettingsLayout(
  ///   bundle: bundle, appTitle: "Conversor", values: ["celsiusPref": .bool(true)])
  /// ```
  public init(bundle: SettingsBundle, appTitle: String, values: [PlistKey: PlistValue] = [:]) {
    let system = bundle.options.preferredLanguages.first
    var builder = LayoutBuilder(bundle: bundle, values: values)
    self.init(
      appTitle: appTitle, language: bundle.language, systemLanguage: system,
      direction: system.map(TextDirection.init(ofIdentifier:)) ?? .leftToRight,
      idiom: bundle.options.idiom, dialect: bundle.catalog.dialect,
      pages: builder.pages(appTitle: appTitle))
  }
}

/// Turns a bundle's pages into sections and rows: a group starts a section,
/// a radio group a section of its options, elements for another idiom are
/// left out, and a type the dialect does not know is skipped as its reader skips it.
struct LayoutBuilder {
  let bundle: SettingsBundle
  let values: [PlistKey: PlistValue]
  var catalog: SchemaCatalog { bundle.catalog }
  /// The lists of choices the multi values of the page being laid out open.
  private var choicePages: [LayoutPage] = []

  init(bundle: SettingsBundle, values: [PlistKey: PlistValue]) {
    self.bundle = bundle
    self.values = values
  }

  mutating func pages(appTitle: String) -> [LayoutPage] {
    let unread = Set(bundle.unreadPages.map(\.file))
    var openers: [String: (parent: String, title: String)] = [:]
    for page in bundle.pages {
      for specifier in page.specifiers where specifier.isShown(on: bundle.options.idiom) {
        guard let child = specifier.childPage, catalog.opensPage(specifier),
          openers[child] == nil, child != bundle.pages.first?.file
        else { continue }
        openers[child] = (page.file, localized(specifier.title ?? Page.name(ofFile: child), page))
      }
    }
    var result: [LayoutPage] = []
    for (position, page) in bundle.pages.enumerated() where page.isReached {
      let opener = openers[page.file]
      choicePages = []
      let sections = self.sections(of: page)
      result.append(
        LayoutPage(
          id: LayoutPage.ID(file: page.file), name: page.name,
          title: position == 0 ? appTitle : opener?.title ?? page.name,
          parent: position == 0 ? nil : LayoutPage.ID(file: opener?.parent ?? bundle.pages[0].file),
          isUnread: unread.contains(page.file), sections: sections))
      result += choicePages
    }
    return result
  }

  mutating func sections(of page: Page) -> [LayoutSection] {
    var sections: [LayoutSection] = []
    var current = LayoutSection(startIndex: nil, title: nil, footer: nil, rows: [])
    // An InAppSettingsKit radio group or list group shows its own rows alone:
    // what is written after it, up to the next section, is never shown.
    var holdsOnlyItsOwnRows = false
    func close() {
      if current.startIndex != nil || !current.rows.isEmpty { sections.append(current) }
    }
    for specifier in page.specifiers where specifier.isShown(on: bundle.options.idiom) {
      guard let type = specifier.type, catalog.spec(of: type) != nil else { continue }
      if catalog.startsSection(type) {
        close()
        holdsOnlyItsOwnRows = catalog.sectionHoldsOnlyOptions(type)
        current = LayoutSection(
          startIndex: specifier.index, title: nonEmpty(localized(specifier.title, page)),
          footer: specifier.footerText.map { localized($0, page) },
          rows: sectionRows(specifier, page))
        continue
      }
      if holdsOnlyItsOwnRows { continue }
      if let row = row(of: specifier, type: type, on: page) { current.rows.append(row) }
    }
    close()
    return sections
  }

  /// The rows a section-starting element brings: a radio group's options, a list group's items.
  func sectionRows(_ specifier: Specifier, _ page: Page) -> [LayoutRow] {
    let id = { (part: Int?) in
      RowID(page: page.file, key: nonEmpty(specifier.key), index: specifier.index, part: part)
    }
    switch specifier.type {
    case .radioGroup?:
      return choices(of: specifier, on: page).map { choice in
        LayoutRow(
          id: id(choice.position), title: choice.title,
          control: .radioOption(isChosen: choice.isChosen))
      }
    case .listGroup?:
      var rows: [LayoutRow] = []
      if case .array(let items)? = shown(specifier) {
        for (position, item) in items.enumerated() {
          rows.append(
            LayoutRow(
              id: id(position), title: specifier.itemTitle(of: item) { localized($0, page) },
              control: .listItem))
        }
      }
      if let add = specifier.addTitle {
        rows.append(LayoutRow(id: id(nil), title: localized(add, page), control: .listAdd))
      }
      return rows
    default:
      return []
    }
  }

  mutating func row(of specifier: Specifier, type: SpecifierType, on page: Page) -> LayoutRow? {
    let id = RowID(page: page.file, key: nonEmpty(specifier.key), index: specifier.index)
    // A type without a Title key (a slider) has no label, whatever is written.
    let title = catalog.key("Title", ofType: type) == nil ? "" : localized(specifier.title, page)
    let subtitle =
      catalog.key("IASKSubtitle", ofType: type) != nil
      ? specifier[SpecifierAttribute.subtitle.rawValue]?.string.flatMap {
        nonEmpty(localized($0, page))
      } : nil
    guard let control = control(of: specifier, type: type, on: page, title: title) else {
      return nil
    }
    return LayoutRow(id: id, title: title, subtitle: subtitle, control: control)
  }

  mutating func control(
    of specifier: Specifier, type: SpecifierType, on page: Page, title: String
  ) -> RowControl? {
    let value = shown(specifier)
    if catalog.opensOwnView(specifier) {
      return .action(.appView(specifier.appViewName ?? ""))
    }
    switch type {
    case .toggleSwitch:
      return .toggle(
        isOn: SpecifierValue.showsOn(value, of: specifier, dialect: catalog.dialect))
    case .textField:
      let text = value.map(SpecifierValue.text(of:)) ?? ""
      let placeholder =
        catalog.key("IASKPlaceholder", ofType: type) != nil
        ? specifier[SpecifierAttribute.placeholder.rawValue]?.string.map { localized($0, page) }
        : nil
      return .textField(
        text: specifier.isSecure ? String(repeating: "•", count: text.count) : text,
        placeholder: placeholder, isSecure: specifier.isSecure, keyboard: specifier.keyboardType)
    case .slider:
      let range = specifier.range
      return .slider(
        value: SpecifierValue.sliderPosition(
          of: value, minimum: range.minimum, maximum: range.maximum),
        minimum: range.minimum, maximum: range.maximum,
        minimumImage: image(specifier[SpecifierAttribute.minimumValueImage.rawValue]?.string),
        maximumImage: image(specifier[SpecifierAttribute.maximumValueImage.rawValue]?.string))
    case .multiValue:
      let pageID = LayoutPage.ID(file: page.file, choicesOf: specifier.index)
      let choices = choices(of: specifier, on: page)
      choicePages.append(
        LayoutPage(
          id: pageID, name: page.name, title: title, parent: LayoutPage.ID(file: page.file),
          sections: [
            LayoutSection(
              startIndex: specifier.index, title: nil,
              footer: catalog.key("FooterText", ofType: type) != nil
                ? specifier.footerText.map { localized($0, page) } : nil,
              rows: choices.map {
                LayoutRow(
                  id: RowID(
                    page: page.file, key: nonEmpty(specifier.key), index: specifier.index,
                    part: $0.position),
                  title: $0.title, control: .choice(isChosen: $0.isChosen))
              })
          ]))
      return .multiValue(chosen: chosenTitle(value, of: specifier, on: page), page: pageID)
    case .titleValue:
      return .titleValue(text: titleValueText(value, of: specifier, on: page))
    case .childPane, .customView:
      // A File that names no page is still a row (Settings.app makes the cell
      // from Title and reads File only when tapped): it opens an empty page.
      if catalog.opensPage(specifier) {
        return .childPane(page: specifier.childPage.map { LayoutPage.ID(file: $0) })
      }
      return type == .customView ? .customView : nil
    case .button:
      return .action(.button)
    case .openURL:
      let url = specifier.file ?? ""
      let localizable = catalog.key("File", ofType: type)?.localizable == true
      return .action(.openURL(localizable ? localized(url, page) : url))
    case .mailCompose:
      return .action(.mailCompose(to: specifier.mailRecipients))
    case .datePicker:
      return .date(text: value.map(SpecifierValue.text(of:)) ?? "")
    case .textView:
      return .textView(text: value.map(SpecifierValue.text(of:)) ?? "")
    default:
      return nil
    }
  }

  /// The value a row shows: the one given for its Key, else its DefaultValue.
  func shown(_ specifier: Specifier) -> PlistValue? {
    guard let key = specifier.key, !key.isEmpty else { return specifier.defaultValue?.value }
    return values[PlistKey(key)] ?? specifier.defaultValue?.value
  }

  struct Choice {
    var position: Int
    var title: String
    var isChosen: Bool
  }

  /// The choices of a multi value or radio group in the order shown:
  /// `DisplaySortedByTitle` sorts them by their localized titles.
  func choices(of specifier: Specifier, on page: Page) -> [Choice] {
    let value = shown(specifier)
    var choices = (specifier.choices ?? []).enumerated().map { position, choice in
      Choice(
        position: position, title: localized(choice.displayTitle, page),
        isChosen: value == choice.value)
    }
    if specifier[SpecifierAttribute.displaySortedByTitle.rawValue]?.bool == true {
      choices.sort {
        let order = $0.title.localizedStandardCompare($1.title)
        return order == .orderedSame ? $0.position < $1.position : order == .orderedAscending
      }
    }
    return choices
  }

  /// A multi value's row text: the (short) title of the value shown; ShortTitles,
  /// when written, stand in for Titles (InAppSettingsKit's `titleForCurrentValue:`).
  func chosenTitle(_ value: PlistValue?, of specifier: Specifier, on page: Page) -> String? {
    guard let value, let raw = specifier.choiceTitle(for: value, short: true) else { return nil }
    return localized(raw, page)
  }

  /// A title value's text: the title beside the value in Values; a value not
  /// among them is shown as it is by Settings.app, and not at all by
  /// InAppSettingsKit (IASKPSTitleValueSpecifierViewCell shows no title).
  func titleValueText(_ value: PlistValue?, of specifier: Specifier, on page: Page) -> String {
    guard let value else { return "" }
    if specifier.choices != nil {
      if let title = specifier.choiceTitle(for: value, short: false) {
        return localized(title, page)
      }
      if catalog.dialect == .iask { return "" }
    }
    return SpecifierValue.text(of: value)
  }

  /// The image a name written in the page stands for, when the bundle has it
  /// and its bytes are a PNG, JPEG or GIF image; read only from inside the bundle.
  func image(_ name: String?) -> BundleImage? {
    guard let name, let file = bundle.imageFile(named: name),
      let bytes = bundle.contents(ofFile: file), let type = Self.mediaType(of: bytes)
    else { return nil }
    return BundleImage(file: file, mediaType: type, bytes: bytes)
  }

  /// The image type the first bytes announce; nil for anything else.
  static func mediaType(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      return "image/gif"
    }
    return nil
  }

  func localized(_ text: String?, _ page: Page) -> String {
    bundle.localized(text ?? "", on: page)
  }

  func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}
