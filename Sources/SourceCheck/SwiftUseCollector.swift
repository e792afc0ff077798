import Plist
import SwiftSyntax

/// The second pass over one Swift file: every use of a key the symbols resolve.
final class SwiftUseCollector: SyntaxVisitor {
  let symbols: SwiftSymbols
  let globals: GlobalReceivers
  let file: String
  let converter: SourceLocationConverter
  let lines: [Substring]
  var uses: [KeyUse] = []
  var runtimeRegistrations: [RuntimeRegistration] = []
  var unreadRegistrations: [UnreadRegistration] = []
  /// The bodies found to register `Root.plist`'s defaults, visited before what they hold.
  private var rootPlistWalks: [Range<AbsolutePosition>] = []
  var registersGeneratedKeys = false
  /// The literal after `??` of a read, by the read's node.
  private var fallbacks: [SyntaxIdentifier: SourceLiteral] = [:]

  init(
    symbols: SwiftSymbols, globals: GlobalReceivers, file: String, tree: SourceFileSyntax,
    text: String
  ) {
    self.symbols = symbols
    self.globals = globals
    self.file = file
    converter = SourceLocationConverter(fileName: file, tree: tree)
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    super.init(viewMode: .sourceAccurate)
  }

  /// The key an expression spells, if it can be known without running the code.
  func key(_ expression: ExprSyntax) -> String? {
    SwiftExpressions.keySpelling(expression).flatMap(symbols.key)
  }

  /// A value given by a string constant (`let`, `static let`, `Keys.x.rawValue`),
  /// resolved as keys are; `.x` alone may be an enum's case, not its raw value.
  func constant(_ expression: ExprSyntax) -> SourceLiteral? {
    guard let spelling = SwiftExpressions.keySpelling(expression) else { return nil }
    if case .implicitMember = spelling { return nil }
    return symbols.key(spelling).map(SourceLiteral.string)
  }

  func place(_ node: some SyntaxProtocol) -> SourcePlace {
    let location = node.startLocation(converter: converter)
    let lineText = location.line - 1 < lines.count ? String(lines[location.line - 1]) : ""
    // Columns count Unicode scalars, as the carets of every other finding do.
    let prefix = lineText.utf8.prefix(max(0, location.column - 1))
    let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
    return SourcePlace(file: file, line: location.line, column: column, lineText: lineText)
  }

