import SwiftSyntax

/// Reading values out of Swift expressions: literals, and the shapes of
/// `UserDefaults` calls.
enum SwiftExpressions {
  /// The text of a string literal without interpolation.
  static func stringLiteral(_ expression: ExprSyntax) -> String? {
    expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
  }

  /// How an expression spells a key, to be looked up once every file's
  /// symbols are known: a literal, a constant (`kSound`, `Keys.volume`; `Self.`
  /// and `self.` name it as declared), or a string enum's `rawValue`.
  static func keySpelling(_ expression: ExprSyntax) -> KeySpelling? {
    if let text = stringLiteral(expression) { return .literal(text) }
    if let parts = concatenation(expression) { return .concatenation(parts) }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return .constant(reference.baseName.text)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      // `Keys.theme.rawValue`, `.theme.rawValue`
      if name == "rawValue", let base = member.base?.as(MemberAccessExprSyntax.self) {
        return .enumCase("\(base.base?.trimmedDescription ?? "").\(base.declName.baseName.text)")
      }
      let base = member.base?.trimmedDescription ?? ""
      // `.theme`: a constant of the contextual type, or a case of a string enum.
      if member.base == nil { return .implicitMember(name) }
      if ["Self", "self"].contains(base) { return .constant(name) }
      return .constant("\(base).\(name)")
    }
    return nil
  }

  /// The parts of `a + "b" + C.d`, each a literal or a name; nil for anything
  /// else (an interpolation, a call, another operator).
  static func concatenation(_ expression: ExprSyntax) -> [KeySpelling]? {
    guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count >= 3, elements.count % 2 == 1, elements.count <= 33 else { return nil }
    var parts: [KeySpelling] = []
    for (index, element) in elements.enumerated() {
      if index % 2 == 1 {
        guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
      } else {
        guard let part = keySpelling(element) else { return nil }
        parts.append(part)
      }
    }
    return parts
  }

  /// A literal value: a boolean, a number (with a leading minus), a string.
  static func literal(_ expression: ExprSyntax) -> SourceLiteral? {
    if let flag = expression.as(BooleanLiteralExprSyntax.self) {
      return .bool(flag.literal.tokenKind == .keyword(.true))
    }
    if let text = stringLiteral(expression) { return .string(text) }
    var negative = false
    var expression = expression
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      negative = true
      expression = prefix.expression
    }
    if let integer = expression.as(IntegerLiteralExprSyntax.self) {
      let digits = integer.literal.text.replacingOccurrences(of: "_", with: "")
      let value: Int64? =
        if digits.hasPrefix("0x") { Int64(digits.dropFirst(2), radix: 16) } else {
          Int64(digits)
        }
      return value.map { .integer(negative ? -$0 : $0) }
    }
    if let real = expression.as(FloatLiteralExprSyntax.self),
      let value = Double(real.literal.text.replacingOccurrences(of: "_", with: ""))
    {
      return .real(negative ? -value : value)
    }
    return nil
  }

  /// A read: `<receiver>.bool(forKey: key)` and the other getters.
  static func read(_ call: FunctionCallExprSyntax) -> (
    getter: DefaultsGetter, key: ExprSyntax, receiver: ExprSyntax?
  )? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let getter = DefaultsGetter(method: member.declName.baseName.text),
      call.arguments.count == 1, let argument = call.arguments.first,
      argument.label?.text == "forKey"
    else { return nil }
    return (getter, argument.expression, member.base)
  }

  /// A getter called on `self` without naming it (`integer(forKey: k)`), as a
  /// method or property of `extension UserDefaults` does.
  static func bareRead(_ call: FunctionCallExprSyntax) -> (getter: DefaultsGetter, key: ExprSyntax)?
  {
    guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
      let getter = DefaultsGetter(method: reference.baseName.text),
      call.arguments.count == 1, let argument = call.arguments.first,
      argument.label?.text == "forKey", isInsideDefaultsType(call)
    else { return nil }
    return (getter, argument.expression)
  }

  /// `set(value, forKey: k)` on `self` in `extension UserDefaults`.
  static func bareWrite(_ call: FunctionCallExprSyntax) -> (value: ExprSyntax, key: ExprSyntax)? {
    guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
      reference.baseName.text == "set", call.arguments.count == 2,
      let first = call.arguments.first, first.label == nil,
      let second = call.arguments.last, second.label?.text == "forKey",
      isInsideDefaultsType(call)
    else { return nil }
    return (first.expression, second.expression)
  }

  /// Whether the node is in `extension UserDefaults` (or `NSUserDefaults`), or
  /// a class that inherits from it, where `self` is the defaults. The walk up is
  /// as deep as the nesting the parser was given (see `SwiftNesting`).
  static func isInsideDefaultsType(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let scope = current {
      if let extensionDecl = scope.as(ExtensionDeclSyntax.self) {
        return defaultsTypeNames.contains(extensionDecl.extendedType.trimmedDescription)
      }
      if let classDecl = scope.as(ClassDeclSyntax.self) {
        return classDecl.inheritanceClause?.inheritedTypes.contains {
          defaultsTypeNames.contains($0.type.trimmedDescription)
        } ?? false
      }
      if scope.is(StructDeclSyntax.self) || scope.is(EnumDeclSyntax.self)
        || scope.is(ActorDeclSyntax.self) || scope.is(ProtocolDeclSyntax.self)
      {
        return false
      }
      current = scope.parent
    }
    return false
  }

  static let defaultsTypeNames: Set<String> = [
    "UserDefaults", "Foundation.UserDefaults", "NSUserDefaults",
  ]

  /// A write: `<receiver>.set(value, forKey: key)` (and `setValue(_:forKey:)`).
  static func write(_ call: FunctionCallExprSyntax) -> (
    value: ExprSyntax, key: ExprSyntax, receiver: ExprSyntax?
  )? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      ["set", "setValue"].contains(member.declName.baseName.text), call.arguments.count == 2,
      let first = call.arguments.first, first.label == nil,
      let second = call.arguments.last, second.label?.text == "forKey"
    else { return nil }
    return (first.expression, second.expression, member.base)
  }

  /// The entries a variable registered by name holds, or nil when they
  /// cannot all be read: declared in a scope around the call as a dictionary
  /// literal (`[K: V, …]`, `[:]`, `… as [String: Any]`) or an empty
  /// `[String: Any]()`, then filled before the call with `d[K] = V`,
  /// `d.updateValue(V, forKey: K)` or `d.merge([K: V, …])`. Any other mention
  /// of it (passed to a function, merged with another dictionary, a property
  /// set elsewhere) leaves keys nobody can name. At most
  /// ``maximumScopeStatements`` statements are looked at a call, so a file of
  /// registrations costs no more than its length times that.
  static func registeredVariable(_ name: String, at call: some SyntaxProtocol)
    -> [(key: ExprSyntax, value: ExprSyntax)]?
  {
    var current = Syntax(call)
    var budget = maximumScopeStatements
    var later: [Syntax] = []
    while let scope = current.parent, budget > 0 {
      defer { current = scope }
      let items: [Syntax]
      if let block = scope.as(CodeBlockItemListSyntax.self) {
        // The statements before the one holding the call (found in constant time).
        guard let item = current.as(CodeBlockItemSyntax.self), let end = block.index(of: item)
        else { return nil }
        items = block[..<end].suffix(budget).map { Syntax($0.item) }
      } else if let members = scope.as(MemberBlockItemListSyntax.self) {
        // A property: read whole only when it is a constant.
        for member in members.prefix(budget) {
          guard let variable = member.decl.as(VariableDeclSyntax.self),
            let binding = variable.bindings.first(where: { isBinding($0, of: name) })
          else { continue }
          guard variable.bindingSpecifier.tokenKind == .keyword(.let),
            let value = binding.initializer?.value
          else { return nil }
          return initialEntries(value)
        }
        return nil
      } else {
        // A parameter of that name is filled by the caller: its keys are not known here.
        let parameters =
          scope.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
          ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
        if parameters?.contains(where: { ($0.secondName ?? $0.firstName).text == name }) == true {
          return nil
        }
        continue
      }
      budget -= items.count
      for (offset, item) in items.enumerated().reversed() {
        guard let variable = item.as(VariableDeclSyntax.self),
          let binding = variable.bindings.first(where: { isBinding($0, of: name) })
        else { continue }
        guard let value = binding.initializer?.value, var entries = initialEntries(value) else {
          return nil
        }
        let statements = items[(offset + 1)...] + later
        // Each registration reads a bounded stretch of code, so that many
        // registrations after one long statement cost no more than the file's length.
        guard statements.reduce(0, { $0 + $1.totalLength.utf8Length }) <= maximumFillBytes else {
          return nil
        }
        for statement in statements {
          guard let more = fills(of: name, in: statement) else { return nil }
          entries += more
        }
        return entries
      }
      later = items + later
    }
    return nil
  }

  private static func isBinding(_ binding: PatternBindingSyntax, of name: String) -> Bool {
    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
  }

  /// The entries a variable starts with: a literal, or an empty dictionary made by a call.
  private static func initialEntries(_ value: ExprSyntax) -> [(key: ExprSyntax, value: ExprSyntax)]?
  {
    if let dictionary = dictionaryLiteral(value) { return literalEntries(dictionary) }
    // `[String: Any]()`, `Dictionary<String, Any>()`
    if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      call.trailingClosure == nil,
      call.calledExpression.is(DictionaryExprSyntax.self)
        || call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression
          .trimmedDescription == "Dictionary"
    {
      return []
    }
    return nil
  }

  /// The entries of a literal; `[:]` has none.
  static func literalEntries(_ dictionary: DictionaryExprSyntax) -> [(
    key: ExprSyntax, value: ExprSyntax
  )] {
    guard case .elements(let elements) = dictionary.content else { return [] }
    return elements.map { ($0.key, $0.value) }
  }

  /// What one statement adds to the variable: nil when it mentions the
  /// variable in a way not followed.
  private static func fills(of name: String, in statement: Syntax) -> [(
    key: ExprSyntax, value: ExprSyntax
  )]? {
    let finder = ReferenceFinder(name: name)
    finder.walk(statement)
    var entries: [(key: ExprSyntax, value: ExprSyntax)] = []
    for reference in finder.references {
      guard let parent = reference.parent else { return nil }
      // `d[K] = V`
      if let subscriptCall = parent.as(SubscriptCallExprSyntax.self),
        let sequence = subscriptCall.parent?.parent?.as(SequenceExprSyntax.self)
      {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[0].id == subscriptCall.id,
          elements[1].is(AssignmentExprSyntax.self), subscriptCall.arguments.count == 1,
          let key = subscriptCall.arguments.first?.expression
        else { return nil }
        entries.append((key, elements[2]))
        continue
      }
      guard let member = parent.as(MemberAccessExprSyntax.self),
        let call = member.parent?.as(FunctionCallExprSyntax.self)
      else { return nil }
      let arguments = Array(call.arguments)
      switch member.declName.baseName.text {
      case "updateValue":
        guard arguments.count == 2, arguments[0].label == nil,
          arguments[1].label?.text == "forKey"
        else { return nil }
        entries.append((arguments[1].expression, arguments[0].expression))
      case "merge":
        guard let first = arguments.first, first.label == nil,
          let dictionary = dictionaryLiteral(first.expression)
        else { return nil }
        entries += literalEntries(dictionary)
      default: return nil
      }
    }
    return entries
  }

  static let maximumScopeStatements = 1_024

  /// The most source bytes between a variable's declaration and its
  /// registration that are read for what fills it; past that it is not read.
  static let maximumFillBytes = 64 * 1_024

  /// A dictionary literal, also when cast (`[…] as [String: Any]`).
  static func dictionaryLiteral(_ expression: ExprSyntax) -> DictionaryExprSyntax? {
    if let dictionary = expression.as(DictionaryExprSyntax.self) { return dictionary }
    if let cast = expression.as(AsExprSyntax.self) { return dictionaryLiteral(cast.expression) }
    if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first,
      sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
    {
      return first.as(DictionaryExprSyntax.self)
    }
    return nil
  }
}

/// Every reference to a name in a statement, closures and nested blocks included.
private final class ReferenceFinder: SyntaxVisitor {
  let name: String
  var references: [DeclReferenceExprSyntax] = []

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if node.baseName.text == name,
      node.parent?.as(MemberAccessExprSyntax.self)?.declName.id
        != node.id
    {
      references.append(node)
    }
    return .skipChildren
  }
}
