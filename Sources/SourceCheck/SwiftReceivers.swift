import SwiftSyntax
import Synchronization

/// What the receiver of `bool(forKey:)`, `set(_:forKey:)` or
/// `register(defaults:)` is, as far as the source tells without a type checker.
enum DefaultsReceiver: Sendable, Hashable {
  /// `UserDefaults.standard`, `.standard`, `UserDefaults()`, or a variable of type `UserDefaults`.
  case standard
  /// `UserDefaults(suiteName:)` of a name the code spells (a literal or a constant).
  case suite(String)
  /// `UserDefaults(suiteName:)` of a name built at run time: skipped, never guessed.
  case unknownSuite
  /// Provably not a `UserDefaults`: iCloud's `NSUbiquitousKeyValueStore`, a
  /// dictionary, a value declared with another type.
  case notDefaults
  /// Nothing tells: counted as the standard store, as most such code is.
  case unresolved

  /// Whether a use through this receiver is a use of the defaults.
  var isDefaults: Bool {
    switch self {
    case .standard, .suite, .unresolved: true
    case .unknownSuite, .notDefaults: false
    }
  }

  /// The suite a use is recorded with (nil: the standard store).
  var suiteName: String? {
    if case .suite(let name) = self { name } else { nil }
  }
}

/// A receiver as one file tells it, as plain data: what the expression
/// itself says, the declaration it names in its own file (found scope by
/// scope), and the names left for the whole tree's declarations to settle.
/// A property's or global's declaration is kept as one of these after its
/// file is parsed, so no file's syntax tree outlives its pass.
indirect enum ReceiverTerm: Sendable, Hashable {
  /// Known from the expression alone.
  case known(DefaultsReceiver)
  /// `UserDefaults(suiteName: name)`: the suite the name spells, once every
  /// file's constants are known (nil: a name built at run time).
  case suite(KeySpelling?)
  /// A value of a declared type (a cast, an annotation).
  case type(TypeVerdict)
  /// A declaration: its initializer (worked out one level deeper) says most,
  /// else its declared type.
  case declaration(value: ReceiverTerm?, type: TypeVerdict?)
  /// A declaration of a file's table (``ReceiverTerms/table``): declarations
  /// name each other, and themselves, through their tables.
  case declared(DeclarationReference)
  /// The tree's properties and globals of the first of these names declared anywhere.
  case global([String])
}

/// A declaration in a file's table: the file's place in the scan, or
/// ``ReceiverTerms/current`` for the table of the file being read.
struct DeclarationReference: Sendable, Hashable {
  var table: Int
  var index: Int
}

/// What a declared type makes a value: known from the type's text, or not
/// the defaults unless the app declares a protocol of that name.
enum TypeVerdict: Sendable, Hashable {
  case known(DefaultsReceiver)
  case unlessProtocol(String)
}

/// Works out receivers: the expression itself (`UserDefaults.standard`,
/// `UserDefaults(suiteName: kGroup)!`, `NSUbiquitousKeyValueStore.default`,
/// a dictionary literal), or the declaration of the variable, property,
/// constant or parameter it names, found by walking out of the use through
/// the enclosing scopes, then among the whole tree's declarations.
///
/// An expression is first turned into a ``ReceiverTerm`` with its own file's
/// syntax (``ReceiverTerms``), then settled with the whole tree's symbols.
/// Each step is remembered, so that the work is linear in the sources: a
/// scope's declarations are indexed by name the first time one is looked up
/// in it, and what a property or global resolves to is worked out once for
/// all files (``GlobalReceivers``), however many declarations share its name
/// and however many files name it.
final class SwiftReceivers {
  let symbols: SwiftSymbols
  let globals: GlobalReceivers
  /// This file's expressions as terms.
  let terms = ReceiverTerms(table: ReceiverTerms.current)
  private var settled = 0
  /// Expressions classified, declarations looked up and globals resolved: for tests of the work done.
  var steps: Int { terms.steps + settled }

  init(symbols: SwiftSymbols, globals: GlobalReceivers) {
    self.symbols = symbols
    self.globals = globals
  }