  /// The type a read is cast to (`object(forKey: k) as? Int`), by the read's node.
  private var casts: [SyntaxIdentifier: DefaultsGetter] = [:]
  /// Reads compared with nil: tests of presence, not reads of a type.
  private var presenceTests: Set<SyntaxIdentifier> = []

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    // The parser leaves `a as? T ?? b` and `a == nil` unfolded: [a, as?, T, ??, b].
    let elements = Array(node.elements)
    func call(_ index: Int) -> FunctionCallExprSyntax? {
      guard elements.indices.contains(index) else { return nil }
      let element = elements[index]
      if let tuple = element.as(TupleExprSyntax.self), tuple.elements.count == 1,
        let only = tuple.elements.first, only.label == nil
      {
        // `(read as? T) ?? x`: the cast inside the parentheses.
        if let inner = only.expression.as(SequenceExprSyntax.self),
          inner.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
          return inner.elements.first?.as(FunctionCallExprSyntax.self)
        }
        return only.expression.as(FunctionCallExprSyntax.self)
      }
      return element.as(FunctionCallExprSyntax.self)
    }
    for index in elements.indices.dropFirst().dropLast() {
      if elements[index].is(UnresolvedAsExprSyntax.self), let read = call(index - 1),
        let type = elements[index + 1].as(TypeExprSyntax.self)
      {
        if let getter = DefaultsGetter(declaredType: type.type.trimmedDescription) {
          casts[read.id] = getter
        } else {
          // A cast to a type the defaults do not store as such (NSNumber, an enum): no type read.
          presenceTests.insert(read.id)
        }
        continue
      }
      guard let operation = elements[index].as(BinaryOperatorExprSyntax.self) else { continue }
      switch operation.operator.text {
      case "??":
        // `read ?? x`, `read as? T ?? x`, `(read as? T) ?? x`
        let read =
          call(index - 1)
          ?? (index >= 3 && elements[index - 2].is(UnresolvedAsExprSyntax.self)
            ? call(index - 3) : nil)
        if let read, let fallback = SwiftExpressions.literal(elements[index + 1]) {
          fallbacks[read.id] = fallback
        }
      case "==", "!=":
        if elements[index + 1].is(NilLiteralExprSyntax.self), let read = call(index - 1) {
          presenceTests.insert(read.id)
        } else if elements[index - 1].is(NilLiteralExprSyntax.self), let read = call(index + 1) {
          presenceTests.insert(read.id)
        }
      default: continue
      }
    }
    return .visitChildren
  }

  /// What a read does: a test of presence, a cast, or the getter's own read.
  private func readAction(_ node: FunctionCallExprSyntax, getter: DefaultsGetter) -> KeyUse.Action {
    if presenceTests.contains(node.id) { return .read(.object, fallback: nil) }
    if let cast = casts[node.id], getter == .object {
      return .cast(cast, fallback: fallbacks[node.id])
    }
    return .read(getter, fallback: fallbacks[node.id] ?? zeroFallback(of: node))
  }

  /// `var x = d.integer(forKey: k)` then `if x == 0 { x = 5 }`: the code falls back to
  /// 5 itself, as `?? 5` does.
  private func zeroFallback(of read: FunctionCallExprSyntax) -> SourceLiteral? {
    guard
      let binding = read.parent?.as(InitializerClauseSyntax.self)?.parent?
        .as(PatternBindingSyntax.self),
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let item = binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?
        .as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self),
      let position = list.index(of: item)
    else { return nil }
    let next = list.index(after: position)
    guard next != list.endIndex,
      let test = list[next].item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
        ?? list[next].item.as(IfExprSyntax.self),
      test.elseBody == nil, test.conditions.count == 1,
      let condition = test.conditions.first?.condition.as(ExprSyntax.self)?
        .as(SequenceExprSyntax.self),
      condition.elements.map(\.trimmedDescription) == [name, "==", "0"],
      test.body.statements.count == 1,
      let assignment = test.body.statements.first?.item.as(SequenceExprSyntax.self)
        ?? test.body.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression
        .as(SequenceExprSyntax.self)
    else { return nil }
    let parts = Array(assignment.elements)
    guard parts.count == 3, parts[0].trimmedDescription == name,
      parts[1].is(AssignmentExprSyntax.self)
    else { return nil }
    return SwiftExpressions.literal(parts[2])
  }

  /// The steps the receivers took (see ``SwiftReceivers/steps``).
  var receiverSteps: Int { receivers.steps }

  /// The receivers of this tree, resolved with the whole tree's symbols.
  lazy var receivers = SwiftReceivers(symbols: symbols, globals: globals)

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let read = SwiftExpressions.read(node), let key = key(read.key) {
      let receiver = receivers.classify(read.receiver)
      // `value(forKey:)` is key-value coding on any object: only a known store counts.
      let isCoding =
        node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "value"
      if receiver.isDefaults, !(isCoding && receiver == .unresolved) {
        uses.append(
          KeyUse(
            key: key, action: readAction(node, getter: read.getter),
            place: place(node), suite: receiver.suiteName))
      }
    } else if let write = SwiftExpressions.write(node), let key = key(write.key) {
      let receiver = receivers.classify(write.receiver)
      // `setValue(_:forKey:)` is key-value coding on any object: only a store
      // known to be the defaults counts.
      let isCoding =
        node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        == "setValue"
      if receiver.isDefaults, !(isCoding && receiver == .unresolved) {
        uses.append(
          KeyUse(
            key: key, action: .write(SwiftExpressions.literal(write.value)), place: place(node),
            suite: receiver.suiteName))
      }
    } else if let read = SwiftExpressions.bareRead(node), let key = key(read.key) {
      uses.append(
        KeyUse(key: key, action: readAction(node, getter: read.getter), place: place(node)))
    } else if let write = SwiftExpressions.bareWrite(node), let key = key(write.key) {
      uses.append(
        KeyUse(key: key, action: .write(SwiftExpressions.literal(write.value)), place: place(node)))
    } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      if name == "register", let argument = node.arguments.first,
        argument.label?.text == "defaults"
      {
        let receiver = receivers.classify(member.base)
        if receiver.isDefaults {
          let entries: [(key: ExprSyntax, value: ExprSyntax)]?
          if let dictionary = SwiftExpressions.dictionaryLiteral(argument.expression) {
            entries = SwiftExpressions.literalEntries(dictionary)
          } else if let variable = argument.expression.as(DeclReferenceExprSyntax.self) {
            // `register(defaults: defaults)`, the dictionary built just before.
            entries = SwiftExpressions.registeredVariable(variable.baseName.text, at: node)
          } else {
            entries = nil
          }
          let keys = entries?.map { key($0.key) }
          if let entries, let keys, !keys.contains(nil) {
            for ((keyExpression, value), key) in zip(entries, keys) {
              guard let key else { continue }
              uses.append(
                KeyUse(
                  key: key, action: .register(SwiftExpressions.literal(value) ?? constant(value)),
                  place: place(keyExpression), suite: receiver.suiteName))
            }
          } else if !rootPlistWalks.contains(where: { $0.contains(node.position) }) {
            // Keys nobody can name: no key is known to be left unregistered.
            // (In a walk of Root.plist the keys are the bundle's: a runtime registration.)
            unreadRegistrations.append(
              UnreadRegistration(place: place(node), suite: receiver.suiteName))
          }
        }
      } else if name == "registerDefaults", member.base != nil,
        node.arguments.allSatisfy({ $0.label?.text == "in" })
      {
        registersGeneratedKeys = true
      }
    } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
      let wrapper = symbols.wrappers[reference.baseName.text],
      wrapper.keyArgument < node.arguments.count
    {
      let argument = node.arguments[
        node.arguments.index(node.arguments.startIndex, offsetBy: wrapper.keyArgument)]
      let receiver = receivers.settle(wrapper.receiver, depth: 0)
      if let key = key(argument.expression), receiver.isDefaults {
        uses.append(
          KeyUse(
            key: key, action: readAction(node, getter: wrapper.getter),
            place: place(node), suite: receiver.suiteName))
      }
    }
    if let generic = node.calledExpression.as(GenericSpecializationExprSyntax.self) {
      declaration(node, generic: generic)
    }
    return .visitChildren
  }

  /// `Defaults.Key<Bool>("key", default: true)`, `SettingsKey<Bool>("key", defaultValue: true, …)`.
  private func declaration(_ node: FunctionCallExprSyntax, generic: GenericSpecializationExprSyntax)
  {
    let callee = generic.expression.trimmedDescription
    let kind: KeyDeclaration
    let defaultLabel: String
    switch callee {
    case "Defaults.Key", "Key": (kind, defaultLabel) = (.defaultsKey, "default")
    case "SettingsKey": (kind, defaultLabel) = (.settingsKey, "defaultValue")
    default: return
    }
    guard let first = node.arguments.first, first.label == nil, let key = key(first.expression)
    else { return }
    let value = node.arguments.first { $0.label?.text == defaultLabel }?.expression
    let type = generic.genericArgumentClause.arguments.first?.argument.trimmedDescription
    uses.append(
      KeyUse(
        key: key,
        action: .declare(kind, default: value.flatMap(SwiftExpressions.literal), type: type),
        place: place(node)))
  }

  /// `@AppStorage("key") var flag = true`, `@AppStorage("key", store: …) var level: Double = 0.5`.
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for attribute in node.attributes {
      // The app's own wrapper: `@UserDefault(.key, defaultValue: 30) static var x: Int`.
      if let attribute = attribute.as(AttributeSyntax.self),
        symbols.castingWrappers.contains(attribute.attributeName.trimmedDescription),
        case .argumentList(let arguments)? = attribute.arguments,
        let first = arguments.first, first.label == nil, let key = key(first.expression)
      {
        let value = arguments.first { ["defaultValue", "default"].contains($0.label?.text) }
        let binding = node.bindings.first
        uses.append(
          KeyUse(
            key: key,
            action: .declare(
              .propertyWrapper, default: value.flatMap { SwiftExpressions.literal($0.expression) },
              type: binding?.typeAnnotation?.type.trimmedDescription),
            place: place(attribute)))
        continue
      }
      guard let attribute = attribute.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == "AppStorage",
        case .argumentList(let arguments)? = attribute.arguments,
        let first = arguments.first, first.label == nil, let key = key(first.expression)
      else { continue }
      let store = arguments.first { $0.label?.text == "store" }?.expression
      let receiver = store.map { receivers.classify($0) } ?? .standard
      guard receiver.isDefaults else { continue }
      let binding = node.bindings.first
      uses.append(
        KeyUse(
          key: key,
          action: .declare(
            .appStorage,
            default: binding?.initializer.flatMap { SwiftExpressions.literal($0.value) },
            type: binding?.typeAnnotation?.type.trimmedDescription),
          place: place(attribute), suite: receiver.suiteName))
    }
    return .visitChildren
  }

  /// A function, an initializer or the top-level code of a file that reads
  /// `Root.plist`'s `PreferenceSpecifiers` and registers their `DefaultValue`s:
  /// the bundle's defaults, registered at run time.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body { runtimeRegistration(in: [Syntax(body)], at: node) }
    return .visitChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body { runtimeRegistration(in: [Syntax(body)], at: node) }
    return .visitChildren
  }

  /// `main.swift` and scripts: the statements and variables outside any function or type.
  override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
    let statements = node.statements.filter {
      !$0.item.is(DeclSyntax.self) || $0.item.is(VariableDeclSyntax.self)
    }
    if let first = statements.first {
      runtimeRegistration(in: statements.map { Syntax($0) }, at: first)
    }
    return .visitChildren
  }

  private func runtimeRegistration(in bodies: [Syntax], at node: some SyntaxProtocol) {
    let finder = RuntimeRegistrationFinder(viewMode: .sourceAccurate)
    for body in bodies { finder.walk(body) }
    guard finder.texts.contains("PreferenceSpecifiers"), finder.texts.contains("DefaultValue"),
      finder.registers
    else { return }
    for body in bodies { rootPlistWalks.append(body.position..<body.endPosition) }
    runtimeRegistrations.append(
      RuntimeRegistration(
        place: place(node), kinds: finder.castKinds.isEmpty ? nil : finder.castKinds))
  }
}

