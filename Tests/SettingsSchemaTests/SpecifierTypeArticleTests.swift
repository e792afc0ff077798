import SettingsSchema
import Testing

/// Messages name a type after its article, one helper for every type name
/// (tester F12: "a IASKCustomViewSpecifier").
struct SpecifierTypeArticleTests {
  @Test(arguments: [Dialect.apple, .iask])
  func everyTypeOfTheSchemaTakesTheArticleItsFirstLetterAsks(dialect: Dialect) throws {
    let catalog = try SchemaCatalog.load(dialect)
    #expect(!catalog.types.isEmpty)
    for type in catalog.types.keys {
      let vowel = type.rawValue.first.map { "AEIOU".contains($0) } ?? false
      #expect(type.withArticle == (vowel ? "an " : "a ") + type.rawValue)
    }
  }

  @Test func theIASKTypesTakeAn() {
    #expect(SpecifierType("IASKCustomViewSpecifier").withArticle == "an IASKCustomViewSpecifier")
    #expect(SpecifierType.group.withArticle == "a PSGroupSpecifier")
    #expect(SpecifierType.withArticle("element") == "an element")
  }
}
