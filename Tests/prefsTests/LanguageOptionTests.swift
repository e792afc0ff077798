import Foundation
import PrefsKit
import TestSupport
import Testing

/// `--lang` is a preference list, like iOS's `AppleLanguages`.
struct LanguageOptionTests {
  @Test(arguments: [
    ("de-AT,pt-PT", "pt-BR"), ("pt-BR,en", "pt-BR"), ("de, en", "en"), ("en-IN", "en"),
    ("sk,cs", "cs"), ("ja", "en"),
  ])
  func theFirstServedLanguageWins(_ list: String, _ chosen: String) throws {
    let result = DumpTests.run(["dump", DumpTests.showcase, "--lang", list, "--format", "json"])
    #expect(result.code == 0, "\(result.errors)")
    let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(parsed?["language"] as? String == chosen)
  }

  @Test(arguments: ["de,../x", "de,", "", "de/x", "de,\u{1B}[31m", "pt_BR.UTF-8", "Base"])
  func anythingButATagIsAUsageErrorNamingIt(_ list: String) {
    let result = DumpTests.run(["dump", DumpTests.showcase, "--lang", list])
    #expect(result.code == 2)
    #expect(result.errors.contains("--lang: \""))
    #expect(result.errors.contains("is not a language tag"))
    #expect(!result.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  /// A folder's whole name is that folder's language: `--lang de.lproj`
  /// shows what `--lang de` shows (before: a usage error, tester F12).
  @Test func aFolderNameWithItsSuffixIsThatLanguage() {
    let folder = DumpTests.run(["dump", DumpTests.showcase, "--lang", "de.lproj,en"])
    let tag = DumpTests.run(["dump", DumpTests.showcase, "--lang", "de,en"])
    #expect(folder.code == 0, "\(folder.errors)")
    #expect(folder.output == tag.output)
    let path = DumpTests.run(["dump", DumpTests.showcase, "--lang", "../de.lproj"])
    #expect(path.code == 2)
    #expect(path.errors.contains("--lang: \"../de.lproj\" is not a language tag"))
    // The refusal names the folder form it accepts, not the one it used to refuse.
    #expect(path.errors.contains("(or a .lproj folder's name, such as German or de.lproj)"))
  }

  /// An absurdly long list is a usage error, refused before any matching.
  @Test func anAbsurdlyLongListIsAUsageError() throws {
    let list = Array(repeating: "de", count: LanguageArgument.maximumItems + 1).joined(
      separator: ",")
    let result = DumpTests.run(["dump", DumpTests.showcase, "--lang", list])
    #expect(result.code == 2)
    #expect(result.errors.contains("--lang: 1001 languages is more than 1000"))
  }
}
