import Localization
import Testing

/// A language that becomes a `.lproj` path must be a tag, never a path.
struct LanguageTagTests {
  @Test(arguments: [
    "de", "pt-BR", "pt_BR", "zh-Hans", "zh_Hans_CN", "English", "es-419", "sr-Latn-RS",
    "de-CH-1996", "ast",
  ])
  func folderNamesThatAreTags(name: String) {
    #expect(LanguageTag(folderName: name) != nil)
    #expect(LanguageTag.isFolderName(name))
  }

  @Test(arguments: [
    "", "..", "../de", "de/..", "de-../../x", "de/x", "de-", "-de", "de--CH", "pt_BR.UTF-8",
    "de@euro", "d", "deutsch", "de-CH-x", "de\u{1B}", "dé", "Base/..", "C", "POSIX", "de BR",
    "/tmp/x", "de-Hans-Hans", "de\\x",
  ])
  func namesThatAreNotTags(name: String) {
    #expect(LanguageTag(folderName: name) == nil)
    #expect(!LanguageTag.isFolderName(name))
  }

  @Test func baseIsAFolderButNotALanguage() {
    #expect(LanguageTag.isFolderName("Base"))
    #expect(LanguageTag(folderName: "Base") == nil)
  }

  /// Whatever the text, a name accepted as a folder holds only ASCII letters,
  /// digits, `-` and `_`: it can never name another folder.
  @Test func everyAcceptedNameIsOneSafePathComponent() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("abcdeHNSTU019-_./\\@ \u{1B}\u{0}é")
    for _ in 0..<20_000 {
      let name = String(
        (0..<Int.random(in: 0...9, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator) ?? "a"
        })
      guard LanguageTag.isFolderName(name) else { continue }
      #expect(
        name.unicodeScalars.allSatisfy {
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }, "\(name)")
    }
  }
}
