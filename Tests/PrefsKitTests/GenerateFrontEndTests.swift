import Foundation
import PrefsKit
import TestSupport
import Testing

/// `prefs generate swift`'s workflow through PrefsKit's public API: the bundle
/// and the output file are found from the environment's working directory.
struct GenerateFrontEndTests {
  let folder: URL
  let environment: PrefsEnvironment

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-generate-front-end-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Neither the bundle nor the file is where the process runs.
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("Conversor"),
      withDestinationURL: Paths.examples.appendingPathComponent("Conversor"))
    environment = PrefsEnvironment(workingDirectory: folder.path)
  }

  @Test func writeLeaveAloneAndCheckARelativeFile() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = GenerateSwiftOptions(bundle: "Conversor/Settings.bundle")
    guard case .source(let source) = try GenerateFrontEnd.swift(options, environment: environment)
    else {
      Issue.record("no file named: the source is handed back")
      return
    }
    #expect(source.contains("static let celsiusPref = SettingsKey<Swift.Bool>("))

    options.outputFile = "AppSettings.swift"
    #expect(
      try GenerateFrontEnd.swift(options, environment: environment)
        == .written(file: "AppSettings.swift"))
    let file = folder.appendingPathComponent("AppSettings.swift")
    #expect(FileManager.default.contents(atPath: file.path) == Data(source.utf8))
    #expect(
      try GenerateFrontEnd.swift(options, environment: environment)
        == .unchanged(file: "AppSettings.swift"))

    options.checksOnly = true
    #expect(
      try GenerateFrontEnd.swift(options, environment: environment)
        == .upToDate(file: "AppSettings.swift"))
    try Data("// edited\n".utf8).write(to: file)
    #expect {
      try GenerateFrontEnd.swift(options, environment: environment)
    } throws: { error in
      guard case .outOfDate(let named) = error as? GenerateSwiftError else { return false }
      return named == "AppSettings.swift"
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "// edited\n", "nothing written")
  }

  @Test(arguments: ["Swift", "Foundation", "lower", "Self"])
  func aTypeNameTheFileCannotUseIsRefusedBeforeReading(name: String) {
    let options = GenerateSwiftOptions(bundle: "/nonexistent/Settings.bundle", typeName: name)
    #expect {
      try GenerateFrontEnd.swift(options, environment: environment)
    } throws: { error in
      switch error as? GenerateSwiftError {
      case .typeNameHidesAName(let refused)?, .invalidTypeName(let refused)?: refused == name
      default: false
      }
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// An output that cannot be written is named as given, with the system's reason.
  @Test func anOutputThatIsAFolderIsRefusedNamedAsGiven() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Out.swift"), withIntermediateDirectories: true)
    let options = GenerateSwiftOptions(bundle: "Conversor/Settings.bundle", outputFile: "Out.swift")
    #expect {
      try GenerateFrontEnd.swift(options, environment: environment)
    } throws: { error in
      guard case .output(let refusal) = error as? GenerateSwiftError else { return false }
      return refusal == .notWritable(path: "Out.swift", kind: .folder)
        && refusal.description
          == "cannot write Out.swift: it is a folder; give a file, a FIFO or a character device"
    }
  }
}
