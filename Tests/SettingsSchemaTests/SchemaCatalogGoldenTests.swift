import SettingsSchema
import TestSupport
import Testing

/// Everything a dialect's catalog holds, one fact per line in a stable order,
/// against a golden: the catalog is read from Schemas/*.json by the schema
/// module's own reader, and a change to that reader or to the data must show
/// here as the facts it changes.
struct SchemaCatalogGoldenTests {
  @Test(arguments: Dialect.allCases)
  func catalogHoldsWhatItsSchemaFileSays(_ dialect: Dialect) throws {
    expectGolden(Self.facts(try SchemaCatalog.load(dialect)), "schema-catalog/\(dialect).txt")
  }

  static func facts(_ catalog: SchemaCatalog) -> String {
    var lines = [
      "dialect \(catalog.dialect)", "summary \(catalog.summary)",
      "readsScalarsFromText \(catalog.readsScalarsFromText)",
      "bundleNames \(catalog.bundleNames)",
      "stringsTablesWhenAbsent \(catalog.stringsTablesWhenAbsent)",
    ]
    lines += catalog.displayNames.sorted { $0.key < $1.key }.map { "displayName \($0) -> \($1)" }
    lines += keyLines(catalog.pageKeys, prefix: "page")
    lines += keyLines(catalog.commonKeys, prefix: "common")
    for (type, spec) in catalog.types.sorted(by: { $0.key < $1.key }) {
      lines.append(
        "type \(type) editable=\(spec.isEditable) stores=\(String(describing: spec.stores))"
          + " rule=\(String(describing: spec.valueRule)) section=\(spec.startsSection)"
          + " onlyOptions=\(spec.sectionHoldsOnlyOptions) byApp=\(spec.isDrawnByApp)"
          + " opensPage=\(spec.opensPageInFile) summary=\(spec.summary)")
      lines += keyLines(spec.keys, prefix: "  \(type)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func keyLines(_ keys: [String: KeySpec], prefix: String) -> [String] {
    keys.sorted { $0.key < $1.key }.map { name, spec in
      "\(prefix).\(name) \(spec.type) required=\(spec.required) localizable=\(spec.localizable)"
        + " values=\(String(describing: spec.values)) elements=\(String(describing: spec.elements))"
        + " opensInsteadOfPage=\(spec.opensInsteadOfPage)"
    }
  }
}
