import Plist
import SettingsSchema

/// The changes between two versions of a bundle, and what each does to the
/// values people already stored: keys removed, renamed or retyped, values
/// and ranges that no longer hold what was stored, defaults that change the
/// app for everyone who never touched a setting; then titles, pages and
/// translations. Renames are only ever suggested, with their evidence.
///
/// ```swift
/// let changes = BundleDiff.compare(old: BundleSnapshot(bundles: old), new: BundleSnapshot(bundles: new))
/// let breaking = changes.contains { $0.severity == .breaking }
/// ```
public enum BundleDiff {
  /// The changes on each device variant both versions have, then those of
  /// the strings tables. A change found on every variant is reported once,
  /// at the first variant's places (the phone's, when the pad reads other
  /// files); one found on some variants only says which.
  public static func compare(old: BundleSnapshot, new: BundleSnapshot) -> [BundleChange] {
    var found: [BundleChange: (first: BundleChange, idioms: [Idiom])] = [:]
    var firstSeen: [BundleChange] = []
    var compared = 0
    for before in old.variants {
      guard let after = new.variants.first(where: { $0.idiom == before.idiom }) else { continue }
      compared += 1
      for change in compare(before, after) {
        // What changed, wherever each variant's file has it.
        var what = change
        (what.page, what.oldPlace, what.newPlace) = (nil, nil, nil)
        if let seen = found[what] {
          found[what] = (seen.first, seen.idioms + [before.idiom])
        } else {
          found[what] = (change, [before.idiom])
          firstSeen.append(what)
        }
      }
    }
    var changes: [BundleChange] = []
    for what in firstSeen {
      guard let (first, idioms) = found[what] else { continue }
      guard idioms.count < compared else {
        changes.append(first)
        continue
      }
      // On some variants only: each says which.
      for idiom in idioms {
        var one = first
        one.idiom = idiom
        one.message = "on \(idiom.rawValue): " + first.message
        changes.append(one)
      }
    }
    changes += compareStrings(old: old, new: new)
    return changes.sorted(by: order)
  }

