import Foundation
import Localization
import Plist
import SettingsRender
import SettingsSchema
import TestSupport
import Testing

/// The layout model: what the Settings app shows of the examples, read
/// through SettingsSchema's loading (language, idiom, dialect).
@Suite struct LayoutTests {
  static let showcase = Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path

  static func layout(
    _ languages: [String] = ["pt-BR"], idiom: Idiom = .phone, dialect: Dialect = .apple,
    values: [PlistKey: PlistValue] = [:]
  ) throws -> SettingsLayout {
    var options = LoadOptions(idiom: idiom, dialect: dialect, preferredLanguages: languages)
    options.followsBundleReader = false
    let bundle = try SettingsBundle.load(at: showcase, options: options)
    return SettingsLayout(bundle: bundle, appTitle: "Showcase", values: values)
  }

  @Test func sectionsHaveTheGroupsTitlesAndFootersInTheLanguageAsked() throws {
    let root = try #require(try Self.layout().pages.first)
    #expect(root.title == "Showcase")
    #expect(root.parent == nil)
    #expect(root.sections.map(\.title) == ["Conta", "Tela", "Volume", "Qualidade", "Mais"])
    #expect(root.sections[0].footer == "Seu nome é mostrado a quem você compartilha.")
    #expect(root.sections[0].rows.map(\.title) == ["Nome", "Senha", "PIN", "Versão"])
  }