  /// The receiver an expression of this file is.
  func classify(_ expression: ExprSyntax?) -> DefaultsReceiver {
    let term = terms.term(expression)
    terms.finish()
    return settle(term, depth: 0)
  }

  /// The receiver a term is, with every file's symbols.
  func settle(_ term: ReceiverTerm, depth: Int) -> DefaultsReceiver {
    settled += 1
    guard depth < ReceiverTerms.maximumDepth else { return .unresolved }
    switch term {
    case .known(let receiver):
      return receiver
    case .suite(let spelling):
      return spelling.flatMap(symbols.key).map(DefaultsReceiver.suite) ?? .unknownSuite
    case .type(let verdict):
      return receiver(verdict)
    case .declaration(let value, let type):
      let fromValue = value.map { settle($0, depth: depth + 1) } ?? .unresolved
      guard fromValue == .unresolved, let type else { return fromValue }
      return receiver(type)
    case .declared(let reference):
      let table =
        reference.table == ReceiverTerms.current
        ? terms.table : symbols.declarations[reference.table] ?? []
      guard reference.index < table.count else { return .unresolved }
      return settle(table[reference.index], depth: depth)
    case .global(let names):
      for name in names {
        if let found = global(name, depth: depth) { return found }
      }
      return .unresolved
    }
  }

  private func receiver(_ verdict: TypeVerdict) -> DefaultsReceiver {
    switch verdict {
    case .known(let receiver): receiver
    case .unlessProtocol(let name): symbols.protocols.contains(name) ? .unresolved : .notDefaults
    }
  }

  /// The tree's declarations of a property or global named so; when they
  /// disagree the receiver cannot be told.
  private func global(_ name: String, depth: Int) -> DefaultsReceiver? {
    settled += 1
    guard let declarations = symbols.variables[name], !declarations.isEmpty else { return nil }
    let key = GlobalReceivers.Key(name: name, depth: depth)
    if let known = globals[key] { return known }
    let found = Set(declarations.map { settle($0, depth: depth) })
    let result = found.count == 1 ? found.first ?? .unresolved : .unresolved
    globals[key] = result
    return result
  }
}

/// Turns one file's expressions into ``ReceiverTerm``s: what the expression
/// says, and the declaration it names found scope by scope in its file; names
/// no scope declares are left for the whole tree. Each declaration a term
/// names is made a term once, into ``table``, however many terms name it;
/// ``finish()`` works out those still pending, one after another (a chain
/// of declarations each naming the next is not followed by recursion).
final class ReceiverTerms {
  /// Declarations followed past this many levels tell nothing.
  static let maximumDepth = 8
  /// The table number of the file being read in the last pass.
  static let current = -1
  /// Expressions classified, scopes searched and declarations indexed.
  private(set) var steps = 0
  /// The number ``DeclarationReference``s name this file's table by.
  let tableNumber: Int
  /// The declarations terms name, by ``DeclarationReference/index``.
  private(set) var table: [ReceiverTerm] = []
  /// Each declaration's place in the table.
  private var numbered: [SyntaxIdentifier: Int] = [:]
  /// Declarations numbered whose terms are still to be made.
  private var pending: [(index: Int, type: TypeSyntax?, value: ExprSyntax?)] = []

  init(table: Int) { tableNumber = table }
  /// Each scope's declarations, by name, the first of each.
  private var scopes: [SyntaxIdentifier: [String: Declaration]] = [:]

  /// A declaration a scope holds: a variable's binding or a bound condition.
  enum Declaration {
    case binding(PatternBindingSyntax)
    case condition(OptionalBindingConditionSyntax)
  }

  /// Type names that are provably not `UserDefaults`.
  static let otherTypes: Set<String> = [
    "NSUbiquitousKeyValueStore", "NSDictionary", "NSMutableDictionary", "Dictionary", "NSCache",
    "NSMapTable", "Array", "NSArray", "NSMutableArray", "String", "NSString", "URL", "Data",
  ]
  static let defaultsTypes: Set<String> = ["UserDefaults", "Foundation.UserDefaults"]

