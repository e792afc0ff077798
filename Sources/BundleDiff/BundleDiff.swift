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
  /// The changes on each reading both versions have (each device, by
  /// Settings.app and, for a bundle with `.inApp` pages, by
  /// InAppSettingsKit), then those of the strings tables. A change found on
  /// every reading is reported once, at the first reading's places (the
  /// phone's, when the pad reads other files); one found on some readings
  /// only names them in ``BundleChange/readings`` and ``BundleChange/missed``.
  ///
  /// - Parameter renames: confirmed renames, old key → new key: reported as
  ///   renames whatever the evidence, as a change of behaviour (the values
  ///   are to be carried over), not as a breaking one.
  public static func compare(
    old: BundleSnapshot, new: BundleSnapshot, renames: [String: String] = [:]
  ) -> [BundleChange] {
    var found: [BundleChange: (first: BundleChange, readings: [BundleReading])] = [:]
    var firstSeen: [BundleChange] = []
    var compared: [BundleReading] = []
    for before in old.variants {
      guard
        let after = new.variants.first(where: {
          $0.idiom == before.idiom && $0.dialect == before.dialect
        })
      else { continue }
      let reading = BundleReading(idiom: before.idiom, dialect: before.dialect)
      compared.append(reading)
      for change in compare(before, after, renames: renames) {
        // What changed, wherever each variant's file has it.
        var what = change
        (what.page, what.oldPlace, what.newPlace) = (nil, nil, nil)
        if let seen = found[what] {
          found[what] = (seen.first, seen.readings + [reading])
        } else {
          found[what] = (change, [reading])
          firstSeen.append(what)
        }
      }
    }
    var changes: [BundleChange] = []
    for what in firstSeen {
      guard let (first, readings) = found[what] else { continue }
      var one = first
      let missed = compared.filter { !readings.contains($0) }
      if !missed.isEmpty {
        one.readings = readings
        one.missed = missed
        // The one device it is on, when the same reader on the other device missed it.
        let idioms = Set(readings.map(\.idiom))
        if idioms.count == 1,
          missed.contains(where: { miss in readings.contains { $0.dialect == miss.dialect } })
        {
          one.idiom = idioms.first
        }
      }
      // A key one reader no longer shows that another still stores keeps its values.
      if one.kind == .keyRemoved, !missed.isEmpty, let key = one.key,
        new.settings.contains(where: { PlistKey($0.key) == PlistKey(key) })
      {
        one.severity = .cosmetic
        one.message =
          "the key \"\(key)\" is no longer shown here; the new version still stores it elsewhere, so what people stored is kept"
      }
      changes.append(one)
    }
    // A new value's new title is said with the value, with the languages lacking it.
    var strings = compareStrings(old: old, new: new)
    for index in changes.indices {
      guard changes[index].kind == .valueAdded, let title = changes[index].shownTitle,
        let text = strings.firstIndex(where: {
          guard $0.kind == .stringsAdded, let text = $0.new else { return false }
          return PlistKey(text) == PlistKey(title)
        })
      else { continue }
      let lacking = strings[text].lacking
      if !lacking.isEmpty {
        changes[index].message += "; \(lacking.joined(separator: ", ")) must translate it"
        changes[index].lacking = lacking
      }
      strings.remove(at: text)
    }
    changes += strings
    // Whatever a change quotes (a whole licence as a FooterText), one line of it.
    for index in changes.indices {
      changes[index].message = MessageText.bounded(changes[index].message)
    }
    return changes.sorted(by: order)
  }

  /// The changes between what one kind of device shows in each version.
  static func compare(
    _ old: BundleSnapshot.Variant, _ new: BundleSnapshot.Variant, renames: [String: String] = [:]
  ) -> [BundleChange] {
    var changes: [BundleChange] = []
    let oldByKey = Dictionary(
      old.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    let newByKey = Dictionary(
      new.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    var removed = old.settings.filter { newByKey[PlistKey($0.key)] == nil }
    var added = new.settings.filter { oldByKey[PlistKey($0.key)] == nil }

    // A confirmed rename, then a removed key and an added one of the same
    // type and title (or values): likely one renamed.
    for (index, gone) in removed.enumerated().reversed() {
      let confirmed = renames[gone.key].flatMap { target in
        added.firstIndex { PlistKey($0.key) == PlistKey(target) }
      }
      guard
        let match = confirmed
          ?? added.firstIndex(where: { renameEvidence(from: gone, to: $0) != nil })
      else {
        continue
      }
      let successor = added.remove(at: match)
      removed.remove(at: index)
      var change = BundleChange(
        kind: .keyRenamed, severity: confirmed == nil ? .breaking : .behaviour,
        key: successor.key, page: successor.place.file, old: gone.key, new: successor.key,
        oldPlace: gone.place(of: "Key"), newPlace: successor.place(of: "Key"),
        message: confirmed == nil
          ? "\"\(gone.key)\" is likely renamed \"\(successor.key)\" (\(renameEvidence(from: gone, to: successor) ?? "")): what people stored under the old key is no longer read unless the rename is confirmed and their values carried over"
          : "\"\(gone.key)\" is renamed \"\(successor.key)\" (confirmed): values people stored under the old key are to be carried over to the new one"
      )
      change.renameConfirmed = confirmed != nil
      changes.append(change)
      if confirmed != nil { changes += compare(gone, successor, dialect: new.dialect) }
    }
    for gone in removed {
      changes.append(
        BundleChange(
          kind: .keyRemoved, severity: removalSeverity(gone), key: gone.key,
          page: gone.place.file, old: gone.defaultValue.map(SpecifierValue.text), new: nil,
          oldPlace: gone.place, newPlace: nil, message: removalMessage(gone)))
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
      changes += compare(before, setting, dialect: new.dialect)
    }
    changes += comparePages(old: old, new: new)
    changes += compareElements(old: old, new: new)
    return changes
  }

  /// What removing a setting does to people's values. A row the app draws
  /// (InAppSettingsKit's custom view) holds nothing a person set through the
  /// settings screen: the reader stores nothing under its Key
  /// (IASKAppSettingsViewController hands the row to the app's delegate),
  /// so no stored value is orphaned by the removal; only its registered
  /// default stops being read, which changes the app for everyone who
  /// never set it.
  static func removalSeverity(_ gone: BundleSnapshot.Setting) -> ChangeSeverity {
    guard gone.isDrawnByApp else { return .breaking }
    return gone.defaultValue == nil ? .cosmetic : .behaviour
  }

  static func removalMessage(_ gone: BundleSnapshot.Setting) -> String {
    let removed = "the key \"\(gone.key)\" (\(gone.type.rawValue)) was removed"
    guard gone.isDrawnByApp else {
      return removed + ": values people stored under it are orphaned"
    }
    let drawn =
      ": the app draws that row and InAppSettingsKit stores nothing under it, so only a value the app itself wrote there is left unread"
    guard let value = gone.defaultValue else { return removed + drawn }
    return removed + drawn
      + "; its default \(MessageText.quoted(SpecifierValue.text(of: value))) is no longer registered"
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

  /// The changes to one key that both versions have, each at the line of
  /// the entry that changed (`DefaultValue`, the first retyped of `Values`).
  static func compare(
    _ old: BundleSnapshot.Setting, _ new: BundleSnapshot.Setting, dialect: Dialect = .apple
  ) -> [BundleChange] {
    func change(
      _ kind: ChangeKind, _ severity: ChangeSeverity, old oldText: String?, new newText: String?,
      at entry: String? = nil, index: (old: Int, new: Int)? = nil, _ message: String
    ) -> BundleChange {
      BundleChange(
        kind: kind, severity: severity, key: new.key, page: new.place.file, old: oldText,
        new: newText, oldPlace: entry.map { old.place(of: $0, index: index?.old) } ?? old.place,
        newPlace: entry.map { new.place(of: $0, index: index?.new) } ?? new.place,
        message: message)
    }
    // A toggle become a choice (or the reverse) whose values hold every value
    // the old one stored: people's values still read as they did.
    if old.rule != new.rule, let before = choices(of: old), let after = choices(of: new),
      before.allSatisfy({ value in after.contains { $0.isEqualAsStored(to: value) } })
    {
      var changes = [
        change(
          .typeChanged, .behaviour, old: old.type.rawValue, new: new.type.rawValue, at: "Type",
          "\"\(new.key)\" was \(old.type.withArticle) and is now \(new.type.withArticle); what it stored (\(before.map(SpecifierValue.text).joined(separator: ", "))) it still offers"
        )
      ]
      if !sameAsStored(old.defaultValue, new.defaultValue) {
        let before = old.defaultValue.map(SpecifierValue.describe) ?? "nothing"
        let after = new.defaultValue.map(SpecifierValue.describe) ?? "nothing"
        changes.append(
          change(
            .defaultChanged, .behaviour, old: before, new: after, at: "DefaultValue",
            "the default of \"\(new.key)\" changed from \(before) to \(after): the setting changes for everyone who never set it"
          ))
      }
      return changes
    }
    if old.stores != new.stores || old.rule != new.rule {
      return [
        change(
          .typeChanged, .breaking, old: old.type.rawValue, new: new.type.rawValue, at: "Type",
          "\"\(new.key)\" was \(old.type.withArticle) storing \(old.stores.phrase) and is now \(new.type.withArticle) storing \(new.stores.phrase): stored values are read as another type"
        )
      ]
    }
    var changes: [BundleChange] = []
    if old.type != new.type {
      changes.append(
        change(
          .typeChanged, .behaviour, old: old.type.rawValue, new: new.type.rawValue, at: "Type",
          "\"\(new.key)\" was \(old.type.withArticle) and is now \(new.type.withArticle); it stores the same kind of value"
        ))
    }
    // Values that are the same number or text in another type (1 and "1"):
    // what people stored matches no new value, as `isEqual:` compares.
    let retyped = retypedValues(old.values, new.values)
    var defaultReported = false
    if let first = retyped.first {
      let pairs = retyped.map {
        "\(SpecifierValue.describe(old.values[$0.old])) → \(SpecifierValue.describe(new.values[$0.new]))"
      }
      let shown =
        pairs.count > 3
        ? pairs.prefix(3).joined(separator: ", ") + ", …" : pairs.joined(separator: ", ")
      let storedTypes = Set(retyped.map { old.values[$0.old].typeName }).sorted()
      let sameDefault =
        old.defaultValue.flatMap { was in
          new.defaultValue.map { now in
            !was.isEqualAsStored(to: now) && MigrationPlan.looselyEqual(was, now)
          }
        } ?? false
      defaultReported = sameDefault
      changes.append(
        change(
          .typeChanged, old.rule == .shown ? .cosmetic : .breaking, old: typesPhrase(old.values),
          new: typesPhrase(new.values), at: "Values", index: first,
          "the Values of \"\(new.key)\" changed type from \(typesPhrase(old.values)) to \(typesPhrase(new.values)) (\(shown)\(sameDefault ? "; the DefaultValue too" : "")): a stored \(storedTypes.joined(separator: " or ")) matches no new value, so Settings shows a blank value for people who chose one"
        ))
    }
    // A toggle: what it stores when on and off (true and false unless written).
    let oldStates = (on: old.trueValue ?? .bool(true), off: old.falseValue ?? .bool(false))
    let newStates = (on: new.trueValue ?? .bool(true), off: new.falseValue ?? .bool(false))
    let toggleChanged =
      old.rule == .toggle
      && (!oldStates.on.isEqualAsStored(to: newStates.on)
        || !oldStates.off.isEqualAsStored(to: newStates.off))
    if toggleChanged {
      let before = statesPhrase(oldStates.on, oldStates.off)
      let after = statesPhrase(newStates.on, newStates.off)
      let retypedToggle =
        storedClass(oldStates.on) != storedClass(newStates.on)
        || storedClass(oldStates.off) != storedClass(newStates.off)
      let entry = new.trueValue != nil || old.trueValue != nil ? "TrueValue" : "FalseValue"
      changes.append(
        retypedToggle
          ? change(
            .typeChanged, .breaking, old: toggleText(old), new: toggleText(new), at: entry,
            "\"\(new.key)\" stored \(before) and now stores \(after): what people stored is neither, so Settings shows it off"
          )
          : oldStates.on.isEqualAsStored(to: newStates.on)
            // Only the off value changed: what is not the on value shows off, as before.
            ? change(
              .toggleValuesChanged, .behaviour, old: toggleText(old), new: toggleText(new),
              at: "FalseValue",
              "\"\(new.key)\" stores \(after) instead of \(before): what people stored as off (\(SpecifierValue.text(of: oldStates.off))) still shows off but is no longer the off value"
            )
            : change(
              .toggleValuesChanged, .breaking, old: toggleText(old), new: toggleText(new),
              at: entry,
              "\"\(new.key)\" stores \(after) instead of \(before): what people stored reads as off"
            ))
    }
    if !defaultReported, !sameAsStored(old.defaultValue, new.defaultValue) {
      var before = old.defaultValue.map(SpecifierValue.text) ?? "nothing"
      var after = new.defaultValue.map(SpecifierValue.text) ?? "nothing"
      if before == after, let was = old.defaultValue, let now = new.defaultValue {
        // The same text in another type: `the string "1"` to `the integer 1`.
        (before, after) = (SpecifierValue.describe(was), SpecifierValue.describe(now))
      }
      // An empty text is said as "", never as a gap in the sentence.
      let (saidBefore, saidAfter) = (
        before.isEmpty ? "\"\"" : before, after.isEmpty ? "\"\"" : after
      )
      if old.rule == .toggle {
        // A toggle's default matters by the state it is shown in.
        let wasOn = SpecifierValue.showsOn(
          old.defaultValue, of: Specifier(index: 0, node: old.node), dialect: dialect)
        let isOn = SpecifierValue.showsOn(
          new.defaultValue, of: Specifier(index: 0, node: new.node), dialect: dialect)
        if wasOn != isOn {
          changes.append(
            change(
              .defaultChanged, .behaviour, old: before, new: after, at: "DefaultValue",
              "the default of \"\(new.key)\" changed from \(saidBefore) to \(saidAfter): the switch is now \(isOn ? "on" : "off") for everyone who never set it"
            ))
        } else if !toggleChanged {
          // The stored representation's change above already says it.
          changes.append(
            change(
              .defaultChanged, .cosmetic, old: before, new: after, at: "DefaultValue",
              "the default of \"\(new.key)\" changed from \(saidBefore) to \(saidAfter), still shown \(isOn ? "on" : "off")"
            ))
        }
      } else if old.rule == .shown {
        // A title value shows what the app writes; people set nothing.
        changes.append(
          change(
            .defaultChanged, .cosmetic, old: before, new: after, at: "DefaultValue",
            "\"\(new.key)\" shows \(saidAfter) instead of \(saidBefore) until the app writes a value"
          ))
      } else {
        changes.append(
          change(
            .defaultChanged, .behaviour, old: before, new: after, at: "DefaultValue",
            "the default of \"\(new.key)\" changed from \(saidBefore) to \(saidAfter): the setting changes for everyone who never set it"
          ))
      }
    }
    let retypedOld = Set(retyped.map(\.old))
    let retypedNew = Set(retyped.map(\.new))
    // A value that reads the same as one of the other list's is named with its type.
    func text(_ value: PlistValue, among others: [PlistValue]) -> String {
      let text = SpecifierValue.text(of: value)
      return others.contains { SpecifierValue.text(of: $0) == text }
        ? SpecifierValue.describe(value) : text
    }
    let removedIndices = old.values.indices.filter { index in
      !retypedOld.contains(index)
        && !new.values.contains(where: { $0.isEqualAsStored(to: old.values[index]) })
    }
    let addedIndices = new.values.indices.filter { index in
      !retypedNew.contains(index)
        && !old.values.contains(where: { $0.isEqualAsStored(to: new.values[index]) })
    }
    // A value removed and a value added under one title (a URL moved to https) are one
    // value replaced, as an element without a Key is paired by its title.
    let replacements = Self.pairedByTitle(
      removed: removedIndices, oldTitles: old.titles, added: addedIndices,
      newTitles: new.titles)
    for index in removedIndices {
      let value = old.values[index]
      let newText = replacements[index].map { text(new.values[$0], among: old.values) }
      let text = text(value, among: new.values)
      if let replacement = replacements[index], let newText {
        let title = MessageText.quoted(old.titles[index])
        var replaced =
          old.rule == .shown
          ? change(
            .valueRemoved, .cosmetic, old: text, new: newText, at: "Values",
            "\"\(new.key)\" names \(newText) \(title) instead of \(text): \(text) is shown as it is"
          )
          : change(
            .valueRemoved, .breaking, old: text, new: newText, at: "Values",
            "\"\(new.key)\" offers \(newText) instead of \(text), both titled \(title): people who chose the old one see a blank value in Settings"
          )
        replaced.oldPlace = old.place(of: "Values", index: index)
        replaced.newPlace = new.place(of: "Values", index: replacement)
        changes.append(replaced)
        continue
      }
      // A title value shows a value without a title as it is: only its name is lost.
      var removed =
        old.rule == .shown
        ? change(
          .valueRemoved, .cosmetic, old: text, new: nil, at: "Values",
          "\"\(new.key)\" no longer names \(text): it is shown as it is")
        : change(
          .valueRemoved, .breaking, old: text, new: nil, at: "Values",
          "\"\(new.key)\" no longer offers \(text): people who chose it see a blank value in Settings"
        )
      removed.oldPlace = old.place(of: "Values", index: index)
      changes.append(removed)
    }
    let replacing = Set(replacements.values)
    for index in addedIndices where !replacing.contains(index) {
      let value = new.values[index]
      let text = text(value, among: old.values)
      let title = index < new.titles.count ? new.titles[index] : nil
      var added = change(
        .valueAdded, .cosmetic, old: nil, new: text, at: "Values",
        "\"\(new.key)\" now offers \(text)"
          + (title.map { ", titled \(MessageText.quoted($0))" } ?? ""))
      added.shownTitle = title
      added.newPlace = new.place(of: "Values", index: index)
      changes.append(added)
    }
    if old.minimum != new.minimum || old.maximum != new.maximum {
      let before = rangeText(old)
      let after = rangeText(new)
      let contains =
        (new.minimum ?? -.infinity) <= (old.minimum ?? -.infinity)
        && (new.maximum ?? .infinity) >= (old.maximum ?? .infinity)
      let entry = old.minimum != new.minimum ? "MinimumValue" : "MaximumValue"
      changes.append(
        change(
          .rangeChanged, contains ? .cosmetic : .breaking, old: before, new: after, at: entry,
          contains
            ? "the range of \"\(new.key)\" widened from \(before) to \(after)"
            : "the range of \"\(new.key)\" changed from \(before) to \(after): stored values outside it are out of range"
        ))
    }
    // The element's own Title is compared with the other elements' texts.
    // Titles that changed only by those of values removed or added are said by those changes.
    func kept(_ titles: [String], _ values: [PlistValue], among others: [PlistValue]) -> [String] {
      titles.indices.filter { index in
        index >= values.count || others.contains { $0.isEqualAsStored(to: values[index]) }
      }.map { titles[$0] }
    }
    if old.titles != new.titles,
      kept(old.titles, old.values, among: new.values)
        != kept(new.titles, new.values, among: old.values)
        || old.values.count != old.titles.count || new.values.count != new.titles.count
    {
      let first =
        old.titles.indices.first { $0 >= new.titles.count || old.titles[$0] != new.titles[$0] }
        ?? old.titles.count
      changes.append(
        change(
          .titleChanged, .cosmetic, old: old.titles.joined(separator: ", "),
          new: new.titles.joined(separator: ", "), at: "Titles",
          index: (
            min(first, max(old.titles.count - 1, 0)), min(first, max(new.titles.count - 1, 0))
          ),
          "the Titles of the values of \"\(new.key)\" changed"))
    }
    return changes
  }

  /// The removed values (positions in the old `Values`) each replaced by an
  /// added one (positions in the new): the two share their title (`Titles`
  /// at their position), and no other removed or added value has it.
  static func pairedByTitle(
    removed: [Int], oldTitles: [String], added: [Int], newTitles: [String]
  ) -> [Int: Int] {
    func byTitle(_ indices: [Int], _ titles: [String]) -> [String: [Int]] {
      Dictionary(grouping: indices.filter { $0 < titles.count }) { titles[$0] }
    }
    let addedByTitle = byTitle(added, newTitles)
    var pairs: [Int: Int] = [:]
    for (title, indices) in byTitle(removed, oldTitles) where indices.count == 1 {
      guard let match = addedByTitle[title], match.count == 1 else { continue }
      pairs[indices[0]] = match[0]
    }
    return pairs
  }

  /// The values an element can store when it offers a fixed set: a
  /// toggle's on and off values, a choice's Values; nil for any other.
  static func choices(of setting: BundleSnapshot.Setting) -> [PlistValue]? {
    switch setting.rule {
    case .toggle: [setting.trueValue ?? .bool(true), setting.falseValue ?? .bool(false)]
    case .oneOfValues: setting.values.isEmpty ? nil : setting.values
    default: nil
    }
  }

  /// Pairs of an old value no new value equals and a new value no old one
  /// equals that are the same number or text in another type (`1` and
  /// `"1"`), by position in each list, each value paired once.
  static func retypedValues(_ old: [PlistValue], _ new: [PlistValue]) -> [(old: Int, new: Int)] {
    let gone = old.indices.filter { index in
      !new.contains { $0.isEqualAsStored(to: old[index]) }
    }
    var fresh = new.indices.filter { index in
      !old.contains { $0.isEqualAsStored(to: new[index]) }
    }
    var pairs: [(old: Int, new: Int)] = []
    for index in gone {
      guard let match = fresh.firstIndex(where: { MigrationPlan.looselyEqual(old[index], new[$0]) })
      else { continue }
      pairs.append((index, fresh.remove(at: match)))
    }
    return pairs
  }

  /// The types of a list of values, as plurals: `integers and strings`.
  static func typesPhrase(_ values: [PlistValue]) -> String {
    var seen: [String] = []
    for value in values where !seen.contains(value.typeName) { seen.append(value.typeName) }
    let plurals = seen.map { $0 == "boolean" ? "booleans" : $0 + "s" }
    return plurals.count > 1
      ? plurals.dropLast().joined(separator: ", ") + " and " + (plurals.last ?? "")
      : plurals.first ?? "nothing"
  }

  /// What a value is stored as, as `isEqual:` tells them apart: a number
  /// (integers, reals and booleans are all `NSNumber`), a string, or another type.
  static func storedClass(_ value: PlistValue) -> String {
    value.numericValue != nil ? "number" : value.typeName
  }

  /// A toggle's on and off values: `the strings "YES"/"NO"`, `the booleans true/false`.
  static func statesPhrase(_ on: PlistValue, _ off: PlistValue) -> String {
    let pair = "\(SpecifierValue.text(of: on))/\(SpecifierValue.text(of: off))"
    guard on.typeName == off.typeName else {
      return "\(SpecifierValue.describe(on)) and \(SpecifierValue.describe(off))"
    }
    switch on {
    case .string:
      return "the strings \"\(SpecifierValue.text(of: on))\"/\"\(SpecifierValue.text(of: off))\""
    case .bool: return "the booleans " + pair
    default: return "the \(on.typeName)s " + pair
    }
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
    for unmatched in new.pages {
      guard let before = oldPages[unmatched.name] else { continue }
      let (page, removed, added) = matchingKeyless(
        old: before, new: pairingMovedFiles(old: before, new: unmatched))
      for element in removed {
        changes.append(
          BundleChange(
            kind: .elementRemoved, severity: .cosmetic, key: nil, page: page.file,
            old: element.texts[SpecifierAttribute.title.rawValue], new: nil,
            oldPlace: before.place(of: element),
            newPlace: nil, message: "\(element.name) was removed from \(page.file)"))
      }
      for element in added {
        changes.append(
          BundleChange(
            kind: .elementAdded, severity: .cosmetic, key: nil, page: page.file, old: nil,
            new: element.texts[SpecifierAttribute.title.rawValue], oldPlace: nil,
            newPlace: page.place(of: element),
            message: "\(element.name) is new on \(page.file)"))
      }
      let oldByID = Dictionary(
        before.elements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      for element in page.elements {
        guard let was = oldByID[element.id] else { continue }
        for text in Set(was.texts.keys).union(element.texts.keys).sorted()
        where was.texts[text] != element.texts[text] {
          let (from, to) = (was.texts[text], element.texts[text])
          // Old and new are quoted where they differ: a footer's second line, a no-break space.
          func shown(_ value: String?, against other: String?) -> String {
            guard let value else { return "nothing" }
            return other.map { MessageText.quoted(value, against: $0) } ?? MessageText.quoted(value)
          }
          changes.append(
            BundleChange(
              kind: textChangeKinds[text] ?? .titleChanged, severity: .cosmetic,
              key: element.key, page: page.file, old: from, new: to,
              oldPlace: before.place(of: was, entry: text),
              newPlace: page.place(of: element, entry: text),
              message:
                "the \(text) of \(was.name) changed from \(shown(from, against: to)) to \(shown(to, against: from))"
            ))
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

  /// The new page with each element that has no key, `File` or keyed
  /// section (a group of a licence page) given the id of the old element it
  /// is: the one of its type showing the same texts, else the same title,
  /// else the next left in order; with the elements left unmatched in each.
  /// Matched by position only, one group removed would make every later
  /// group's title and footer "change".
  static func matchingKeyless(old: BundleSnapshot.PageOutline, new: BundleSnapshot.PageOutline)
    -> (
      page: BundleSnapshot.PageOutline, removed: [BundleSnapshot.Element],
      added: [BundleSnapshot.Element]
    )
  {
    let oldFree = old.elements.indices.filter { !old.elements[$0].anchored }
    let newFree = new.elements.indices.filter { !new.elements[$0].anchored }
    guard !oldFree.isEmpty || !newFree.isEmpty else { return (new, [], []) }
    var matchOf: [Int: Int] = [:]  // new index → old index
    var taken = Set<Int>()
    func type(_ element: BundleSnapshot.Element) -> Substring {
      element.id.split(separator: " ").first ?? ""
    }
    let ways: [(BundleSnapshot.Element) -> String?] = [
      {
        "\(type($0))\u{0}"
          + $0.texts.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: "\u{0}")
      },
      { element in
        element.texts[SpecifierAttribute.title.rawValue].map { "\(type(element))\u{0}\($0)" }
      },
      { "\(type($0))" },
    ]
    for way in ways {
      var waiting: [String: [Int]] = [:]
      for index in oldFree where !taken.contains(index) {
        if let id = way(old.elements[index]) { waiting[id, default: []].append(index) }
      }
      var next: [String: Int] = [:]
      for index in newFree where matchOf[index] == nil {
        guard let id = way(new.elements[index]), let list = waiting[id] else { continue }
        let position = next[id, default: 0]
        guard position < list.count else { continue }
        next[id] = position + 1
        matchOf[index] = list[position]
        taken.insert(list[position])
      }
    }
    var page = new
    var added: [BundleSnapshot.Element] = []
    for index in newFree {
      if let was = matchOf[index] {
        page.elements[index].id = old.elements[was].id
      } else {
        page.elements[index].id = "new \(new.elements[index].id)"
        added.append(new.elements[index])
      }
    }
    let removed = oldFree.filter { !taken.contains($0) }.map { old.elements[$0] }
    return (page, removed, added)
  }

  /// The new page with each element anchored by its own `File` (an open-URL
  /// row, a child pane) whose `File` the old page does not have (a URL moved
  /// to https) given the id of the old element it is: paired, as an element
  /// without a Key is, by its type and Title, when that names one such
  /// element on each side. Its texts (an open-URL row's `File` under
  /// InAppSettingsKit) are then compared; before, it had no counterpart.
  static func pairingMovedFiles(old: BundleSnapshot.PageOutline, new: BundleSnapshot.PageOutline)
    -> BundleSnapshot.PageOutline
  {
    let oldIDs = Set(old.elements.map(\.id))
    let newIDs = Set(new.elements.map(\.id))
    func orphans(_ page: BundleSnapshot.PageOutline, others: Set<String>) -> [String: [Int]] {
      let indices = page.elements.indices.filter { index in
        let element = page.elements[index]
        return element.anchored && (element.key ?? "").isEmpty
          && Specifier(index: 0, node: element.node).file?.isEmpty == false
          && !others.contains(element.id)
      }
      return Dictionary(grouping: indices) { index in
        let element = page.elements[index]
        let type = Specifier(index: 0, node: element.node).type?.rawValue ?? ""
        return element.texts[SpecifierAttribute.title.rawValue].map { "\(type)\u{0}\($0)" } ?? ""
      }.filter { !$0.key.isEmpty }
    }
    let oldOrphans = orphans(old, others: newIDs)
    var page = new
    for (title, indices) in orphans(new, others: oldIDs) where indices.count == 1 {
      guard let was = oldOrphans[title], was.count == 1 else { continue }
      page.elements[indices[0]].id = old.elements[was[0]].id
    }
    return page
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

  /// Every text the new pages show that the old ones did not (titles,
  /// footers, `Titles`, `ShortTitles`), with the languages that still lack
  /// it, so that new text is seen even when its translations come with it;
  /// and translations that were removed. Only the old tables that were read
  /// (those that differ from the new ones) can have lost a translation.
  static func compareStrings(old: BundleSnapshot, new: BundleSnapshot) -> [BundleChange] {
    var changes: [BundleChange] = []
    let oldTexts = Set(old.strings.values.joined().map { PlistKey($0) })
    for table in new.strings.keys.sorted() {
      let before = Set((old.strings[table] ?? []).map { PlistKey($0) })
      for text in new.strings[table] ?? [] where !before.contains(PlistKey(text)) {
        // The source language shows its own text as written: it lacks nothing.
        let sources = CoveragePolicy().sourceLanguages
        let lacking = new.languages.filter {
          new.table(table, language: $0)?.translations[PlistKey(text)] == nil
        }
        // A link or a text without words reads the same in every language (CoveragePolicy).
        let asked = CoveragePolicy.standard.needsTranslation(text)
        let missing = asked ? lacking.filter { !sources.contains($0) } : []
        let place = new.stringPlace(table: table, text: PlistKey(text))
        // A text shown before from another table is new to this table's translators only.
        let moved = oldTexts.contains(PlistKey(text)) ? " (shown before from another table)" : ""
        // Said of the languages whose table has an entry (one commented out is none).
        let need =
          if new.languages.isEmpty {
            "the bundle has no translations"
          } else if !asked {
            "it reads the same in every language (a link, or no words)"
          } else if !missing.isEmpty {
            "\(missing.joined(separator: ", ")) must translate it"
          } else if lacking.isEmpty {
            "every language translates it"
          } else if lacking.count == new.languages.count {
            "no language's table has it; \(lacking.joined(separator: ", ")), the source, "
              + "show\(lacking.count == 1 ? "s" : "") it as written"
          } else {
            "every language but the source translates it; \(lacking.joined(separator: ", ")) "
              + "show\(lacking.count == 1 ? "s" : "") it as written"
          }
        var added = BundleChange(
          kind: .stringsAdded, severity: .cosmetic, key: nil, page: place?.file, old: nil,
          new: text, oldPlace: nil, newPlace: place,
          message: "\(MessageText.quoted(text)) is new in the table \(table)\(moved): \(need)")
        added.lacking = missing
        changes.append(added)
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
              page: new.stringSources[table]?[key]?.page.file, old: key.string, new: nil,
              oldPlace: BundlePlace(file: file), newPlace: BundlePlace(file: file),
              message:
                "the \(language) translation of \(MessageText.quoted(key.string)) (table \(table)) was removed: it shows untranslated"
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
