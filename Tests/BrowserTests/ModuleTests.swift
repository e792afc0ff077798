import HeadlessBrowser
import Testing

@Test func moduleIsLinked() {
  #expect(String(describing: HeadlessBrowser.self) == "HeadlessBrowser")
}
