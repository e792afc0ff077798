import DefaultsStore
import Foundation
import Plist
import SettingsSchema

/// The form said line by line (`prefs edit --plain`), for screen readers and
/// scripts. It says what the screen shows — section titles and footers, each
/// value by its localized title (a multi value's title, not the raw value;
/// on or off for a toggle; a secure field masked), the numbered choices, a
/// slider's range — and asks for each value a person can change; Enter keeps
/// a value, end of input ends. A value that is only shown (a title value,
/// which the app writes) is printed as `Title: value`, and so is what an
/// InAppSettingsKit action row would do. It walks the form's own rows (which
/// elements are drawn, in what order, sections and footers, list items' titles,
/// actions) and uses the form's value conversion and keyboards, so the two
/// never disagree.
///
/// ```swift
/// var answers = ["2", ""].makeIterator()
/// let session = PlainFormSession(
///   bundle: bundle, store: store, words: .keys, idiom: .phone, readAnswer: { answers.next() })
/// var output = ""
/// let end = session.run(output: &output)  // .requested
/// ```
public struct PlainFormSession {
  public var bundle: SettingsBundle
  public var store: DefaultsStore
  public var words: FormWords
  public var idiom: Idiom
  /// The next line of input, nil at its end.
  public var readAnswer: () -> String?
  /// The values in the domain, read (and refused when corrupt) before the form starts.
  /// nil: read now, a domain that cannot be read shown empty (`edit` reads and refuses it first).
  public var stored: [PlistKey: PlistValue]?
  /// Whether a line is ended after each answer: input that is not a terminal is not echoed.
  public var endsAnsweredLines: Bool

  public init(
    bundle: SettingsBundle, store: DefaultsStore, words: FormWords, idiom: Idiom,
    readAnswer: @escaping () -> String?, stored: [PlistKey: PlistValue]? = nil,
    endsAnsweredLines: Bool = false
  ) {
    self.bundle = bundle
    self.store = store
    self.words = words
    self.idiom = idiom
    self.readAnswer = readAnswer
    self.stored = stored
    self.endsAnsweredLines = endsAnsweredLines
  }

  /// What plain mode does with an element.
  public enum Treatment: Sendable, Equatable {
    case ask, show, skip
  }

  /// Whether an element is asked for (a value a person changes), shown (a
  /// value only the app writes) or skipped (it stores nothing).
  public static func treatment(of specifier: Specifier, in catalog: SchemaCatalog) -> Treatment {
    guard let key = specifier.key, !key.isEmpty, catalog.storesValue(specifier.type) else {
      return .skip
    }
    return catalog.isEditable(specifier.type) ? .ask : .show
  }

  /// Says the form and asks for its values until the input ends: the end is
  /// `requested`, or `requestedAfterFailedWrite` when a value could not be
  /// stored (the answer says why, as the form does).
  ///
  /// It walks the form's own rows of each page (``RowBuilder/rows(of:in:idiom:width:values:)``,
  /// footers unwrapped): a section's title row and its footer rows, a radio
  /// group or list group where its title row stands, an action or custom
  /// view by its row, and every other row's element asked for or shown.
  public func run(output: inout some TextOutputStream) -> QuitReason {
    var stored = stored ?? (try? store.persistentValues()) ?? [:]
    var failedWrites = 0
    var status: QuitReason { failedWrites > 0 ? .requestedAfterFailedWrite : .requested }
    for page in bundle.pages {
      if let heading = heading(of: page) { print("» \(heading)", to: &output) }
      let rows = RowBuilder.rows(of: page, in: bundle, idiom: idiom, width: nil, values: stored)
      for row in rows {
        let specifier = row.specifier
        switch row.kind {
        case .footer:
          print(row.title, to: &output)
          continue
        case .groupTitle:
          if let title = specifier.title, !title.isEmpty, specifier.type != .listGroup {
            print("— \(row.title) —", to: &output)
          }
        case .action(let action):
          print(TitleLabel.joined(row.title, FormView.describe(action, words: words)), to: &output)
          continue
        case .customView:
          // The app draws it; the form only names it.
          print(TitleLabel.joined(row.title, words["value.custom"]), to: &output)
          continue
        case .childPane(let file) where !bundle.pages.contains(where: { $0.file == file }):
          // No page follows for it: the row opens an empty page, as the form shows it.
          print(TitleLabel.joined(row.title, "›"), to: &output)
          continue
        case .radioOption, .textLine, .listItem, .listAdd:
          // Said with their element's title row (or its value).
          continue
        default:
          break
        }
        let said = say(
          specifier, on: page, stored: &stored, failedWrites: &failedWrites, output: &output)
        if !said { return status }
      }
    }
    return status
  }

