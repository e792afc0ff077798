import PrefsKit
import Testing

/// One check of a language a user names, for every front end (moved from the
/// CLI's LanguageOptionTests, which keep the words and the exit code).
struct LanguageArgumentTests {
  @Test func theListIsSplitAtCommas() throws {
    #expect(try LanguageArgument.preferenceList("de-AT,en") == ["de-AT", "en"])
    #expect(try LanguageArgument.preferenceList("zh-Hant-HK, en") == ["zh-Hant-HK", "en"])
  }

  /// A repeated tag counts once, at its first place (tester fault 22).
  @Test func repeatedTagsCountAtTheirFirstPlace() throws {
    #expect(
      try LanguageArgument.preferenceList("de,en,DE,de_AT,de-AT,en") == ["de", "en", "de_AT"])
  }

  /// An absurdly long list is refused before any matching; the longest allowed is read.
  @Test func anAbsurdlyLongListIsRefused() throws {
    let maximum = LanguageArgument.maximumItems
    let list = Array(repeating: "de", count: maximum + 1).joined(separator: ",")
    #expect(throws: LanguageArgument.Refusal.tooManyItems(count: maximum + 1, maximum: maximum)) {
      try LanguageArgument.preferenceList(list)
    }
    let allowed = Array(repeating: "xx-YY", count: maximum).joined(separator: ",")
    #expect(try LanguageArgument.preferenceList(allowed) == ["xx-YY"])
  }

  /// A path, a list where one is asked for, a locale, a control character:
  /// no language, in a list or alone; the refusal names the item as given.
  @Test(arguments: ["../../etc", "zz@@", "de/../x", "", "de\u{1B}[2J", "pt_BR.UTF-8", "de@euro"])
  func whatNamesNoLanguageIsRefused(value: String) {
    #expect(throws: LanguageArgument.Refusal.notALanguage(value)) {
      try LanguageArgument.checkOne(value)
    }
    #expect(throws: LanguageArgument.Refusal.notALanguage(value)) {
      try LanguageArgument.preferenceList("en," + value)
    }
  }

  /// A folder's whole name (`de.lproj`, `German.lproj`) is told apart, with
  /// the name to give (tester F12); a path ending in `.lproj` is no language.
  @Test(arguments: [("de.lproj", "de"), ("German.lproj", "German"), ("pt-BR.LPROJ", "pt-BR")])
  func aFolderNameWithItsSuffixSaysTheNameToGive(value: String, name: String) {
    let refusal = LanguageArgument.Refusal.folderNameWithSuffix(value, languageName: name)
    #expect(throws: refusal) { try LanguageArgument.checkOne(value) }
    #expect(throws: refusal) { try LanguageArgument.preferenceList("en," + value) }
  }

  @Test(arguments: ["../de.lproj", "x/de.lproj", ".lproj", "..lproj"])
  func aPathEndingInLprojNamesNoLanguage(value: String) {
    #expect(throws: LanguageArgument.Refusal.notALanguage(value)) {
      try LanguageArgument.checkOne(value)
    }
  }

  @Test func oneLanguageIsNoList() {
    #expect(throws: LanguageArgument.Refusal.notALanguage("de,fr")) {
      try LanguageArgument.checkOne("de,fr")
    }
  }

  /// The names a bundle's own folders have are languages (a legacy name, a tag
  /// with `_`, `Base`, a name that is no tag); a new folder is made for a tag
  /// or `Base` only.
  @Test(arguments: ["de", "pt-BR", "German", "en_UK", "Base", "zh_Hans-CN", "Croatian"])
  func folderNamesAreAccepted(value: String) throws {
    try LanguageArgument.checkOne(value)
  }

  @Test func aNewFolderNeedsATag() throws {
    try LanguageArgument.checkOne("pt-BR", makesNewFolder: true)
    try LanguageArgument.checkOne("Base", makesNewFolder: true)
    #expect(throws: LanguageArgument.Refusal.notALanguage("Croatian")) {
      try LanguageArgument.checkOne("Croatian", makesNewFolder: true)
    }
  }

  /// `Base` is no language one prefers.
  @Test func baseIsNoPreference() {
    #expect(throws: LanguageArgument.Refusal.notALanguage("Base")) {
      try LanguageArgument.preferenceList("Base")
    }
  }
}
