import CodeGeneration
import Foundation
import Parallel
import Plist
import SettingsSchema
import TestSupport
import Testing

/// What `prefs generate swift` writes: golden files for the examples, code that
/// type-checks in both language modes for the examples and every corpus bundle.
struct GeneratedSourceTests {
  static func bundles(_ path: String, idioms: [Idiom] = Idiom.allCases) throws -> [SettingsBundle] {
    try SwiftSettingsGenerator.load(at: path, idioms: idioms)
  }

  static func source(
    _ path: String, options: SwiftSettingsGenerator.Options = .init(generatorVersion: "0.1.0")
  ) throws -> String {
    try SwiftSettingsGenerator(options: options).generate(from: try bundles(path))
  }

  static func write(_ source: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-generated-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test(arguments: ["Conversor", "Showcase"])
  func examplesMatchTheirGoldenFiles(name: String) throws {
    let path = Paths.examples.appendingPathComponent("\(name)/Settings.bundle").path
    expectGolden(try Self.source(path), "generate/\(name).swift.txt")
  }

  @Test func publicAccessMarksEveryDeclaration() throws {
    let path = Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path
    let source = try Self.source(path, options: .init(typeName: "ShowcaseSettings", isPublic: true))
    #expect(source.contains("public enum ShowcaseSettings {"))
    #expect(source.contains("public struct SettingsKey<Value: Sendable>: Sendable {"))
    #expect(source.contains("public static func registerDefaults("))
    #expect(source.contains("public subscript<Value>(key: SettingsKey<Value>) -> Value {"))
    #expect(!source.contains("  static let"), "every key is public")
  }

  @Test(
    .enabled(if: SwiftCompiler.path != nil, "needs swiftc on PATH"),
    arguments: [("Conversor", 5), ("Conversor", 6), ("Showcase", 5), ("Showcase", 6)])
  func examplesCompileWithoutWarnings(name: String, swiftVersion: Int) throws {
    let path = Paths.examples.appendingPathComponent("\(name)/Settings.bundle").path
    for isPublic in [false, true] {
      let file = try Self.write(try Self.source(path, options: .init(isPublic: isPublic)))
      defer { try? FileManager.default.removeItem(atPath: file) }
      let result = try SwiftCompiler.typeCheck(file, swiftVersion: swiftVersion)
      #expect(result.status == 0, "\(result.output)")
    }
  }

  /// The corpus bundles with a page reached from Root that does not parse
  /// (xebia-ios's SDURLCache.plist, a licence text): generation refuses them.
  static let corpusBundlesWithAPageThatDoesNotLoad = ["akinsella__xebia-ios"]

  static func isPageThatDoesNotLoad(_ error: any Error) -> Bool {
    guard let error = error as? GenerationError, case .pageDoesNotLoad = error.reason else {
      return false
    }
    return true
  }

  /// Real keys are messy (spaces, dots, leading digits, keywords, duplicates,
  /// values of every type): every bundle of the corpus gives code that compiles,
  /// but those with a reached page that does not load, which are refused.
  @Test(.needsCorpus, .enabled(if: SwiftCompiler.path != nil, "needs swiftc on PATH"))
  func everyCorpusBundleCompilesInSwift6() throws {
    let bundles = Paths.corpusBundles
    enum Outcome: Sendable {
      case compiled
      case refused(String)
      case failed(String)
    }
    let outcomes = bundles.concurrentMap { bundle -> Outcome in
      do {
        let file = try Self.write(try Self.source(bundle.path))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try SwiftCompiler.typeCheck(file, swiftVersion: 6)
        return result.status == 0 ? .compiled : .failed("\(bundle.path):\n\(result.output)")
      } catch  where Self.isPageThatDoesNotLoad(error) {
        return .refused(bundle.deletingLastPathComponent().lastPathComponent)
      } catch {
        return .failed("\(bundle.path): \(error)")
      }
    }
    let failures = outcomes.compactMap { if case .failed(let text) = $0 { text } else { nil } }
    let refused = outcomes.compactMap { if case .refused(let name) = $0 { name } else { nil } }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(refused.sorted() == Self.corpusBundlesWithAPageThatDoesNotLoad)
  }

  /// Every key the bundle registers is declared, with the registered value as it is.
  @Test(.needsCorpus)
  func everyRegisteredDefaultIsDeclared() throws {
    for url in Paths.corpusBundles {
      let phone = try Self.bundles(url.path, idioms: [.phone])
      let name = url.deletingLastPathComponent().lastPathComponent
      guard !Self.corpusBundlesWithAPageThatDoesNotLoad.contains(name) else {
        #expect(throws: GenerationError.self) {
          _ = try SettingsCollection.declarations(in: phone, typeName: "AppSettings")
        }
        continue
      }
      let declarations = try SettingsCollection.declarations(in: phone, typeName: "AppSettings")
      let declared = Dictionary(
        declarations.map { (PlistKey($0.key), $0.registeredDefault) },
        uniquingKeysWith: { a, _ in a })
      for (key, value) in phone[0].defaultValues {
        #expect(declared[key] == .some(value), "\(url.path): \(key)")
      }
    }
  }
}