  /// Asks for the value of the element (or shows it, or a list group's
  /// items); false when the input ended before an answer.
  private func say(
    _ specifier: Specifier, on page: Page, stored: inout [PlistKey: PlistValue],
    failedWrites: inout Int, output: inout some TextOutputStream
  ) -> Bool {
    let treatment = Self.treatment(of: specifier, in: bundle.catalog)
    guard treatment != .skip, let key = specifier.key else { return true }
    let title = bundle.localized(specifier.title ?? key, on: page).escapingControlCharacters
    if specifier.type == .listGroup {
      // The items as stored now: an answer earlier on the page may have changed them.
      let rows = RowBuilder.rows(of: page, in: bundle, idiom: idiom, width: nil, values: stored)
      let items = rows.filter { row in
        guard case .listItem = row.kind else { return false }
        return row.specifier.index == specifier.index
      }
      print(TitleLabel.joined(title, items.map(\.title).joined(separator: ", ")), to: &output)
      return true
    }
    while true {
      let current = stored[PlistKey(key)] ?? specifier.defaultValue?.value
      let shown = current.map { shownText(of: $0, for: specifier, on: page) } ?? ""
      if treatment == .show {
        print(TitleLabel.joined(title, shown), to: &output)
        return true
      }
      var prompt = TitleLabel.joined(title, shown)
      if let hint = hint(for: specifier, on: page) { prompt += " (\(hint))" }
      print("\(prompt) \(words["plain.keep"]): ", terminator: "", to: &output)
      guard let line = readAnswer() else { return false }
      if endsAnsweredLines { print("", to: &output) }
      if line.isEmpty { return true }
      do {
        let value = try answer(line, for: specifier, on: page, current: current)
        try store.set(value, forKey: key)
        stored[PlistKey(key)] = value
        print(words["plain.saved"], to: &output)
        return true
      } catch let refusal as SpecifierValue.Refusal {
        print(
          "\(words["plain.refused"]): \(refusal.reason.escapingControlCharacters)", to: &output)
      } catch {
        failedWrites += 1
        let message = words["alert.notSaved"].replacing("%@", with: title, maxReplacements: 1)
          .replacing("%@", with: "\(error)".escapingControlCharacters, maxReplacements: 1)
        print(message, to: &output)
        return true
      }
    }
  }

  /// The title of the child pane that opens a page other than the first.
  func heading(of page: Page) -> String? {
    guard page.file != bundle.pages.first?.file else { return nil }
    for parent in bundle.pages {
      for specifier in parent.specifiers where specifier.childPage == page.file {
        return bundle.localized(specifier.title ?? page.name, on: parent).escapingControlCharacters
      }
    }
    return page.name.escapingControlCharacters
  }

  /// The values of a multi value or radio group, with their localized titles.
  func choices(of specifier: Specifier, on page: Page) -> [(value: PlistValue, title: String)] {
    (specifier.choices ?? []).map { choice in
      (
        choice.value,
        choice.title.map { bundle.localized($0, on: page).escapingControlCharacters }
          ?? SpecifierValue.text(of: choice.value).escapingControlCharacters
      )
    }
  }

  /// How to answer: on or off, the numbered choices, a slider's range, a date's form.
  func hint(for specifier: Specifier, on page: Page) -> String? {
    switch bundle.catalog.spec(of: specifier.type)?.valueRule {
    case .toggle?:
      return words["plain.onOff"]
    case .oneOfValues?:
      let list = choices(of: specifier, on: page).enumerated().map {
        "\($0.offset + 1) \($0.element.title)"
      }
      return "\(words["plain.choices"]): " + list.joined(separator: ", ")
    case .range?:
      let (minimum, maximum) = SpecifierValue.sliderRange(of: specifier)
      return words["plain.range"]
        .replacing("%@", with: SpecifierValue.text(of: .real(minimum)), maxReplacements: 1)
        .replacing("%@", with: SpecifierValue.text(of: .real(maximum)), maxReplacements: 1)
    default:
      if specifier.type == .datePicker {
        return DateText.Mode(pickerMode: specifier.datePickerMode).pattern + ", UTC"
      }
      return nil
    }
  }

