import Foundation
import Plist
import SettingsSchema

enum UnusedTranslation: LintRule {
  static let summary = "A table entry that no page shows, or a table that no page uses."
  static let rationale = """
    Entries whose key no Title, FooterText, Titles or ShortTitles uses are never shown: \
    usually left over from a renamed row, and translators keep paying for them. Xcode's \
    own template carries one ("none given"), so this is a note. Bundles with device or \
    InAppSettingsKit variants of pages count: an entry is unused when no variant shows it. \
    An entry (or a table) that every language has is one cause: it is reported once, at \
    the source language's table when there is one, with the number of other languages; a \
    table whose entry (or file) carries a prefs:disable of this rule is reported apart, for \
    the directive to hide.
    """
  static let defaultSeverity = Severity.note
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n\"Disabled\" = \"Disabled\";\n",
      german: "\"Enabled\" = \"Aktiviert\";\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // Pages of another idiom or dialect (Root~ipad.plist, Root.inApp.plist) are not loaded
    // and may use any entry: the coverage then knows no unused entry (lint reads every
    // variant and merges, so this holds only for a run narrowed to one).
    guard context.coverage.knowsUnusedEntries else { return }
    // A root page that did not read leaves every table unused: one cause, which
    // plist-syntax (or page-structure) reports.
    guard context.bundle.pages.first?.document != nil else { return }
    // One cause, one note: an entry left over from a removed row is in every language's
    // table, and is reported once, at the table of the source language when it has one.
    var unusedTables: [String: [FileCoverage]] = [:]
    // Entries by the index of their table in `covered`: a copy of the table and
    // its coverage per unused entry (400,000 in a large table) cost most of the rule.
    let covered = context.coveredTables
    // Apart, so that reading a table's field copies no (table, coverage) pair.
    let tables = covered.map(\.table)
    let coverages = covered.map(\.coverage)
    let files = tables.map(\.file)
    let languages = coverages.map(\.language)
    var unusedKeys: [String: [(table: Int, entry: Int)]] = [:]
    var order: [String] = []
    for (tableIndex, (table, coverage)) in covered.enumerated() {
      if coverage.isTableUnused {
        if unusedTables[coverage.table] == nil { order.append("table " + coverage.table) }
        unusedTables[coverage.table, default: []].append(coverage)
        continue
      }
      let entries = table.strings.entries
      for index in coverage.unusedEntries {
        let id = "entry \(coverage.table) \(entries[index].key)"
        if unusedKeys[id] == nil { order.append(id) }
        unusedKeys[id, default: []].append((tableIndex, index))
      }
    }
    let sources = context.coverage.policy.sourceLanguages
    // Worked out once: asked of every unused entry, a walk over every row of the bundle
    // per entry was most of a lint of a 400,000-entry table.
    let valuesShownAsWritten = order.isEmpty ? [:] : valuesShownAsWritten(context)
    for id in order {
      if id.hasPrefix("table "), let files = unusedTables[String(id.dropFirst("table ".count))] {
        // A table whose own directive turns the rule off is reported apart, for the directive to hide.
        let (apart, folded) = files.partitioned {
          context.isDisabled(self, file: $0.file, place: nil)
        }
        for group in apart.map({ [$0] }) + (folded.isEmpty ? [] : [folded]) {
          let first = group.first { $0.language.map(sources.contains) ?? false } ?? group[0]
          report.add(
            "no page has StringsTable \(first.table); this table is never used"
              + others(group.count, of: "\(first.table).strings"),
            file: first.file, language: first.language)
        }
      } else if let uses = unusedKeys[id] {
        let (apart, folded) = uses.partitioned { use in
          context.isDisabled(
            self, file: files[use.table],
            place: context.place(
              ofEntry: tables[use.table].strings.entries[use.entry], in: tables[use.table]))
        }
        for group in apart.map({ [$0] }) + (folded.isEmpty ? [] : [folded]) {
          let use =
            group.first { languages[$0.table].map(sources.contains) ?? false } ?? group[0]
          // One copy of the table and its coverage per finding, not one per field read.
          let table = tables[use.table]
          let tableName = coverages[use.table].table
          let entry = table.strings.entries[use.entry]
          // A key the page shows as written (a DefaultValue) is shown, but never looked up.
          let shownAsWritten = valuesShownAsWritten[tableName]?[entry.key]
          let hint =
            (table.strings.isPropertyList ? nil : xmlEscapeHint(entry.key))
            ?? shownAsWritten.map { _ in "" }
          let opening =
            shownAsWritten.map { "\(MessageText.quoted(entry.key)) is \($0)" }
            ?? "no page shows \(MessageText.quoted(entry.key))"
          report.add(
            opening + others(group.count, of: "\(tableName).strings") + (hint ?? ""),
            file: table.file, place: context.place(ofEntry: entry, in: table),
            language: languages[use.table],
            // A finding with a hint of its own is shown on its own.
            cause: hint != nil
              ? nil
              : FindingCause(
                id: table.file + (group.count > 1 ? " shared" : ""), item: entry.key,
                template: group.count > 1
                  ? "no page shows {count} entries of \(table.file) ({items}); other languages' \(tableName).strings have them too"
                  : "no page shows {count} entries of \(table.file) ({items})"))
        }
      }
    }
  }

  /// The XML entities a key copied out of a plist keeps (`Sound &amp; Vibration`).
  static let xmlEntities = [
    ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"),
  ]

  /// "; the key is XML-escaped …" for a `.strings` key that holds an XML
  /// entity: a `.strings` text is not XML, so `&amp;` is five characters and
  /// the key never matches the page's `&`.
  static func xmlEscapeHint(_ key: String) -> String? {
    // Bytes, not Foundation's `contains` (an NSString search per unused entry, 14% of a
    // lint of a large table): what the replacements below would find holds both.
    guard key.utf8.contains(UInt8(ascii: "&")), key.utf8.contains(UInt8(ascii: ";")) else {
      return nil
    }
    var unescaped = key
    for (entity, character) in xmlEntities {
      unescaped = unescaped.replacingOccurrences(of: entity, with: character)
    }
    guard unescaped != key else { return nil }
    return
      "; the key is XML-escaped, but a .strings file takes it as written: did you mean \(MessageText.quoted(unescaped))?"
  }

  /// "the DefaultValue of … never used" by table and key, for an entry whose key is a
  /// value a row shows as written: the DefaultValue of a title value or a text field.
  /// Settings.app and InAppSettingsKit look up Titles, never a value (a title value
  /// without Titles shows the value's `description`), so a translation of it is never
  /// used, however often the page shows the text. The first such row of the bundle's
  /// pages, in order, names the cause.
  static func valuesShownAsWritten(_ context: LintContext) -> [String: [String: String]] {
    var found: [String: [String: String]] = [:]
    for page in context.bundle.pages {
      guard let table = page.stringsTable else { continue }
      for specifier in page.specifiers {
        guard let key = specifier.defaultValue?.string, found[table]?[key] == nil,
          let rule = context.catalog.spec(of: specifier.type)?.valueRule,
          rule == .text || (rule == .shown && specifier.choices == nil)
        else { continue }
        let row = specifier.key.map { " of \(MessageText.key($0))" } ?? ""
        found[table, default: [:]][key] =
          "the DefaultValue\(row) in \(page.file), which the row shows as written: a DefaultValue is never translated, so the entry is never used"
      }
    }
    return found
  }

  /// "; 3 other languages' Root.strings have it too" when the cause repeats.
  static func others(_ count: Int, of name: String) -> String {
    switch count {
    case ...1: ""
    case 2: "; 1 other language's \(name) has it too"
    default: "; \(count - 1) other languages' \(name) have it too"
    }
  }
}
