import SwiftSyntax

/// What the whole source tree declares that keys are spelled through:
/// string constants (`let kSound = "sound"`, `static let volume = "volume"`),
/// the cases of string enums (`enum Keys: String { case theme }`), and small
/// wrapper functions that pass a parameter as the key of a read. Collected
/// from every file first, so a use in one file resolves a constant of another.
struct SwiftSymbols: Sendable {
  /// Name (`kSound`, `Keys.volume`) → value; nil when two declarations disagree.
  var constants: [String: String?] = [:]
  /// `Keys.theme` and `.theme` → raw value; nil when ambiguous.
  var cases: [String: String?] = [:]
  /// Function name → the key parameter's position and the read it forwards to.
  var wrappers: [String: Wrapper] = [:]
  /// Properties and globals (`defaults`, `Storage.defaults`) → their declarations,
  /// for receivers declared away from their use (as terms: no file's syntax is kept).
  var variables: [String: [ReceiverTerm]] = [:]
  /// The protocols the app declares: a value of one may be a `UserDefaults`.
  var protocols: Set<String> = []
  /// The app's property wrappers that read the defaults with a cast
  /// (`object(forKey: key) as? T`): their attribute declares a key.
  var castingWrappers: Set<String> = []
  /// Each file's declarations that `variables` and `wrappers` name, by the
  /// file's place in the scan (``DeclarationReference/table``).
  var declarations: [Int: [ReceiverTerm]] = [:]

  struct Wrapper: Sendable, Hashable {
    var keyArgument: Int
    var getter: DefaultsGetter
    /// The receiver of the read the wrapper forwards to.
    var receiver: ReceiverTerm
  }

  mutating func merge(_ other: SwiftSymbols) {
    for (name, value) in other.constants { Self.add(&constants, name, value) }
    for (name, value) in other.cases { Self.add(&cases, name, value) }
    for (name, parts) in other.concatenations {
      if let existing = concatenations[name], existing != parts {
        concatenations[name] = .some(nil)
      } else {
        concatenations[name] = parts
      }
    }
    wrappers.merge(other.wrappers) { first, _ in first }
    variables.merge(other.variables) { $0 + $1 }
    protocols.formUnion(other.protocols)
    castingWrappers.formUnion(other.castingWrappers)
    declarations.merge(other.declarations) { first, _ in first }
  }

  static func add(_ table: inout [String: String?], _ name: String, _ value: String?) {
    if let existing = table[name], existing != value {
      table[name] = .some(nil)
    } else {
      table[name] = value
    }
  }

  /// Constants made of parts (`static let sound = prefix + "sound"`), resolved
  /// once every file's constants are known; nil when two declarations disagree.
  var concatenations: [String: [KeySpelling]?] = [:]

  func constant(_ name: String) -> String? {
    var budget = Self.maximumConcatenationParts
    return constant(name, budget: &budget)
  }

  /// A constant, or the parts of a concatenation joined when every part is known.
  /// Every part looked at costs one of the budget, so a chain of constants made
  /// of constants (or a cycle, or parts that double at each step) ends soon.
  func constant(_ name: String, budget: inout Int) -> String? {
    if let value = constants[name] { return value }
    guard let parts = concatenations[name] ?? nil else { return nil }
    return key(.concatenation(parts), budget: &budget)
  }

  /// The most parts one key is made of, counting the parts of its parts.
  static let maximumConcatenationParts = 64
  /// The longest key a concatenation makes, in UTF-8 bytes.
  static let maximumConcatenatedLength = 1_024

  func enumCase(_ name: String) -> String? { cases[name] ?? nil }

  /// The key a spelling names, if every file's symbols tell it.
  func key(_ spelling: KeySpelling) -> String? {
    var budget = Self.maximumConcatenationParts
    return key(spelling, budget: &budget)
  }

  func key(_ spelling: KeySpelling, budget: inout Int) -> String? {
    switch spelling {
    case .literal(let text): return text
    case .constant(let name): return constant(name, budget: &budget)
    case .enumCase(let name): return enumCase(name)
    case .implicitMember(let name):
      return constant(name, budget: &budget) ?? enumCase(".\(name)")
    case .concatenation(let parts):
      var text = ""
      for part in parts {
        budget -= 1
        guard budget >= 0, let value = key(part, budget: &budget) else { return nil }
        text += value
        guard text.utf8.count <= Self.maximumConcatenatedLength else { return nil }
      }
      return text
    }
  }
}

/// How the code spells a key: a literal, or a name the symbols resolve.
enum KeySpelling: Sendable, Hashable {
  case literal(String)
  /// `kSound`, `Keys.volume`.
  case constant(String)
  /// `Keys.theme.rawValue`: the enum case `Keys.theme`.
  case enumCase(String)
  /// `.theme`: a constant named so, else the string enum case `.theme`.
  case implicitMember(String)
  /// `prefix + "sound"`: the parts joined, when every part is known.
  indirect case concatenation([KeySpelling])
}