  /// The changes between what one kind of device shows in each version.
  static func compare(_ old: BundleSnapshot.Variant, _ new: BundleSnapshot.Variant)
    -> [BundleChange]
  {
    var changes: [BundleChange] = []
    let oldByKey = Dictionary(
      old.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    let newByKey = Dictionary(
      new.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    var removed = old.settings.filter { newByKey[PlistKey($0.key)] == nil }
    var added = new.settings.filter { oldByKey[PlistKey($0.key)] == nil }

    // A removed key and an added one of the same type and title (or values) are likely one renamed.
    for (index, gone) in removed.enumerated().reversed() {
      guard let match = added.firstIndex(where: { renameEvidence(from: gone, to: $0) != nil })
      else {
        continue
      }
      let successor = added.remove(at: match)
      removed.remove(at: index)
      changes.append(
        BundleChange(
          kind: .keyRenamed, severity: .breaking, key: successor.key, page: successor.place.file,
          old: gone.key, new: successor.key, oldPlace: gone.place, newPlace: successor.place,
          message:
            "\"\(gone.key)\" is likely renamed \"\(successor.key)\" (\(renameEvidence(from: gone, to: successor) ?? "")): what people stored under the old key is no longer read; confirm the rename to carry their values over"
        ))
    }
    for gone in removed {
      changes.append(
        BundleChange(
          kind: .keyRemoved, severity: .breaking, key: gone.key, page: gone.place.file,
          old: gone.defaultValue.map(SpecifierValue.text), new: nil, oldPlace: gone.place,
          newPlace: nil,
          message:
            "the key \"\(gone.key)\" (\(gone.type.rawValue)) was removed: values people stored under it are orphaned"
        ))
    }
    for setting in added {
      changes.append(
        BundleChange(
          kind: .keyAdded, severity: .cosmetic, key: setting.key, page: setting.place.file,
          old: nil, new: setting.defaultValue.map(SpecifierValue.text), oldPlace: nil,
          newPlace: setting.place,
          message: "the key \"\(setting.key)\" (\(setting.type.rawValue)) was added"))
    }
    for setting in new.settings {
      guard let before = oldByKey[PlistKey(setting.key)] else { continue }
      changes += compare(before, setting)
    }
    changes += comparePages(old: old, new: new)
    changes += compareElements(old: old, new: new)
    return changes
  }

  /// Why `new` is probably `old` under another key, or nil.
  static func renameEvidence(from old: BundleSnapshot.Setting, to new: BundleSnapshot.Setting)
    -> String?
  {
    guard old.type == new.type else { return nil }
    if let title = old.title, !title.isEmpty, title == new.title {
      return "same type and title \"\(title)\""
    }
    if !old.values.isEmpty, sameAsStored(old.values, new.values) {
      return "same type and values \(old.values.map(SpecifierValue.text).joined(separator: ", "))"
    }
    return nil
  }

  /// The changes to one key that both versions have.
  static func compare(_ old: BundleSnapshot.Setting, _ new: BundleSnapshot.Setting)
    -> [BundleChange]
  {
    func change(
      _ kind: ChangeKind, _ severity: ChangeSeverity, old oldText: String?, new newText: String?,
      _ message: String
    ) -> BundleChange {
      BundleChange(
        kind: kind, severity: severity, key: new.key, page: new.place.file, old: oldText,
        new: newText, oldPlace: old.place, newPlace: new.place, message: message)
    }
    if old.stores != new.stores || old.rule != new.rule {
      return [
        change(
          .typeChanged, .breaking, old: old.type.rawValue, new: new.type.rawValue,
          "\"\(new.key)\" was a \(old.type.rawValue) storing \(old.stores.phrase) and is now a \(new.type.rawValue) storing \(new.stores.phrase): stored values are read as another type"
        )
      ]
    }
    var changes: [BundleChange] = []
    if old.type != new.type {
      changes.append(
        change(
          .typeChanged, .behaviour, old: old.type.rawValue, new: new.type.rawValue,
          "\"\(new.key)\" was a \(old.type.rawValue) and is now a \(new.type.rawValue); it stores the same kind of value"
        ))
    }
    if !sameAsStored(old.defaultValue, new.defaultValue) {
      var before = old.defaultValue.map(SpecifierValue.text) ?? "nothing"
      var after = new.defaultValue.map(SpecifierValue.text) ?? "nothing"
      if before == after, let was = old.defaultValue, let now = new.defaultValue {
        // The same text in another type: `the string "1"` to `the integer 1`.
        (before, after) = (SpecifierValue.describe(was), SpecifierValue.describe(now))
      }
      changes.append(
        change(
          .defaultChanged, .behaviour, old: before, new: after,
          "the default of \"\(new.key)\" changed from \(before) to \(after): the setting changes for everyone who never set it"
        ))
    }
    // A value that reads the same as one of the other list's is named with its type.
    func text(_ value: PlistValue, among others: [PlistValue]) -> String {
      let text = SpecifierValue.text(of: value)
      return others.contains { SpecifierValue.text(of: $0) == text }
        ? SpecifierValue.describe(value) : text
    }
    for value in old.values where !new.values.contains(where: { $0.isEqualAsStored(to: value) }) {
      let text = text(value, among: new.values)
      changes.append(
        change(
          .valueRemoved, .breaking, old: text, new: nil,
          "\"\(new.key)\" no longer offers \(text): people who chose it see a blank value in Settings"
        ))
    }
    for value in new.values where !old.values.contains(where: { $0.isEqualAsStored(to: value) }) {
      let text = text(value, among: old.values)
      changes.append(
        change(.valueAdded, .cosmetic, old: nil, new: text, "\"\(new.key)\" now offers \(text)"))
    }
    if old.minimum != new.minimum || old.maximum != new.maximum {
      let before = rangeText(old)
      let after = rangeText(new)
      let contains =
        (new.minimum ?? -.infinity) <= (old.minimum ?? -.infinity)
        && (new.maximum ?? .infinity) >= (old.maximum ?? .infinity)
      changes.append(
        change(
          .rangeChanged, contains ? .cosmetic : .breaking, old: before, new: after,
          contains
            ? "the range of \"\(new.key)\" widened from \(before) to \(after)"
            : "the range of \"\(new.key)\" changed from \(before) to \(after): stored values outside it are out of range"
        ))
    }
    if !sameAsStored(old.trueValue, new.trueValue) || !sameAsStored(old.falseValue, new.falseValue)
    {
      let before = toggleText(old)
      let after = toggleText(new)
      changes.append(
        change(
          .toggleValuesChanged, .breaking, old: before, new: after,
          "\"\(new.key)\" stores \(after) instead of \(before): what people stored reads as off"))
    }
    // The element's own Title is compared with the other elements' texts.
    if old.titles != new.titles {
      changes.append(
        change(
          .titleChanged, .cosmetic, old: old.titles.joined(separator: ", "),
          new: new.titles.joined(separator: ", "),
          "the Titles of the values of \"\(new.key)\" changed"))
    }
    return changes
  }

  /// Equal as Foundation's `isEqual:` compares stored values (`1` and `1.0` are one).
  static func sameAsStored(_ a: PlistValue?, _ b: PlistValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.isEqualAsStored(to: b)
    default: false
    }
  }

  static func sameAsStored(_ a: [PlistValue], _ b: [PlistValue]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.isEqualAsStored(to: $1) }
  }

