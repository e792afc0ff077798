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

  /// A folder's whole name (`de.lproj`, `German.lproj`) names its language,
  /// as CFBundle reads a folder: the name without `.lproj`, alone or in a
  /// list. Before, it was refused with the name to give.
  @Test(arguments: [
    ("de.lproj", "de"), ("German.lproj", "German"), ("pt-BR.LPROJ", "pt-BR"),
    ("Base.lproj", "Base"), ("en_UK.lproj", "en_UK"),
  ])
  func aFolderNameWithItsSuffixIsThatLanguage(value: String, name: String) throws {
    #expect(try LanguageArgument.checkOne(value) == name)
    if name != "Base" {
      #expect(try LanguageArgument.preferenceList("en," + value) == ["en", name])
    }
  }

  /// A new folder is named by the tag, its suffix or not.
  @Test func aNewFolderMayBeNamedWithItsSuffix() throws {
    #expect(try LanguageArgument.checkOne("pt-BR.lproj", makesNewFolder: true) == "pt-BR")
    #expect(throws: LanguageArgument.Refusal.notALanguage("Croatian.lproj")) {
      try LanguageArgument.checkOne("Croatian.lproj", makesNewFolder: true)
    }
  }

  /// Anything path-like stays refused, its suffix or not, named as given.
  @Test(arguments: [
    "../de.lproj", "x/de.lproj", ".lproj", "..lproj", "../x.lproj", "a/b.lproj", "/tmp/de.lproj",
    "de.lproj/", "de.lproj.lproj", "de\u{1B}.lproj",
  ])
  func aPathEndingInLprojNamesNoLanguage(value: String) {
    #expect(throws: LanguageArgument.Refusal.notALanguage(value)) {
      try LanguageArgument.checkOne(value)
    }
    #expect(throws: LanguageArgument.Refusal.notALanguage(value)) {
      try LanguageArgument.preferenceList("en," + value)
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
