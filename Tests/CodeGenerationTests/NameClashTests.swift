import Foundation
import Plist
import SwiftSyntax
import TestSupport
import Testing

@testable import CodeGeneration

/// A key or value named like a declaration of the file, or like a type the
/// file uses, gets another name; a type name that would hide one is refused.
struct NameClashTests {
  /// Names the file declares or uses: as keys of multi values they become
  /// nested types of the enum, as values they become cases.
  static let usedNames = [
    "UserDefaults", "ClosedRange", "Sendable", "CaseIterable", "allCases", "SettingsKey",
    "SettingsValueCoding", "registerDefaults", "storedValue", "Foundation", "Swift", "Any",
    "Value", "NSNumber", "rawValue", "RawValue", "AllCases", "AppSettings",
  ]

  static func bundle() throws -> TemporaryBundle {
    var specifiers: [PlistValue] = []
    for name in usedNames {
      specifiers.append(
        .dictionary([
          "Type": .string("PSMultiValueSpecifier"), "Key": .string(name),
          "Values": .array((usedNames + ["init", "self"]).map(PlistValue.string)),
          "Titles": .array((usedNames + ["init", "self"]).map(PlistValue.string)),
          "DefaultValue": .string(name),
        ]))
      specifiers.append(
        .dictionary([
          "Type": .string("PSSliderSpecifier"), "Key": .string(name + "Range"),
          "MinimumValue": .integer(0), "MaximumValue": .integer(1),
        ]))
    }
    let bundle = try TemporaryBundle()
    let bytes = try XMLPlistWriter.write(.dictionary(["PreferenceSpecifiers": .array(specifiers)]))
    try Data(bytes).write(to: bundle.url.appendingPathComponent("Root.plist"))
    return bundle
  }

  /// Failed before: a nested `enum UserDefaults` (or `Sendable`,
  /// `SettingsValueCoding` …) hid the type the enum's own code names.
  @Test(.enabled(if: SwiftCompiler.path != nil, "needs swiftc on PATH"))
  func keysNamedLikeTheFilesNamesCompile() throws {
    let bundle = try Self.bundle()
    defer { bundle.remove() }
    let declarations = try SettingsCollection.declarations(
      in: try GeneratedSourceTests.bundles(bundle.path), typeName: "AppSettings")
    let typeNames = declarations.compactMap { declaration -> String? in
      if case .choice(let choice) = declaration.shape { choice.typeName } else { nil }
    }
    #expect(Set(typeNames).isDisjoint(with: GeneratedNames.usedInTheEnum.union(["AppSettings"])))
    let file = try GeneratedSourceTests.write(try GeneratedSourceTests.source(bundle.path))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try SwiftCompiler.typeCheck(file, swiftVersion: 6)
    #expect(result.status == 0, "\(result.output)")
  }

  /// Failed before for `Swift`, `Foundation`, `UserDefaults`, `Sendable` …:
  /// a type of that name at the top of the file hides the one the file uses.
  @Test(arguments: [
    "Swift", "Foundation", "UserDefaults", "ClosedRange", "Sendable", "CaseIterable", "NSNumber",
    "SettingsValueCoding", "SettingsKey", "Value", "IntegerLiteralType", "Any", "String",
  ])
  func typeNamesThatHideWhatTheFileUsesAreRefused(name: String) {
    #expect(!SwiftSettingsGenerator.isValidTypeName(name))
  }

  /// Every name the enum's own code uses unqualified is one no generated
  /// member or nested type may take: read from a file with every kind of
  /// element, so a name added to the file later is held to it too.
  @Test func everyNameTheEnumUsesIsReserved() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var used = Set<String>()
    var made = Set<String>()
    for kind in 0..<8 {
      let bundle = InjectionTests.HostileBundle(
        texts: (0..<16).map { "zq\($0)" },
        numbers: [4, kind, kind + 1, 7, 2, 3, 1, 5, 6, 0, kind, kind])
      let generated = try InjectionTests.generate(
        try bundle.write(in: folder.url.appendingPathComponent("\(kind)")))
      made.formUnion(GeneratedSyntax.names(generated.declarations))
      for statement in generated.syntax.tree.statements {
        guard let settings = statement.item.as(EnumDeclSyntax.self),
          settings.name.text == "AppSettings"
        else { continue }
        used.formUnion(UnqualifiedNames(viewMode: .sourceAccurate).names(in: settings.memberBlock))
      }
    }
    #expect(used.isSuperset(of: ["SettingsKey", "UserDefaults", "SettingsValueCoding"]))
    // Parameters and locals of the enum's own functions, which hide members.
    let locals: Set<String> = ["defaults", "object", "values", "self", "match"]
    let unreserved = used.subtracting(made).subtracting(locals).subtracting(
      GeneratedNames.usedInTheEnum)
    #expect(unreserved == [], "the enum's code uses names a generated member could take")
  }
}

/// The names written without a base: types (`UserDefaults`) and references
/// (`SettingsValueCoding.same`'s `SettingsValueCoding`), not what follows a dot.
final class UnqualifiedNames: SyntaxVisitor {
  var found = Set<String>()

  func names(in node: some SyntaxProtocol) -> Set<String> {
    walk(node)
    return found
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    found.insert(GeneratedSyntax.unescaped(node.name.text))
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let isMember = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
    if !isMember, case .identifier(let text) = node.baseName.tokenKind {
      found.insert(GeneratedSyntax.unescaped(text))
    }
    return .visitChildren
  }
}
