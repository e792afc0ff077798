import PrefsKit
import Testing

@Test(arguments: [
  ("/work", "Settings.bundle", "/work/Settings.bundle"),
  ("/work/", "a/b", "/work/a/b"),
  ("/work", "/abs/x", "/abs/x"),
  ("/work", ".", "/work"),
])
func absolutePathResolvesAgainstTheWorkingDirectory(
  base: String, path: String, expected: String
) {
  #expect(PrefsEnvironment(workingDirectory: base).absolutePath(path) == expected)
}
