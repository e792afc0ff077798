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
      if ["", "Self", "self"].contains(base) { return .constant(name) }
      return .constant("\(base).\(name)")
    }
    return nil
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
}