  static func rangeText(_ setting: BundleSnapshot.Setting) -> String {
    func number(_ value: Double?) -> String {
      value.map { SpecifierValue.text(of: .real($0)) } ?? "?"
    }
    return "\(number(setting.minimum))...\(number(setting.maximum))"
  }

  static func toggleText(_ setting: BundleSnapshot.Setting) -> String {
    let on = setting.trueValue.map(SpecifierValue.text) ?? "true"
    let off = setting.falseValue.map(SpecifierValue.text) ?? "false"
    return "\(on)/\(off)"
  }

  /// Pages are matched by the name child panes use, whichever file a device reads.
  static func comparePages(old: BundleSnapshot.Variant, new: BundleSnapshot.Variant)
    -> [BundleChange]
  {
    let oldPages = Set(old.pages.map(\.name))
    let newPages = Set(new.pages.map(\.name))
    return old.pages.filter { !newPages.contains($0.name) }.map { page in
      BundleChange(
        kind: .pageRemoved, severity: .cosmetic, key: nil, page: page.file, old: page.file,
        new: nil, oldPlace: BundlePlace(file: page.file), newPlace: nil,
        message: "the page \(page.file) is no longer reached from Root")
    }
      + new.pages.filter { !oldPages.contains($0.name) }.map { page in
        BundleChange(
          kind: .pageAdded, severity: .cosmetic, key: nil, page: page.file, old: nil,
          new: page.file, oldPlace: nil, newPlace: BundlePlace(file: page.file),
          message: "the page \(page.file) is new")
      }
  }