  @Test func rowsShowTheDefaultValuesAsTheSettingsAppDraws() throws {
    let rows = try #require(try Self.layout().pages.first).rows
    let byKey = Dictionary(
      rows.map { ($0.id.matchKey, $0.control) }, uniquingKeysWith: { a, _ in a })
    #expect(byKey["key:dark_mode_preference"] == .toggle(isOn: true))
    // TrueValue "metric" is the DefaultValue: on.
    #expect(byKey["key:units_preference"] == .toggle(isOn: true))
    #expect(byKey["key:version_preference"] == .titleValue(text: "1.0 (42)"))
    #expect(byKey["key:sync_status"] == .titleValue(text: "Parada"))
    guard case .multiValue(let chosen, let page)? = byKey["key:theme_preference"] else {
      Issue.record("no multi value")
      return
    }
    // ShortTitles stand in for Titles on the row; the list page has the long ones.
    #expect(chosen == "Sistema")
    let list = try #require(try Self.layout().page(page))
    #expect(list.title == "Tema")
    #expect(list.rows.map(\.title) == ["Igual ao sistema", "Sempre claro", "Sempre escuro"])
    #expect(
      list.rows.map(\.control) == [
        .choice(isChosen: true), .choice(isChosen: false), .choice(isChosen: false),
      ])
  }

  @Test func radioGroupIsASectionOfOptionsWithTheCheckMark() throws {
    let root = try #require(try Self.layout().pages.first)
    let quality = try #require(root.sections.first { $0.title == "Qualidade" })
    #expect(quality.footer == "Qualidade maior usa mais dados.")
    #expect(quality.rows.map(\.title) == ["Baixa", "Média", "Alta"])
    #expect(
      quality.rows.map(\.control) == [
        .radioOption(isChosen: false), .radioOption(isChosen: false), .radioOption(isChosen: true),
      ])
    #expect(
      quality.rows.map(\.id.matchKey) == [
        "key:quality_preference#option:0", "key:quality_preference#option:1",
        "key:quality_preference#option:2",
      ])
  }

  @Test func valuesGivenReplaceTheDefaults() throws {
    let layout = try Self.layout(values: [
      "password_preference": .string("hunter2"), "theme_preference": .integer(2),
      "sync_status": .string("unknown"),
    ])
    let rows = try #require(layout.pages.first).rows
    let password = try #require(rows.first { $0.id.key == "password_preference" })
    // The secret never reaches the model: masked, one bullet a character.
    #expect(
      password.control
        == .textField(text: "•••••••", placeholder: nil, isSecure: true, keyboard: "Alphabet"))
    let theme = try #require(rows.first { $0.id.key == "theme_preference" })
    if case .multiValue(let chosen, _) = theme.control {
      #expect(chosen == "Escuro")
    } else {
      Issue.record("no multi value")
    }
    // A value none of the Values: Settings.app shows it as it is.
    #expect(rows.first { $0.id.key == "sync_status" }?.control == .titleValue(text: "unknown"))
  }

  @Test func inAppSettingsKitShowsNoTitleForAValueNotInValues() throws {
    let layout = try Self.layout(dialect: .iask, values: ["sync_status": .string("unknown")])
    let rows = try #require(layout.pages.first).rows
    #expect(rows.first { $0.id.key == "sync_status" }?.control == .titleValue(text: ""))
  }

  @Test func sliderCarriesItsImagesFromTheBundle() throws {
    let rows = try #require(try Self.layout().pages.first).rows
    let slider = try #require(rows.first { $0.id.key == "volume_preference" })
    guard case .slider(let value, let minimum, let maximum, let low, let high) = slider.control
    else {
      Issue.record("no slider")
      return
    }
    #expect((value, minimum, maximum) == (0.5, 0, 1))
    #expect(low?.file == "VolumeLow.png")
    #expect(high?.file == "VolumeHigh.png")
    #expect(low?.mediaType == "image/png")
    #expect(slider.title == "")
  }

  @Test func childPaneLinksToItsPageWhichGoesBack() throws {
    let layout = try Self.layout()
    let root = try #require(layout.pages.first)
    let more = try #require(root.rows.last)
    #expect(more.title == "Avançado")
    #expect(more.control == .childPane(page: LayoutPage.ID(file: "Advanced.plist")))
    let advanced = try #require(layout.page(LayoutPage.ID(file: "Advanced.plist")))
    #expect(advanced.title == "Avançado")
    #expect(advanced.parent == root.id)
  }

  @Test(arguments: [(Idiom.phone, false), (.pad, true)])
  func idiomDecidesWhichRowsShow(idiom: Idiom, showsSplitView: Bool) throws {
    let layout = try Self.layout(idiom: idiom)
    let advanced = try #require(layout.page(LayoutPage.ID(file: "Advanced.plist")))
    #expect(advanced.rows.contains { $0.id.key == "ipad_split_view" } == showsSplitView)
    #expect(layout.idiom == idiom)
  }

  @Test(arguments: [
    ("ar", TextDirection.rightToLeft), ("he-IL", .rightToLeft), ("pt-BR", .leftToRight),
    ("az-Arab", .rightToLeft), ("sd-Deva", .leftToRight),
  ])
  func directionFollowsTheSystemLanguage(language: String, direction: TextDirection) throws {
    // The bundle has no Arabic or Hebrew: its words fall back, the layout still mirrors.
    let layout = try Self.layout([language, "en"])
    #expect(layout.direction == direction)
  }

  /// A slider's image is read only from inside the bundle and only when it is
  /// an image: a name with `..`, a link that leaves the bundle, and a file
  /// that is no PNG, JPEG or GIF give no image (the slider is drawn without).
  @Test func sliderImagesComeOnlyFromInsideTheBundle() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let png = Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    )!
    try png.write(to: bundle.folder.appendingPathComponent("Outside.png"))
    try png.write(to: bundle.url.appendingPathComponent("Inside.png"))
    try FileManager.default.createSymbolicLink(
      atPath: bundle.url.appendingPathComponent("Link.png").path,
      withDestinationPath: bundle.folder.appendingPathComponent("Outside.png").path)
    try bundle.write("Script.png", "<svg onload=alert(1)>")
    func slider(_ index: Int, _ low: String, _ high: String) -> String {
      """
      <dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>s\(index)</string>
      <key>DefaultValue</key><real>0.5</real><key>MinimumValue</key><integer>0</integer>
      <key>MaximumValue</key><integer>1</integer><key>MinimumValueImage</key><string>\(low)</string>
      <key>MaximumValueImage</key><string>\(high)</string></dict>
      """
    }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      \(slider(0, "Inside", "../Outside.png"))
      \(slider(1, "Link.png", "Script.png"))
      </array></dict></plist>
      """)
    let loaded = try SettingsBundle.load(at: bundle.path)
    let rows = try #require(SettingsLayout(bundle: loaded, appTitle: "t").pages.first).rows
    let images = rows.map { row -> [String?] in
      guard case .slider(_, _, _, let low, let high) = row.control else { return [] }
      return [low?.file, high?.file]
    }
    #expect(images == [["Inside.png", nil], [nil, nil]])
  }
}