/// The first pass over one file.
final class SwiftSymbolCollector: SyntaxVisitor {
  var symbols = SwiftSymbols()
  private var types: [String] = []
  /// Declarations and receivers as terms, looked up in this file's scopes.
  let terms: ReceiverTerms

  /// The collector of the file at `file` in the scan.
  init(file: Int) {
    terms = ReceiverTerms(table: file)
    super.init(viewMode: .sourceAccurate)
  }

  /// The symbols, with the declarations they name made terms.
  func finish() -> SwiftSymbols {
    terms.finish()
    var found = symbols
    found.declarations[terms.tableNumber] = terms.table
    return found
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    // `@propertyWrapper struct UserDefault<T>` whose getter casts what it reads.
    if node.attributes.contains(where: {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper"
    }) {
      let finder = CastingReadFinder(viewMode: .sourceAccurate)
      finder.walk(node.memberBlock)
      if finder.casts { symbols.castingWrappers.insert(node.name.text) }
    }
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.extendedType.trimmedDescription)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    let isStringEnum =
      node.inheritanceClause?.inheritedTypes.contains {
        $0.type.trimmedDescription == "String"
      } ?? false
    if isStringEnum {
      for member in node.memberBlock.members {
        guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in cases.elements {
          let name = element.name.text
          let raw: String? =
            if let value = element.rawValue?.value {
              SwiftExpressions.stringLiteral(value)
            } else { name }
          guard let raw else { continue }
          SwiftSymbols.add(&symbols.cases, "\(node.name.text).\(name)", raw)
          SwiftSymbols.add(&symbols.cases, ".\(name)", raw)
        }
      }
    }
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    symbols.protocols.insert(node.name.text)
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    // A property or a global: a receiver may name it from anywhere.
    let isMember = node.parent?.is(MemberBlockItemSyntax.self) ?? false
    let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) ?? false
    if isMember || isGlobal {
      for binding in node.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        let declaration = terms.declaration(
          binding.id, type: binding.typeAnnotation?.type, value: binding.initializer?.value)
        symbols.variables[name, default: []].append(declaration)
        if let type = types.last {
          symbols.variables["\(type).\(name)", default: []].append(declaration)
        }
      }
    }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let value = binding.initializer?.value
      else { continue }
      if let text = SwiftExpressions.stringLiteral(value) {
        SwiftSymbols.add(&symbols.constants, name, text)
        if let type = types.last { SwiftSymbols.add(&symbols.constants, "\(type).\(name)", text) }
      } else if let parts = SwiftExpressions.concatenation(value) {
        // `prefix + "sound"`: known once every file's constants are.
        symbols.concatenations[name] = parts
        if let type = types.last { symbols.concatenations["\(type).\(name)"] = parts }
      }
    }
    return .visitChildren
  }

  /// `func flag(_ key: String) -> Bool { UserDefaults.standard.bool(forKey: key) }`.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let parameters = node.signature.parameterClause.parameters.map {
      ($0.secondName ?? $0.firstName).text
    }
    guard !parameters.isEmpty, let body = node.body else { return .visitChildren }
    let finder = ForwardedKeyFinder(parameters: parameters)
    finder.walk(body)
    if let (index, getter, receiver) = finder.found {
      symbols.wrappers[node.name.text] = .init(
        keyArgument: index, getter: getter, receiver: terms.term(receiver))
    }
    return .visitChildren
  }
}

/// Finds a read whose key is one of the function's parameters.
private final class ForwardedKeyFinder: SyntaxVisitor {
  let parameters: [String]
  var found: (Int, DefaultsGetter, ExprSyntax?)?

  init(parameters: [String]) {
    self.parameters = parameters
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard found == nil, let read = SwiftExpressions.read(node),
      let name = read.key.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let index = parameters.firstIndex(of: name)
    else { return .visitChildren }
    found = (index, read.getter, read.receiver)
    return .skipChildren
  }
}

/// Whether a body reads the defaults and casts what it reads (`object(forKey:
/// key.rawValue) as? T`), as Defaults-style wrappers do.
private final class CastingReadFinder: SyntaxVisitor {
  var casts = false

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    for index in elements.indices.dropLast()
    where elements[index + 1].is(UnresolvedAsExprSyntax.self) {
      if let call = elements[index].as(FunctionCallExprSyntax.self),
        let read = SwiftExpressions.read(call), read.getter == .object
      {
        casts = true
      }
    }
    return casts ? .skipChildren : .visitChildren
  }
}
