import CodeGeneration
import SwiftParser
import SwiftSyntax

/// A generated file read back with swift-syntax: what it declares, the names
/// it uses, and every place text stands outside a comment or a string literal.
struct GeneratedSyntax {
  let tree: SourceFileSyntax

  init(_ source: String) { tree = Parser.parse(source: source) }

  var hasErrors: Bool { tree.hasError }

  /// "kind name" of each top-level declaration and, inside the settings enum
  /// `typeName`, of its members and of the members of its nested enums,
  /// prefixed by the names of what holds them (`AppSettings.Theme.case dark`).
  func declarations(typeName: String) -> [String] {
    var result: [String] = []
    for item in tree.statements {
      guard let declaration = item.item.as(DeclSyntax.self) else {
        result.append("statement \(item.item.trimmedDescription)")
        continue
      }
      let (kind, name) = Self.describe(declaration)
      result.append("\(kind) \(name)")
      if kind == "enum", name == typeName, let members = declaration.as(EnumDeclSyntax.self) {
        result += Self.members(of: members.memberBlock, prefix: name, nested: true)
      }
    }
    return result
  }

  static func members(of block: MemberBlockSyntax, prefix: String, nested: Bool) -> [String] {
    var result: [String] = []
    for member in block.members {
      let (kind, name) = describe(member.decl)
      if let cases = member.decl.as(EnumCaseDeclSyntax.self) {
        for element in cases.elements {
          result.append("\(prefix).case \(unescaped(element.name.text))")
        }
        continue
      }
      result.append("\(prefix).\(kind) \(name)")
      if nested, let inner = member.decl.as(EnumDeclSyntax.self) {
        result += members(of: inner.memberBlock, prefix: "\(prefix).\(name)", nested: false)
      }
    }
    return result
  }

  static func describe(_ declaration: DeclSyntax) -> (kind: String, name: String) {
    if let value = declaration.as(StructDeclSyntax.self) {
      return ("struct", unescaped(value.name.text))
    }
    if let value = declaration.as(EnumDeclSyntax.self) {
      return ("enum", unescaped(value.name.text))
    }
    if let value = declaration.as(ExtensionDeclSyntax.self) {
      return ("extension", value.extendedType.trimmedDescription)
    }
    if let value = declaration.as(FunctionDeclSyntax.self) {
      return ("func", unescaped(value.name.text))
    }
    if let value = declaration.as(VariableDeclSyntax.self) {
      let names = value.bindings.map { unescaped($0.pattern.trimmedDescription) }
      return (value.bindingSpecifier.text, names.joined(separator: ","))
    }
    if declaration.is(InitializerDeclSyntax.self) { return ("init", "") }
    if declaration.is(SubscriptDeclSyntax.self) { return ("subscript", "") }
    if declaration.is(ImportDeclSyntax.self) { return ("import", declaration.trimmedDescription) }
    return ("other", declaration.trimmedDescription)
  }

  /// What the file must declare for `declarations`, as ``declarations(typeName:)`` says it.
  static func expected(_ declarations: [SettingDeclaration], typeName: String) -> [String] {
    var result = [
      "import import Foundation", "struct SettingsKey", "enum \(typeName)",
      "extension UserDefaults", "enum SettingsValueCoding", "\(typeName).func registerDefaults",
    ]
    for declaration in declarations {
      result.append("\(typeName).let \(declaration.name)")
      if case .double(_?) = declaration.shape, let range = declaration.rangeName {
        result.append("\(typeName).let \(range)")
      }
      guard case .choice(let choice) = declaration.shape else { continue }
      let type = "\(typeName).\(choice.typeName)"
      result += ["\(typeName).enum \(choice.typeName)", "\(type).var storedValue", "\(type).init "]
      result += choice.cases.map { "\(type).case \($0.name)" }
    }
    return result.sorted()
  }

  /// The names the generator made for `declarations`.
  static func names(_ declarations: [SettingDeclaration]) -> Set<String> {
    var result = Set<String>()
    for declaration in declarations {
      result.insert(declaration.name)
      if let range = declaration.rangeName { result.insert(range) }
      if case .choice(let choice) = declaration.shape {
        result.insert(choice.typeName)
        result.formUnion(choice.cases.map(\.name))
      }
    }
    return result
  }

  static func unescaped(_ name: String) -> String {
    name.hasPrefix("`") && name.hasSuffix("`") && name.count >= 2
      ? String(name.dropFirst().dropLast()) : name
  }

  /// The identifiers the file uses, unescaped.
  var identifiers: Set<String> {
    var result = Set<String>()
    for token in tree.tokens(viewMode: .sourceAccurate) {
      if case .identifier(let text) = token.tokenKind { result.insert(Self.unescaped(text)) }
    }
    return result
  }

  /// Everything in the file that is neither code, white space, a `//` or
  /// `///` comment that stays on its line, nor a string literal that says
  /// its text with every control and line break escaped: each a short
  /// description. Empty for a file where no text can have escaped its place.
  var misplacedText: [String] {
    var result: [String] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
      for piece in token.leadingTrivia.pieces + token.trailingTrivia.pieces {
        switch piece {
        case .spaces, .newlines: continue
        case .lineComment(let text), .docLineComment(let text):
          if let scalar = text.unicodeScalars.first(where: Self.mustBeEscaped) {
            result.append(
              "U+\(String(scalar.value, radix: 16)) raw in the comment \(text.debugDescription)")
          }
        default: result.append("trivia \(piece)")
        }
      }
      switch token.tokenKind {
      case .stringSegment(let text):
        if let scalar = text.unicodeScalars.first(where: Self.mustBeEscaped) {
          result.append(
            "U+\(String(scalar.value, radix: 16)) raw in the literal \(text.debugDescription)")
        }
      case .rawStringPoundDelimiter, .multilineStringQuote, .backslash:
        result.append(
          "\(token.tokenKind): the generator writes no raw, multi-line or interpolated literal")
      case .unknown(let text): result.append("unknown text \(text.debugDescription)")
      default: continue
      }
    }
    return result
  }

  /// Characters that must never stand raw in a comment or a literal: what
  /// ends a line anywhere, and every control or invisible format character.
  static func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
    if SwiftEscaping.isLineTerminator(scalar) { return true }
    if scalar == "\t" { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
      .unassigned:
      return true
    default: return false
    }
  }
}