  /// The value an answer stands for: a choice by its number or title, on or
  /// off in the user's words too, a date as the form writes it; else as typed.
  func answer(_ line: String, for specifier: Specifier, on page: Page, current: PlistValue?)
    throws(SpecifierValue.Refusal) -> PlistValue
  {
    let rule = bundle.catalog.spec(of: specifier.type)?.valueRule
    if rule == .oneOfValues {
      let choices = choices(of: specifier, on: page)
      if let number = Int(line.trimmingCharacters(in: .whitespaces)),
        choices.indices.contains(number - 1)
      {
        return choices[number - 1].value
      }
      if let chosen = choices.first(where: { $0.title == line })
        ?? choices.first(where: { $0.title.lowercased() == line.lowercased() })
      {
        return chosen.value
      }
      do {
        return try SpecifierValue.convert(line, for: specifier, in: bundle.catalog)
      } catch {
        // The refusal offers what the prompt offers: the numbered choices by title.
        throw SpecifierValue.Refusal(
          reason: words["plain.notAChoice"].replacing(
            "%d", with: String(choices.count), maxReplacements: 1)
            + " ("
            + choices.enumerated().map { "\($0.offset + 1) \($0.element.title)" }
            .joined(separator: ", ") + ")")
      }
    }
    if rule == .toggle {
      let (on, off) = SpecifierValue.states(of: specifier)
      if line == words["value.on"] { return on }
      if line == words["value.off"] { return off }
    }
    if specifier.type == .datePicker {
      let mode = DateText.Mode(pickerMode: specifier.datePickerMode)
      var keeping: Date?
      if case .date(let date)? = current { keeping = date }
      guard let date = DateText.parse(line, mode, keeping: keeping) else {
        throw SpecifierValue.Refusal(reason: DateText.refusal(line, mode, words: words))
      }
      return .date(date)
    }
    if rule == .text, !FormUpdate.accepts(line, keyboard: specifier.keyboardType) {
      throw SpecifierValue.Refusal(reason: words["status.notAccepted"])
    }
    return try SpecifierValue.convert(line, for: specifier, in: bundle.catalog)
  }

  /// A value as the form shows it: a toggle on or off, a value of Values by
  /// its title, a secure text masked, a date as its picker shows it.
  func shownText(of value: PlistValue, for specifier: Specifier, on page: Page) -> String {
    let rule = bundle.catalog.spec(of: specifier.type)?.valueRule
    // An archive is no boolean nor one of Values: say what is stored.
    if rule == .toggle || rule == .oneOfValues, let archived = ArchivedValueText.line(of: value) {
      return archived
    }
    if rule == .toggle {
      let isOn = SpecifierValue.showsOn(value, of: specifier, dialect: bundle.options.dialect)
      return isOn ? words["value.on"] : words["value.off"]
    }
    if rule == .oneOfValues || rule == .shown,
      let chosen = choices(of: specifier, on: page).first(where: { $0.value == value })
    {
      return chosen.title
    }
    // A value not among Values shows no title, as the form (and Settings.app) shows none.
    if rule == .oneOfValues { return "" }
    if rule == .range {
      let (minimum, maximum) = SpecifierValue.sliderRange(of: specifier)
      let position = SpecifierValue.sliderPosition(of: value, minimum: minimum, maximum: maximum)
      return SpecifierValue.text(of: .real(position))
    }
    if specifier.isSecure {
      return String(repeating: "•", count: SpecifierValue.text(of: value).count)
    }
    if let archived = ArchivedValueText.line(of: value) { return archived }
    if case .date(let date) = value, specifier.type == .datePicker {
      return DateText.format(date, DateText.Mode(pickerMode: specifier.datePickerMode))
        + " UTC"
    }
    return SpecifierValue.text(of: value).escapingControlCharacters
  }
}
