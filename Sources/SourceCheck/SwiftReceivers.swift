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

/// Works out receivers: the expression itself (`UserDefaults.standard`,
/// `UserDefaults(suiteName: kGroup)!`, `NSUbiquitousKeyValueStore.default`,
/// a dictionary literal), or the declaration of the variable, property,
/// constant or parameter it names, found by walking out of the use through
/// the enclosing scopes, then among the whole tree's declarations.
///
/// Each step is remembered, so that the work is linear in the sources: a
/// scope's declarations are indexed by name the first time one is looked up
/// in it, and what a property or global resolves to is worked out once for
/// all files (``GlobalReceivers``), however many declarations share its name
/// and however many files name it.
final class SwiftReceivers {
  let symbols: SwiftSymbols
  /// The suite name an expression spells (a literal or a string constant).
  let name: (ExprSyntax) -> String?
  let globals: GlobalReceivers
  /// Expressions classified, declarations looked up and globals resolved: for tests of the work done.
  private(set) var steps = 0
  /// Each scope's declarations, by name, the first of each.
  private var scopes: [SyntaxIdentifier: [String: Declaration]] = [:]

  /// A declaration a scope holds: a variable's binding or a bound condition.
  enum Declaration {
    case binding(PatternBindingSyntax)
    case condition(OptionalBindingConditionSyntax)
  }

  init(symbols: SwiftSymbols, globals: GlobalReceivers, name: @escaping (ExprSyntax) -> String?) {
    self.symbols = symbols
    self.globals = globals
    self.name = name
  }

  /// Type names that are provably not `UserDefaults`.
  static let otherTypes: Set<String> = [
    "NSUbiquitousKeyValueStore", "NSDictionary", "NSMutableDictionary", "Dictionary", "NSCache",
    "NSMapTable", "Array", "NSArray", "NSMutableArray", "String", "NSString", "URL", "Data",
  ]
  static let defaultsTypes: Set<String> = ["UserDefaults", "Foundation.UserDefaults"]