/// What a function body holds that marks the run-time registration pattern.
private final class RuntimeRegistrationFinder: SyntaxVisitor {
  var texts = Set<String>()
  var registers = false
  /// The kinds a cast of the `DefaultValue` lets through.
  var castKinds = Set<LiteralKind>()

  override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    if let text = node.representedLiteralValue { texts.insert(text) }
    return .skipChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "register",
      node.arguments.first?.label?.text == "defaults"
    {
      registers = true
    }
    return .visitChildren
  }

  /// `item["DefaultValue"] as? Bool`: the parser leaves casts unfolded in a sequence.
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    for index in elements.indices.dropFirst().dropLast()
    where elements[index].is(UnresolvedAsExprSyntax.self) {
      guard elements[index - 1].trimmedDescription.contains("DefaultValue") else { continue }
      cast(to: elements[index + 1].trimmedDescription)
    }
    return .visitChildren
  }

  override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
    if node.expression.trimmedDescription.contains("DefaultValue") {
      cast(to: node.type.trimmedDescription)
    }
    return .visitChildren
  }

  private func cast(to type: String) {
    switch type {
    case "Bool": castKinds.insert(.bool)
    case "String", "NSString": castKinds.insert(.string)
    case "NSNumber": castKinds.formUnion([.bool, .number])
    case "Int", "Double", "Float", "CGFloat": castKinds.insert(.number)
    default: castKinds.formUnion(LiteralKind.allCases)
    }
  }

}
