import SettingsRender
import Testing

@Test func moduleIsLinked() {
  #expect(String(describing: SettingsRender.self) == "SettingsRender")
}
