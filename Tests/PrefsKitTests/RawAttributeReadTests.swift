import Foundation
import SettingsSchema
import SwiftParser
import SwiftSyntax
import TestSupport
import Testing

/// Attribute keys are spelled once: outside SettingsSchema and the readers
/// (Plist), no module subscripts anything with the literal name of a key the
/// schema knows (`specifier["Values"]`, `root["StringsTable"]`); it asks the
/// typed API (`choices`, `range`, `toggleStates`, `key`, `childPage`) or, to
/// check what is written, `written(.values)` and the page's written nodes.
struct RawAttributeReadTests {
  /// The modules that own the keys.
  static let owners: Set<String> = ["SettingsSchema", "Plist"]

  /// Every key name either dialect's schema knows: a page's, every type's and the common ones.
  static func keyNames() throws -> Set<String> {
    var names: Set<String> = []
    for dialect in Dialect.allCases {
      let catalog = try SchemaCatalog.load(dialect)
      names.formUnion(catalog.pageKeys.keys)
      names.formUnion(catalog.commonKeys.keys)
      for spec in catalog.types.values { names.formUnion(spec.keys.keys) }
    }
    return names
  }

  @Test func noModuleReadsAnAttributeByItsRawKey() throws {
    let keys = try Self.keyNames()
    #expect(keys.isSuperset(of: ["Values", "Titles", "Type", "Key", "StringsTable"]))
    let sources = Paths.repository.appendingPathComponent("Sources")
    var found: [String] = []
    for file in Paths.files(under: sources, extensions: ["swift"]) {
      let module = String(file.prefix { $0 != "/" })
      guard !Self.owners.contains(module),
        !file.contains("/Generated/")
      else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (line, key) in Self.literalSubscripts(Parser.parse(source: text)) where keys.contains(key)
      {
        found.append("Sources/\(file):\(line) reads [\"\(key)\"]")
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test func literalSubscriptsAreReadFromTheSyntaxTree() {
    let tree = Parser.parse(
      source: """
        // specifier["Values"] in a comment
        let a = specifier["Titles"]
        let b = "x[\\"Key\\"]"
        let c = spec.keys[name]
        """)
    #expect(Self.literalSubscripts(tree).map(\.key) == ["Titles"])
  }

  /// Each subscript whose one argument is a plain string literal: its line and the text.
  static func literalSubscripts(_ tree: SourceFileSyntax) -> [(line: Int, key: String)] {
    final class Subscripts: SyntaxVisitor {
      var found: [(position: AbsolutePosition, key: String)] = []
      override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.arguments.count == 1, let first = node.arguments.first,
          let literal = first.expression.as(StringLiteralExprSyntax.self),
          literal.segments.count == 1,
          let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        {
          found.append((node.positionAfterSkippingLeadingTrivia, segment.content.text))
        }
        return .visitChildren
      }
    }
    let visitor = Subscripts(viewMode: .sourceAccurate)
    visitor.walk(tree)
    let converter = SourceLocationConverter(fileName: "", tree: tree)
    return visitor.found.map { (converter.location(for: $0.position).line, $0.key) }
  }
}