  /// An expression as a term; call ``finish()`` before the term is settled.
  func term(_ expression: ExprSyntax?) -> ReceiverTerm {
    steps += 1
    guard let expression else { return .known(.unresolved) }
    if let optional = expression.as(OptionalChainingExprSyntax.self) {
      return term(optional.expression)
    }
    if let forced = expression.as(ForceUnwrapExprSyntax.self) {
      return term(forced.expression)
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return term(only.expression)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      // `UserDefaults(suiteName: group) ?? .standard`: the store asked for first.
      let elements = Array(sequence.elements)
      if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
        return term(elements[0])
      }
      // `(table as NSDictionary)`: the parser leaves casts unfolded.
      if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
        let type = elements[2].as(TypeExprSyntax.self)?.type
      {
        return .type(Self.verdict(type))
      }
      return .known(.unresolved)
    }
    if expression.is(DictionaryExprSyntax.self) || expression.is(ArrayExprSyntax.self)
      || expression.is(StringLiteralExprSyntax.self)
    {
      return .known(.notDefaults)
    }
    if let call = expression.as(FunctionCallExprSyntax.self) { return term(call) }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return term(member)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if name == "self" { return .known(.unresolved) }
      return lookUp(name, from: Syntax(reference))
    }
    return .known(.unresolved)
  }

  /// `UserDefaults(suiteName: …)`, `UserDefaults()`, `NSUbiquitousKeyValueStore()`, `[String: Any]()`.
  private func term(_ call: FunctionCallExprSyntax) -> ReceiverTerm {
    let callee = call.calledExpression
    if callee.is(DictionaryExprSyntax.self) || callee.is(ArrayExprSyntax.self) {
      return .known(.notDefaults)
    }
    let text = callee.trimmedDescription
    if Self.defaultsTypes.contains(text) {
      guard let argument = call.arguments.first else { return .known(.standard) }
      guard argument.label?.text == "suiteName" else { return .known(.unresolved) }
      return .suite(SwiftExpressions.keySpelling(argument.expression))
    }
    let typeName = text.split(separator: "<").first.map(String.init) ?? text
    if Self.otherTypes.contains(typeName) { return .known(.notDefaults) }
    return .known(.unresolved)
  }

  private func term(_ member: MemberAccessExprSyntax) -> ReceiverTerm {
    let name = member.declName.baseName.text
    let base = member.base?.trimmedDescription
    if name == "standard", base == nil || Self.defaultsTypes.contains(base ?? "") {
      return .known(.standard)
    }
    if let base, Self.otherTypes.contains(base) { return .known(.notDefaults) }
    // `self.defaults`, `Self.store`: a property of the enclosing type.
    if base == nil || base == "self" || base == "Self" {
      return lookUp(name, from: Syntax(member))
    }
    if let base { return .global(["\(base).\(name)", name]) }
    return .known(.unresolved)
  }

  /// The declaration of `name` nearest the use, scope by scope, then any in the tree.
  private func lookUp(_ name: String, from node: Syntax) -> ReceiverTerm {
    var current = node.parent
    while let scope = current {
      if let found = declared(name, in: scope) { return found }
      current = scope.parent
    }
    return .global([name])
  }

  /// What a scope declares `name` as: statements and members, parameters, bound conditions.
  private func declared(_ name: String, in scope: Syntax) -> ReceiverTerm? {
    steps += 1
    if scope.is(CodeBlockItemListSyntax.self) || scope.is(MemberBlockItemListSyntax.self) {
      switch index(of: scope)[name] {
      case .binding(let binding):
        return declaration(
          binding.id, type: binding.typeAnnotation?.type, value: binding.initializer?.value)
      case .condition(let binding):
        return declaration(
          binding.id, type: binding.typeAnnotation?.type, value: binding.initializer?.value)
      case nil: return nil
      }
    } else if let conditions = scope.as(IfExprSyntax.self)?.conditions
      ?? scope.as(WhileStmtSyntax.self)?.conditions
    {
      return declared(name, in: conditions)
    } else if let parameters = scope.as(FunctionDeclSyntax.self)?.signature.parameterClause
      .parameters ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
    {
      for parameter in parameters where (parameter.secondName ?? parameter.firstName).text == name {
        return declaration(
          parameter.id, type: parameter.type, value: parameter.defaultValue?.value)
      }
    }
    return nil
  }

  /// The declarations of a list of statements or members by name, the first
  /// of each, as a walk of the list finds them; made once a scope.
  private func index(of scope: Syntax) -> [String: Declaration] {
    if let known = scopes[scope.id] { return known }
    var found: [String: Declaration] = [:]
    var items = 0
    defer { steps += items }
    func add(_ variable: VariableDeclSyntax) {
      items += 1
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          found[name] == nil
        else { continue }
        found[name] = .binding(binding)
      }
    }
    if let list = scope.as(CodeBlockItemListSyntax.self) {
      for item in list {
        items += 1
        if let variable = item.item.as(VariableDeclSyntax.self) { add(variable) }
        if let guardStatement = item.item.as(GuardStmtSyntax.self) {
          for condition in guardStatement.conditions {
            guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              found[name] == nil
            else { continue }
            found[name] = .condition(binding)
          }
        }
      }
    } else if let members = scope.as(MemberBlockItemListSyntax.self) {
      for member in members {
        items += 1
        if let variable = member.decl.as(VariableDeclSyntax.self) { add(variable) }
      }
    }
    scopes[scope.id] = found
    return found
  }

  private func declared(_ name: String, in conditions: ConditionElementListSyntax)
    -> ReceiverTerm?
  {
    for condition in conditions {
      guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      else { continue }
      return declaration(
        binding.id, type: binding.typeAnnotation?.type, value: binding.initializer?.value)
    }
    return nil
  }

  /// A declaration (`node`) as its place in the table, numbered the first
  /// time it is named; its term is made by ``finish()``.
  func declaration(_ node: SyntaxIdentifier, type: TypeSyntax?, value: ExprSyntax?)
    -> ReceiverTerm
  {
    if let index = numbered[node] {
      return .declared(DeclarationReference(table: tableNumber, index: index))
    }
    let index = table.count
    numbered[node] = index
    table.append(.known(.unresolved))
    pending.append((index, type, value))
    return .declared(DeclarationReference(table: tableNumber, index: index))
  }

  /// Makes the terms of the declarations named since the last call (and of
  /// those their initializers name).
  func finish() {
    while let next = pending.popLast() {
      table[next.index] = .declaration(
        value: next.value.map { term($0) }, type: next.type.map(Self.verdict))
    }
  }

  /// `UserDefaults` (optional or not) is the defaults; a dictionary, an array,
  /// or any other type the app does not declare as a protocol is not.
  static func verdict(_ type: TypeSyntax) -> TypeVerdict {
    var type = type
    while true {
      if let optional = type.as(OptionalTypeSyntax.self) {
        type = optional.wrappedType
      } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        type = unwrapped.wrappedType
      } else if let attributed = type.as(AttributedTypeSyntax.self) {
        type = attributed.baseType
      } else {
        break
      }
    }
    if type.is(DictionaryTypeSyntax.self) || type.is(ArrayTypeSyntax.self) {
      return .known(.notDefaults)
    }
    let text = type.trimmedDescription
    if defaultsTypes.contains(text) { return .known(.standard) }
    let name = text.split(separator: "<").first.map(String.init) ?? text
    if ["Any", "AnyObject", "NSObject"].contains(name) || text.hasPrefix("any ")
      || text.hasPrefix("some ")
    {
      return .known(.unresolved)
    }
    return .unlessProtocol(name)
  }
}

/// What the properties and globals of the whole tree resolve to, by name and
/// by the depth the lookup starts at (the depth bounds the recursion, so the
/// answer may differ between depths, never between files). Shared by the
/// collectors of every file on every thread.
final class GlobalReceivers: Sendable {
  struct Key: Hashable, Sendable {
    var name: String
    var depth: Int
  }

  private let resolved = Mutex<[Key: DefaultsReceiver]>([:])

  subscript(key: Key) -> DefaultsReceiver? {
    get { resolved.withLock { $0[key] } }
    set { resolved.withLock { $0[key] = newValue } }
  }
}
