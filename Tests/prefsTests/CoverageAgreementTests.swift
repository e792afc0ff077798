import Foundation
import Plist
import SettingsLint
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Lint's missing-translation findings, `prefs strings missing` and the XLIFF
/// export's untranslated units name the same strings, language by language:
/// all three read one ``TranslationCoverage``.
struct CoverageAgreementTests {
  /// A string of a table that a language leaves untranslated.
  struct Named: Hashable, CustomStringConvertible {
    var table: String
    var key: String
    var description: String { "\(table): \(key)" }
  }

  /// What each of the three says, for every language of a bundle.
  struct Views {
    /// From lint's per-string findings (a finding without a language names every language).
    var lint: [String: Set<Named>] = [:]
    /// From lint's findings for a language that lacks a table: (table, page) → count.
    var lintCounts: [String: [String: Int]] = [:]
    var missing: [String: Set<Named>] = [:]
    var xliff: [String: Set<Named>] = [:]
    /// The languages and tables lint reports as a whole (a table that does not read,
    /// or that no language has), so not string by string.
    var wholeTables: [String: Set<String>] = [:]
  }

  /// Runs the three over a bundle, as the command line does.
  static func views(of path: String) throws -> Views {
    // Every reading lint makes (each device, each dialect), as `prefs strings` reads them too.
    let linter = Linter(loadOptions: LoadOptions(keepsComments: false))
    let variants = try linter.loadVariants(at: path)
    let report = try linter.lint(variants: variants)
    let base = try #require(variants.first)
    let readings = try TranslatedReadings(base: base, others: Array(variants.dropFirst()))
    let model = try TranslationModel(readings: readings)
    let bundle = model.bundle
    // (page, keyPath) → (table, text), to read lint's findings back as strings.
    var stringAt: [String: Named] = [:]
    for (table, strings) in readings.strings {
      for string in strings {
        stringAt[bundle.pages[string.pageIndex].file + " " + string.keyPath] = Named(
          table: table, key: string.text)
      }
    }
    // An element only a pad shows, on a page the pad does not read (it reads
    // Root~ipad.plist instead), is shown by no device: lint does not ask it.
    var hiddenPlaces = Set<String>()
    let padPages = Set(
      variants.filter { $0.options.idiom == .pad }.flatMap { $0.pages.map(\.file) })
    for page in bundle.pages where !padPages.contains(page.file) {
      for specifier in page.specifiers where !specifier.isShown(on: .phone) {
        hiddenPlaces.formUnion(
          stringAt.keys.filter { $0.hasPrefix(page.file + " " + specifier.keyPath + ".") })
      }
    }
    let shownNamed = Set(stringAt.filter { !hiddenPlaces.contains($0.key) }.values)
    let padOnly = Set(hiddenPlaces.compactMap { stringAt[$0] }).subtracting(shownNamed)
    var views = Views()
    for var diagnostic in report.diagnostics where diagnostic.rule == "missing-translation" {
      // "on pad: …", "in InAppSettingsKit: …": the words of the finding follow its readings.
      if let variant = diagnostic.variant, diagnostic.message.hasPrefix(variant + ": ") {
        diagnostic.message = String(diagnostic.message.dropFirst(variant.count + 2))
      }
      if diagnostic.message.contains(" strings of the page are in no language's ") {
        // One note for the strings of a page that no language translates: all of them.
        for table in model.coverage.tables {
          for index in table.strings.indices
          where table.needsTranslation[index] && table.isTranslatedNowhere(index)
            && bundle.pages[table.strings[index].pageIndex].file == diagnostic.file
          {
            // A number written with marks ("0.25x") is asked only where numbers are written otherwise.
            for language in model.languages where table.needsTranslation(index, in: language) {
              views.lint[language, default: []].insert(
                Named(table: table.name, key: table.strings[index].text))
            }
          }
        }
      } else if let keyPath = diagnostic.keyPath {
        let named = try #require(stringAt[diagnostic.file + " " + keyPath], "\(diagnostic)")
        // A finding for no one language names every language asked the string
        // (the source language is asked only what is written as a key).
        let table = model.coverage[table: named.table]
        let index = table?.strings.firstIndex { $0.text.isSameKey(as: named.key) }
        let asked = model.languages.filter { language in
          guard let table, let index else { return true }
          return table.needsTranslation(index, in: language)
        }
        for language in diagnostic.language.map({ [$0] }) ?? asked {
          views.lint[language, default: []].insert(named)
        }
      } else {
        // "de.lproj has no Root.strings for the 3 strings of Root.plist; …"
        let language = try #require(diagnostic.language)
        let words = diagnostic.message.split(separator: " ")
        let table = try #require(words.dropFirst(3).first).dropLast(".strings".count)
        let number = try #require(words.dropFirst(6).first)
        let count = try #require(Int(number))
        views.lintCounts[language, default: [:]]["\(table) \(diagnostic.file)"] = count
      }
    }
    for table in model.coverage.tables {
      let unreadable = table.languages.filter { $0.presence == .unreadable }
      for language in unreadable {
        #expect(
          report.diagnostics.contains {
            $0.file == language.file && $0.severity == .error
              && ["strings-syntax", "strings-encoding"].contains($0.rule)
          }, "\(path): \(language.file) does not read, and lint says so")
      }
      if !table.languages.contains(where: { $0.presence == .read }) {
        for language in model.languages {
          views.wholeTables[language, default: []].insert(table.name)
        }
      } else {
        for language in unreadable {
          views.wholeTables[language.language, default: []].insert(table.name)
        }
      }
    }
    for language in model.languages {
      let skipped = views.wholeTables[language] ?? []
      var counts: [String: Int] = [:]
      for missing in model.missing(in: language) where !skipped.contains(missing.table) {
        views.missing[language, default: []].insert(Named(table: missing.table, key: missing.key))
        let folder = model.coverage[table: missing.table]?.language(language)
        if folder?.presence == .absent {
          counts["\(missing.table) \(missing.page)", default: 0] += 1
        }
      }
      // A table the language lacks is one finding per page, with the count.
      #expect(
        counts == views.lintCounts[language] ?? [:], "\(path): \(language): tables it lacks")
      for (table, units) in try untranslatedUnits(XLIFF.export(model, language: language))
      where !skipped.contains(table) {
        for key in units {
          views.xliff[language, default: []].insert(Named(table: table, key: key))
        }
      }
      // Strings of a table the language lacks are named by the count above.
      views.lint[language, default: []].formUnion(
        views.missing[language, default: []].filter {
          model.coverage[table: $0.table]?.language(language)?.presence == .absent
        })
    }
    for language in model.languages {
      views.missing[language]?.subtract(padOnly)
      views.xliff[language]?.subtract(padOnly)
    }
    // What lint reports as a whole table is left out of all three.
    for (language, tables) in views.wholeTables {
      views.lint[language] = views.lint[language]?.filter { !tables.contains($0.table) }
    }
    return views
  }

  /// The untranslated units of an XLIFF export by table: no target, and not `translate="no"`.
  static func untranslatedUnits(_ xliff: String) throws -> [String: [String]] {
    final class Delegate: NSObject, XMLParserDelegate {
      var table = ""
      var unit: (id: String, translate: Bool, target: Bool)?
      var result: [String: [String]] = [:]
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        switch name {
        case "file":
          let original = attributes["original"] ?? ""
          table = String((original.split(separator: "/").last ?? "").dropLast(".strings".count))
        case "trans-unit":
          unit = (attributes["id"] ?? "", attributes["translate"] != "no", false)
        case "target": unit?.target = true
        default: break
        }
      }
      func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
      ) {
        guard name == "trans-unit", let unit else { return }
        if unit.translate && !unit.target { result[table, default: []].append(unit.id) }
        self.unit = nil
      }
    }
    let delegate = Delegate()
    let parser = XMLParser(data: Data(xliff.utf8))
    parser.delegate = delegate
    #expect(parser.parse(), "the export is well-formed")
    return delegate.result
  }

  static func expectAgreement(_ views: Views, languages: [String], _ name: String) {
    for language in languages {
      let missing = views.missing[language] ?? []
      let lint = views.lint[language] ?? []
      let xliff = views.xliff[language] ?? []
      #expect(
        lint == missing,
        "\(name) \(language): lint alone \(lint.subtracting(missing).sorted { "\($0)" < "\($1)" }), strings missing alone \(missing.subtracting(lint).sorted { "\($0)" < "\($1)" })"
      )
      #expect(
        xliff == missing,
        "\(name) \(language): XLIFF alone \(xliff.subtracting(missing).sorted { "\($0)" < "\($1)" }), strings missing alone \(missing.subtracting(xliff).sorted { "\($0)" < "\($1)" })"
      )
    }
  }

  @Test(.needsCorpus, arguments: Paths.corpusBundles.map(\.path))
  func corpusBundle(path: String) throws {
    let views = try Self.views(of: path)
    let languages = try SettingsBundle.load(at: path).languages
    Self.expectAgreement(views, languages: languages, URL(fileURLWithPath: path).lastPathComponent)
  }

  /// InAppSettingsKit reads a `.inApp` page with the tables Settings.app
  /// reads: a string only it shows is missing from them for lint, `strings
  /// missing`, `strings status` and the XLIFF export alike.
  @Test func inAppSettingsKitPagesAreTranslatedToo() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let page = { (element: String) in
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict><key>StringsTable</key><string>Root</string>
      <key>PreferenceSpecifiers</key><array>\(element)</array></dict>
      </plist>
      """
    }
    try bundle.write(
      "Root.plist",
      page(
        "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Day</string></dict>"
      ))
    try bundle.write(
      "Root.inApp.plist",
      page(
        "<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Night</string>"
          + "<key>Key</key><string>night</string><key>DefaultValue</key><true/></dict>"))
    try bundle.write("en.lproj/Root.strings", "\"Day\" = \"Day\";\n")
    try bundle.write("de.lproj/Root.strings", "\"Day\" = \"Tag\";\n\"Other\" = \"Andere\";\n")
    let night = Named(table: "Root", key: "Night")
    let views = try Self.views(of: bundle.path)
    Self.expectAgreement(views, languages: ["de", "en"], "Day and Night")
    #expect(views.missing["de"] == [night])
    #expect(views.lint["de"] == [night])
    #expect(views.xliff["de"] == [night])
    let missing = DumpTests.run(["strings", "missing", bundle.path, "--lang", "de"])
    #expect(missing.output.contains("\"Night\""))
    let status = DumpTests.run(["strings", "status", bundle.path]).output.split(separator: "\n")
    let row = status.first { $0.hasPrefix("de ") && $0.contains("Root.inApp.plist") }
    #expect(row?.split(separator: " ") == ["de", "Root.inApp.plist", "0", "1", "0", "0", "0%"])
  }

  /// A licence page's text (GovTechSG/OpenTT-iOS's CocoaPods
  /// Acknowledgements.plist, 47 licences, Tests/Fixtures/Unseen) needs no
  /// translation, in every view alike: lint, `strings missing` with or
  /// without --lang, `strings status` and the XLIFF export (its units
  /// `translate="no"`). Failed before: status said en 0% with 47 missing,
  /// `strings missing --lang en` printed the 47 licences, the XLIFF asked 47
  /// units, while lint and `strings missing` said nothing.
  @Test func licencePagesNeedNoTranslation() throws {
    let path = Paths.fixtures.appendingPathComponent("Unseen/GovTechSG__OpenTT-iOS/Settings.bundle")
      .path
    let views = try Self.views(of: path)
    Self.expectAgreement(views, languages: ["en"], "OpenTT-iOS")
    #expect((views.missing["en"] ?? []).isEmpty && (views.xliff["en"] ?? []).isEmpty)
    #expect(DumpTests.run(["strings", "missing", path, "--lang", "en"]).output.isEmpty)
    let status = DumpTests.run(["strings", "status", path]).output.split(separator: "\n")
    let row = status.first { $0.hasPrefix("en ") && $0.contains("Acknowledgements.plist") }
    // en is the source language: marked as the source, never "0%".
    #expect(row?.split(separator: " ").last == "source")
  }

  /// `strings sync --prune` removes the entries lint calls unused, every
  /// reading counted: one a pad or InAppSettingsKit page shows stays.
  @Test(.needsCorpus, arguments: Paths.corpusBundles.map(\.path))
  func pruneRemovesWhatLintCallsUnused(path: String) throws {
    let linter = Linter(loadOptions: LoadOptions(keepsComments: false))
    let variants = try linter.loadVariants(at: path)
    let report = try linter.lint(variants: variants)
    let base = try #require(variants.first)
    let model = try TranslationModel(
      readings: TranslatedReadings(base: base, others: Array(variants.dropFirst())))
    // A table that does not read stops sync (lint reports it apart).
    guard let changes = try? model.sync(prune: true) else { return }
    var unused = 0
    for diagnostic in report.diagnostics
    where diagnostic.rule == "unused-translation"
      // An entry for a DefaultValue (shown as written, never looked up) is unused too.
      && (diagnostic.message.contains("no page shows \"")
        || diagnostic.message.contains(" is the DefaultValue "))
      // A top-level table is no language's: sync leaves it alone.
      && diagnostic.file.contains(".lproj/")
    {
      // "…; 3 other languages' Root.strings have it too": one finding for the four entries.
      let words = diagnostic.message.components(separatedBy: "; ").last?.split(separator: " ") ?? []
      let others = words.count > 2 && words[1] == "other" ? Int(words[0]) ?? 0 : 0
      unused += 1 + others
    }
    var removed = 0
    for line in changes.flatMap(\.summary) where line.hasSuffix(" stale removed") {
      let words = line.split(separator: " ")
      removed += Int(words[words.count - 3]) ?? 0
    }
    #expect(removed == unused, "\(path)")
  }

  /// Right after `add-language`, every key of the new language is there but
  /// marked untranslated: all three call every string untranslated.
  @Test func rightAfterAddLanguage() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-agreement-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundle = folder.appendingPathComponent("Settings.bundle").path
    try FileManager.default.copyItem(
      atPath: Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path,
      toPath: bundle)
    #expect(DumpTests.run(["strings", "add-language", bundle, "de"]).code == 0)

    let views = try Self.views(of: bundle)
    Self.expectAgreement(views, languages: ["de"], "Showcase + de")
    let model = try TranslationModel(bundle: try SettingsBundle.load(at: bundle))
    let every = Set(
      model.tables.flatMap { table in
        (model.keys[table] ?? []).map { Named(table: table, key: $0.text) }
      })
    // Every reading's strings, IPAD_SPLIT (the pad's; lint says "on pad") among them.
    #expect(views.missing["de"] == every, "every string is untranslated")
    #expect(views.lint["de"] == every)
    #expect(views.xliff["de"] == every)
    // And the command line says the same: lint reports each one as marked.
    let lint = DumpTests.run(["lint", bundle, "--format", "json"])
    let marked = lint.output.components(separatedBy: "is marked untranslated in de.lproj").count - 1
    #expect(marked == every.count)
    let missing = DumpTests.run(["strings", "missing", bundle, "--lang", "de", "--format", "json"])
    let json = try JSONSerialization.jsonObject(with: Data(missing.output.utf8)) as? [String: Any]
    #expect((json?["missing"] as? [Any])?.count == every.count)
    let status = DumpTests.run(["strings", "status", bundle]).output.split(separator: "\n")
    let row = status.first { $0.hasPrefix("de ") && $0.contains("Root.plist") }
    #expect(
      row?.split(separator: " ") == [
        "de", "Root.plist", "0", "\(model.keys["Root"]?.count ?? 0)", "0", "0", "0%",
      ])
  }

  /// A key with line breaks (licence texts in footers) keeps them in the
  /// XLIFF id: XML readers turn a raw line break in an attribute into a space.
  @Test func xliffIdsKeepLineBreaksAndTabs() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>StringsTable</key>
        <string>Root</string>
        <key>PreferenceSpecifiers</key>
        <array>
          <dict>
            <key>Type</key>
            <string>PSGroupSpecifier</string>
            <key>FooterText</key>
            <string>Licence:\n\tMIT\r\nText</string>
          </dict>
        </array>
      </dict>
      </plist>
      """)
    try bundle.write("en.lproj/Root.strings", "\"Other\" = \"Other\";\n")
    let model = try TranslationModel(bundle: try SettingsBundle.load(at: bundle.path))
    let key = try #require(model.keys["Root"]?.first?.text)
    #expect(key.contains("\n\t") && key.unicodeScalars.contains("\r"))
    let xliff = try XLIFF.export(model, language: "de")
    #expect(try Self.untranslatedUnits(xliff)["Root"] == [key])
    let units = try XLIFF.read(Data(xliff.utf8), name: "de.xliff")
    #expect(units.first?.units.map(\.id) == [key])
  }
}