  func classify(_ expression: ExprSyntax?, depth: Int = 0) -> DefaultsReceiver {
    steps += 1
    guard let expression, depth < 8 else { return .unresolved }
    if let optional = expression.as(OptionalChainingExprSyntax.self) {
      return classify(optional.expression, depth: depth)
    }
    if let forced = expression.as(ForceUnwrapExprSyntax.self) {
      return classify(forced.expression, depth: depth)
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return classify(only.expression, depth: depth)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      // `UserDefaults(suiteName: group) ?? .standard`: the store asked for first.
      let elements = Array(sequence.elements)
      if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
        return classify(elements[0], depth: depth)
      }
      // `(table as NSDictionary)`: the parser leaves casts unfolded.
      if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
        let type = elements[2].as(TypeExprSyntax.self)?.type
      {
        return Self.receiver(type: type, protocols: symbols.protocols)
      }
      return .unresolved
    }
    if expression.is(DictionaryExprSyntax.self) || expression.is(ArrayExprSyntax.self)
      || expression.is(StringLiteralExprSyntax.self)
    {
      return .notDefaults
    }
    if let call = expression.as(FunctionCallExprSyntax.self) { return classify(call) }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return classify(member, depth: depth)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if name == "self" { return .unresolved }
      return lookUp(name, from: Syntax(reference), depth: depth)
    }
    return .unresolved
  }

  /// `UserDefaults(suiteName: …)`, `UserDefaults()`, `NSUbiquitousKeyValueStore()`, `[String: Any]()`.
  private func classify(_ call: FunctionCallExprSyntax) -> DefaultsReceiver {
    let callee = call.calledExpression
    if callee.is(DictionaryExprSyntax.self) || callee.is(ArrayExprSyntax.self) {
      return .notDefaults
    }
    let text = callee.trimmedDescription
    if Self.defaultsTypes.contains(text) {
      guard let argument = call.arguments.first else { return .standard }
      guard argument.label?.text == "suiteName" else { return .unresolved }
      return name(argument.expression).map(DefaultsReceiver.suite) ?? .unknownSuite
    }
    let typeName = text.split(separator: "<").first.map(String.init) ?? text
    if Self.otherTypes.contains(typeName) { return .notDefaults }
    return .unresolved
  }

  private func classify(_ member: MemberAccessExprSyntax, depth: Int) -> DefaultsReceiver {
    let name = member.declName.baseName.text
    let base = member.base?.trimmedDescription
    if name == "standard", base == nil || Self.defaultsTypes.contains(base ?? "") {
      return .standard
    }
    if let base, Self.otherTypes.contains(base) { return .notDefaults }
    // `self.defaults`, `Self.store`: a property of the enclosing type.
    if base == nil || base == "self" || base == "Self" {
      return lookUp(name, from: Syntax(member), depth: depth)
    }
    if let base {
      return global("\(base).\(name)", depth: depth) ?? global(name, depth: depth) ?? .unresolved
    }
    return .unresolved
  }

  /// The declaration of `name` nearest the use, scope by scope, then any in the tree.
  private func lookUp(_ name: String, from node: Syntax, depth: Int) -> DefaultsReceiver {
    var current = node.parent
    while let scope = current {
      if let found = declared(name, in: scope, depth: depth) { return found }
      current = scope.parent
    }
    return global(name, depth: depth) ?? .unresolved
  }

  /// What a scope declares `name` as: statements and members, parameters, bound conditions.
  private func declared(_ name: String, in scope: Syntax, depth: Int) -> DefaultsReceiver? {
    steps += 1
    if scope.is(CodeBlockItemListSyntax.self) || scope.is(MemberBlockItemListSyntax.self) {
      switch index(of: scope)[name] {
      case .binding(let binding):
        return receiver(
          type: binding.typeAnnotation?.type, value: binding.initializer?.value, depth: depth)
      case .condition(let binding):
        return receiver(
          type: binding.typeAnnotation?.type, value: binding.initializer?.value, depth: depth)
      case nil: return nil
      }
    } else if let conditions = scope.as(IfExprSyntax.self)?.conditions
      ?? scope.as(WhileStmtSyntax.self)?.conditions
    {
      return declared(name, in: conditions, depth: depth)
    } else if let parameters = scope.as(FunctionDeclSyntax.self)?.signature.parameterClause
      .parameters ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
    {
      for parameter in parameters where (parameter.secondName ?? parameter.firstName).text == name {
        return receiver(type: parameter.type, value: parameter.defaultValue?.value, depth: depth)
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

  private func declared(_ name: String, in conditions: ConditionElementListSyntax, depth: Int)
    -> DefaultsReceiver?
  {
    for condition in conditions {
      guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      else { continue }
      return receiver(
        type: binding.typeAnnotation?.type, value: binding.initializer?.value, depth: depth)
    }
    return nil
  }

  /// A declaration's receiver: its initializer says most, else its declared type.
  func receiver(type: TypeSyntax?, value: ExprSyntax?, depth: Int) -> DefaultsReceiver {
    let fromValue = value.map { classify($0, depth: depth + 1) } ?? .unresolved
    guard fromValue == .unresolved, let type else { return fromValue }
    return Self.receiver(type: type, protocols: symbols.protocols)
  }

  /// `UserDefaults` (optional or not) is the defaults; a dictionary, an array,
  /// or any other type the app does not declare as a protocol is not.
  static func receiver(type: TypeSyntax, protocols: Set<String>) -> DefaultsReceiver {
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
    if type.is(DictionaryTypeSyntax.self) || type.is(ArrayTypeSyntax.self) { return .notDefaults }
    let text = type.trimmedDescription
    if defaultsTypes.contains(text) { return .standard }
    let name = text.split(separator: "<").first.map(String.init) ?? text
    if ["Any", "AnyObject", "NSObject"].contains(name) || protocols.contains(name)
      || text.hasPrefix("any ") || text.hasPrefix("some ")
    {
      return .unresolved
    }
    return .notDefaults
  }

  /// The tree's declarations of a property or global named so; when they
  /// disagree the receiver cannot be told.
  private func global(_ name: String, depth: Int) -> DefaultsReceiver? {
    steps += 1
    guard let declarations = symbols.variables[name], !declarations.isEmpty else { return nil }
    let key = GlobalReceivers.Key(name: name, depth: depth)
    if let known = globals[key] { return known }
    let found = Set(
      declarations.map {
        receiver(type: $0.typeAnnotation?.type, value: $0.initializer?.value, depth: depth)
      })
    let result = found.count == 1 ? found.first ?? .unresolved : .unresolved
    globals[key] = result
    return result
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
