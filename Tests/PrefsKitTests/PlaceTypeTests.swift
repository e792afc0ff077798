import Foundation
import SwiftParser
import SwiftSyntax
import TestSupport
import Testing

/// One place type for file:line:column: Plist's `TextLocation` holds a line and a
/// column, and every other type that says where something is composes it
/// (`SourceSnippet`, `IssuePlace`, `SourcePlace`, `PagePlace`) instead of
/// storing a line and a column of its own.
struct PlaceTypeTests {
  /// The one type that stores them.
  static let owner = "Plist/Source/SourceText.swift"
  /// Types that store them still, and why.
  static let exceptions: Set<String> = [
    // An XLIFF element gives a line without a column, which TextLocation cannot say.
    "StringsWorkflow/Tables/WorkflowError.swift: ExchangePlace",
    // A column in bytes, inside the scanner, turned into a scalar column before it leaves.
    "SourceCheck/SwiftNesting.swift: Excess",
  ]

  @Test func onlyTextLocationStoresALineAndAColumn() throws {
    let sources = Paths.repository.appendingPathComponent("Sources")
    var found: [String] = []
    for file in Paths.files(under: sources, extensions: ["swift"])
    where file != Self.owner && !file.contains("/Generated/") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for type in Self.typesStoringALineAndAColumn(Parser.parse(source: text))
      where !Self.exceptions.contains("\(file): \(type)") {
        found.append("Sources/\(file): \(type) stores a line and a column; compose TextLocation")
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test func storedPropertiesAreReadFromTheSyntaxTree() {
    let tree = Parser.parse(
      source: """
        struct A { var line: Int; var column: Int }
        struct B { var location: TextLocation; var line: Int { location.line }; var column: Int { 1 } }
        struct C { let line: Int?, column: Int? }
        struct D { var line: Int }
        """)
    #expect(Self.typesStoringALineAndAColumn(tree) == ["A", "C"])
  }

  /// The structs (and classes) that store both a `line` and a `column`.
  static func typesStoringALineAndAColumn(_ tree: SourceFileSyntax) -> [String] {
    final class Stored: SyntaxVisitor {
      var names: [String] = []
      override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        check(node.name.text, node.memberBlock)
        return .visitChildren
      }
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        check(node.name.text, node.memberBlock)
        return .visitChildren
      }
      func check(_ name: String, _ members: MemberBlockSyntax) {
        var stored: Set<String> = []
        for member in members.members {
          guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
          for binding in variable.bindings where binding.accessorBlock == nil {
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
              stored.insert(identifier.identifier.text)
            }
          }
        }
        if stored.contains("line"), stored.contains("column") { names.append(name) }
      }
    }
    let visitor = Stored(viewMode: .sourceAccurate)
    visitor.walk(tree)
    return visitor.names
  }
}