  /// What the elements of the pages both versions have show: their texts
  /// (titles, footers: the schema's localizable keys) and their order; and
  /// keys that moved to another page.
  static func compareElements(old: BundleSnapshot.Variant, new: BundleSnapshot.Variant)
    -> [BundleChange]
  {
    var changes: [BundleChange] = []
    let oldPages = Dictionary(old.pages.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for page in new.pages {
      guard let before = oldPages[page.name] else { continue }
      let oldByID = Dictionary(
        before.elements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      for element in page.elements {
        guard let was = oldByID[element.id] else { continue }
        for text in Set(was.texts.keys).union(element.texts.keys).sorted()
        where was.texts[text] != element.texts[text] {
          let (from, to) = (was.texts[text], element.texts[text])
          func shown(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nothing" }
          changes.append(
            BundleChange(
              kind: textChangeKinds[text] ?? .titleChanged, severity: .cosmetic,
              key: element.key, page: page.file, old: from, new: to,
              oldPlace: before.place(of: was), newPlace: page.place(of: element),
              message:
                "the \(text) of \(was.name) changed from \(shown(from)) to \(shown(to))"))
        }
      }
      changes += compareOrder(old: before, new: page)
    }
    let oldByKey = Dictionary(
      old.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    for setting in new.settings {
      guard let was = oldByKey[PlistKey(setting.key)], was.page != setting.page else { continue }
      changes.append(
        BundleChange(
          kind: .orderChanged, severity: .cosmetic, key: setting.key, page: setting.place.file,
          old: was.place.file, new: setting.place.file, oldPlace: was.place,
          newPlace: setting.place,
          message:
            "\"\(setting.key)\" moved from the page \(was.place.file) to \(setting.place.file)"))
    }
    return changes
  }

  /// The change kind of a text key whose change is not a title's.
  static let textChangeKinds: [String: ChangeKind] = ["FooterText": .footerChanged]

  /// The elements of a page that moved among those both versions have: the
  /// fewest that, moved, give the new order (those outside the longest run
  /// kept in order, found in n log n for pages of thousands of elements).
  static func compareOrder(old: BundleSnapshot.PageOutline, new: BundleSnapshot.PageOutline)
    -> [BundleChange]
  {
    let oldIndex = Dictionary(
      old.elements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    let common = new.elements.filter { oldIndex[$0.id] != nil }
    let kept = longestIncreasingRun(common.compactMap { oldIndex[$0.id] })
    guard kept.count < common.count else { return [] }
    func after(_ list: [BundleSnapshot.Element], _ id: String) -> String {
      guard let index = list.firstIndex(where: { $0.id == id }), index > 0 else { return "first" }
      return "after \(list[index - 1].name)"
    }
    let oldByID = Dictionary(old.elements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var changes: [BundleChange] = []
    for (position, element) in common.enumerated() where !kept.contains(position) {
      let before = after(old.elements, element.id)
      let now = after(new.elements, element.id)
      changes.append(
        BundleChange(
          kind: .orderChanged, severity: .cosmetic, key: element.key, page: new.file,
          old: before, new: now, oldPlace: oldByID[element.id].map(old.place),
          newPlace: new.place(of: element),
          message: "\(element.name) moved on \(new.file): now \(now), was \(before)"))
    }
    return changes
  }

  /// The positions in `sequence` of one longest strictly increasing subsequence.
  static func longestIncreasingRun(_ sequence: [Int]) -> Set<Int> {
    var tails: [Int] = []  // positions: the smallest tail of each run length
    var previous = [Int](repeating: -1, count: sequence.count)
    for (position, value) in sequence.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if sequence[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      result.insert(position)
      position = previous[position]
    }
    return result
  }

  /// New strings each language must translate, and translations that were
  /// removed. Only the old tables that were read (those that differ from the
  /// new ones) can have lost a translation.
  static func compareStrings(old: BundleSnapshot, new: BundleSnapshot) -> [BundleChange] {
    var changes: [BundleChange] = []
    for table in new.strings.keys.sorted() {
      let before = Set((old.strings[table] ?? []).map { PlistKey($0) })
      for text in new.strings[table] ?? [] where !before.contains(PlistKey(text)) {
        let missing = new.languages.filter {
          new.table(table, language: $0)?.translations[PlistKey(text)] == nil
        }
        guard !missing.isEmpty else { continue }
        let place = new.stringPlaces[table]?[PlistKey(text)]
        changes.append(
          BundleChange(
            kind: .stringsAdded, severity: .cosmetic, key: nil, page: place?.file, old: nil,
            new: text, oldPlace: nil, newPlace: place,
            message:
              "\"\(text)\" is new in the table \(table): \(missing.joined(separator: ", ")) must translate it"
          ))
      }
      let shown = Set((new.strings[table] ?? []).map { PlistKey($0) })
      // A table read in only one version differs from the other's, which is read now.
      for language in Set(old.languages).intersection(new.languages).sorted() {
        guard old.tables[language]?[table] != nil || new.tables[language]?[table] != nil,
          let had = old.table(table, language: language)
        else { continue }
        let has = new.table(table, language: language)?.translations ?? [:]
        let lost = had.translations.keys.filter { has[$0] == nil && shown.contains($0) }
        for key in lost.sorted() {
          let file = "\(language).lproj/\(table).strings"
          changes.append(
            BundleChange(
              kind: .translationRemoved, severity: .cosmetic, key: nil,
              page: new.stringPlaces[table]?[key]?.file, old: key.string, new: nil,
              oldPlace: BundlePlace(file: file), newPlace: BundlePlace(file: file),
              message:
                "the \(language) translation of \"\(key.string)\" (table \(table)) was removed: it shows untranslated"
            ))
        }
      }
    }
    return changes
  }

  /// Most serious first, then by file and line, then by kind.
  static func order(_ a: BundleChange, _ b: BundleChange) -> Bool {
    if a.severity != b.severity { return a.severity < b.severity }
    let placeA = a.newPlace ?? a.oldPlace
    let placeB = b.newPlace ?? b.oldPlace
    let keyA = (placeA?.file ?? "", placeA?.line ?? 0, placeA?.column ?? 0)
    let keyB = (placeB?.file ?? "", placeB?.line ?? 0, placeB?.column ?? 0)
    if keyA != keyB { return keyA < keyB }
    if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
    let subjectA = a.key ?? a.new ?? a.old ?? ""
    let subjectB = b.key ?? b.new ?? b.old ?? ""
    if subjectA != subjectB { return subjectA < subjectB }
    if a.idiom != b.idiom { return (a.idiom?.rawValue ?? "") < (b.idiom?.rawValue ?? "") }
    return a.message < b.message
  }
}
