import KeyedArchive
import Testing

@Test func moduleIsLinked() {
  #expect(String(describing: KeyedArchive.self) == "KeyedArchive")
}
