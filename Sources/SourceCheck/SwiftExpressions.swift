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

  /// The dictionary a variable registered by name holds: `let defaults = [K: V, …]`
  /// (or `… as [String: Any]`) in a scope around the call, and the entries
  /// `defaults[K] = V` adds there. At most ``maximumScopeStatements`` statements
  /// are looked at a call, so a file of registrations costs no more than its length
  /// times that.
  static func registeredVariable(_ name: String, at call: some SyntaxProtocol) -> (
    dictionary: DictionaryExprSyntax?, assignments: [(key: ExprSyntax, value: ExprSyntax)]
  ) {
    var current = call.parent
    var budget = maximumScopeStatements
    while let scope = current, budget > 0 {
      let items: [Syntax]
      if let block = scope.as(CodeBlockItemListSyntax.self) {
        items = block.prefix(budget).map { Syntax($0.item) }
      } else if let members = scope.as(MemberBlockItemListSyntax.self) {
        items = members.prefix(budget).map { Syntax($0.decl) }
      } else {
        current = scope.parent
        continue
      }
      budget -= items.count
      var dictionary: DictionaryExprSyntax?
      var assignments: [(key: ExprSyntax, value: ExprSyntax)] = []
      for item in items {
        if let variable = item.as(VariableDeclSyntax.self) {
          for binding in variable.bindings
          where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            if let value = binding.initializer?.value { dictionary = dictionaryLiteral(value) }
          }
        } else if let sequence = item.as(SequenceExprSyntax.self) {
          let elements = Array(sequence.elements)
          guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let subscriptCall = elements[0].as(SubscriptCallExprSyntax.self),
            subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
              == name,
            let key = subscriptCall.arguments.first?.expression
          else { continue }
          assignments.append((key, elements[2]))
        }
      }
      if dictionary != nil || !assignments.isEmpty { return (dictionary, assignments) }
      current = scope.parent
    }
    return (nil, [])
  }

  static let maximumScopeStatements = 1_024

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
