import BundleEdit
import Testing

@Test func moduleIsLinked() {
  #expect(String(describing: BundleEdit.self) == "BundleEdit")
}
