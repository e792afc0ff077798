import Localization
import Testing

/// Folders named the way real bundles name them: old CFBundle names, `_` for
/// `-`, retired regions; which folder a language names, and which folders no
/// device selects.
struct LanguageFolderTests {
  /// Apple's alias table (the old names iOS reads) as the data holds it.
  static let appleNames = LanguageFallbackData.embedded.appleAliases.filter {
    $0.key.count > 3 && $0.key.allSatisfy(\.isLetter)
  }

  /// CFBundle's old names that iOS does not read (`Lao` it reads, as the code `lao`).
  static let unreadNames = LanguageFallbackData.embedded.cfBundleLanguageNames.filter {
    appleNames[$0.key.lowercased()] == nil && LanguageFolder.tag(of: $0.key) == nil
  }

  @Test func theTablesAreThere() {
    #expect(Self.appleNames.count == 19)
    #expect(LanguageFallbackData.embedded.cfBundleLanguageNames["Croatian"] == "hr")
    #expect(LanguageFallbackData.embedded.cfBundleLanguageNames["Greek"] == "el")
    #expect(LanguageFallbackData.embedded.regionAliases["UK"] == "GB")
    #expect(Self.unreadNames.count > 80)
  }

  /// Every old name iOS reads names its folder both ways: the tag names the
  /// folder, and the folder's tag is the language (as a BCP 47 tag).
  @Test func everyNameIOSReadsResolvesBothWays() {
    for (name, target) in Self.appleNames {
      let folder = name.prefix(1).uppercased() + name.dropFirst()
      let language = String(target.prefix { $0 != "_" })
      let tag = LanguageFolder.tag(of: folder)
      #expect(tag == language, "\(folder)")
      #expect(LanguageFolder.intendedTag(of: folder) == language, "\(folder)")
      // The language names the old folder beside others, and the old name names it too.
      let available = ["en-GB", folder, "Base", "zz"].filter { $0 != "en-GB" || language != "en" }
      #expect(LanguageFolder.folder(for: language, in: available) == folder, "\(folder)")
      #expect(LanguageFolder.folder(for: folder, in: available) == folder, "\(folder)")
      #expect(LanguageFolder.unselected(in: available).map(\.folder) == [], "\(folder)")
    }
  }

  /// Every old CFBundle name iOS does not read is a folder no device
  /// selects, meant for the language CFBundle's table gives; its tag names it.
  @Test func everyNameIOSDoesNotReadIsUnselected() throws {
    for (name, code) in Self.unreadNames {
      #expect(LanguageFolder.tag(of: name) == nil, "\(name)")
      let meant = try #require(LanguageFolder.intendedTag(of: name), "\(name)")
      #expect(meant.hasPrefix(code) || meant == "ro" || meant == "fil", "\(name) → \(meant)")
      let unselected = LanguageFolder.unselected(in: ["English", name])
      #expect(unselected.map(\.folder) == [name], "\(name)")
      #expect(unselected.first?.intendedTag == meant, "\(name)")
      #expect(unselected.first?.servedBy == "English", "\(name)")
      #expect(LanguageFolder.folder(for: meant, in: ["English", name]) == name, "\(name)")
    }
  }

  @Test(arguments: [
    ("de", ["English", "German"], "German"), ("German", ["en", "German"], "German"),
    ("pt-BR", ["en", "pt_BR"], "pt_BR"), ("pt_BR", ["pt-BR"], "pt-BR"),
    ("zh-TW", ["zh_Hant_TW", "en"], "zh_Hant_TW"), ("hr", ["en", "Croatian"], "Croatian"),
    ("en-GB", ["en", "en_UK"], "en_UK"), ("Croatian", ["hr"], "hr"),
    ("de", ["de", "German"], "de"), ("German", ["de", "German"], "German"),
    ("DE", ["en", "de"], "de"),
  ])
  func languageNamesFolder(language: String, available: [String], folder: String) {
    #expect(LanguageFolder.folder(for: language, in: available) == folder)
  }

  /// A language never names the folder of a parent or near language, nor a path.
  @Test(arguments: [
    ("de-AT", ["en", "de"]), ("pt-PT", ["pt-BR"]), ("en", ["en-GB"]), ("../de", ["de"]),
    ("de/..", ["de"]), ("fr", ["en", "German"]),
  ])
  func languageNamesNoFolder(language: String, available: [String]) {
    #expect(LanguageFolder.folder(for: language, in: available) == nil)
  }

  @Test(
    arguments: [
      ("German", "de"), ("pt_BR", "pt-BR"), ("zh_cn", "zh-CN"), ("en_UK", "en-UK"), ("Base", nil),
      ("Croatian", nil), ("Klingon", nil),
    ] as [(String, String?)])
  func tagsIOSReads(folder: String, tag: String?) {
    #expect(LanguageFolder.tag(of: folder) == tag)
  }

  /// Each class of folder no device selects, with the tag it is meant for
  /// and the folder such a device gets instead.
  @Test(
    arguments: [
      (["en", "en_UK"], "en_UK", "en-GB", "en"),
      (["English", "German", "Greek", "Norwegian", "Russian"], "Greek", "el", "English"),
      (["en", "Slovak"], "Slovak", "sk", "en"), (["de", "German", "en"], "German", "de", "de"),
      (["en", "Klingon"], "Klingon", nil, nil),
    ] as [([String], String, String?, String?)])
  func unselectedFolders(available: [String], folder: String, meant: String?, servedBy: String?) {
    let found = LanguageFolder.unselected(in: available)
    #expect(found.map(\.folder) == [folder])
    #expect(found.first?.intendedTag == meant)
    #expect(found.first?.servedBy == servedBy)
  }

  /// Folders some device selects are not reported: a retired region is the
  /// near miss of its language when the bundle has nothing closer, and the
  /// corpus's folder names (regions, scripts, `_`, lower case) all serve someone.
  @Test(arguments: [
    ["en_UK", "de"], ["en", "en-GB", "en-AU", "Base"], ["zh_cn", "zh_TW", "en"],
    ["zh-Hans", "zh-Hant", "zh-HK", "zh-Hant-TW"], ["es", "es-419", "es-MX", "es_AR"],
    ["nb", "nn", "no"], ["pt", "pt-PT", "pt-BR"], ["sr", "sr-Latn"], ["gsw-CH", "de"],
    ["ar-001", "en"], ["English", "French", "Japanese", "Spanish"],
    // The matcher uses a second spelling of the chosen folder right after it.
    ["pt-BR", "pt_BR", "en"],
  ])
  func foldersSomeDeviceSelects(available: [String]) {
    #expect(LanguageFolder.unselected(in: available).map(\.folder) == [])
  }
}
