import Foundation
import Plist
import SettingsSchema

/// The settings of a bundle that generated code declares: every element
/// reached from Root (in each loaded page variant) whose value is stored
/// under its Key, in page order, the first element of each key winning as
/// in the registered defaults. Variants must agree on each key's type and default.
public enum SettingsCollection {
  /// - Parameter bundles: the same bundle loaded once per idiom (phone first).
  public static func declarations(
    in bundles: [SettingsBundle], typeName: String
  ) throws(GenerationError) -> [SettingDeclaration] {
    try collect(in: bundles, typeName: typeName).declarations
  }

  /// The stored settings generated code cannot type, each key once in page
  /// order: an element whose schema says it stores an array or a dictionary
  /// (InAppSettingsKit's list group, whose items are whatever its
  /// ItemSpecifier's rows store: text, numbers, dictionaries). No Swift type
  /// both is `Sendable` and reads every such value, and a `String` would
  /// always read "", so the file names them in a comment instead.
  ///
  /// ```swift
  /// try SettingsCollection.untyped(in: bundles, typeName: "AppSettings").map(\.key)  // ["tags"]
  /// ```
  public static func untyped(
    in bundles: [SettingsBundle], typeName: String
  ) throws(GenerationError) -> [UntypedSetting] {
    try collect(in: bundles, typeName: typeName).untyped
  }

  static func collect(
    in bundles: [SettingsBundle], typeName: String
  ) throws(GenerationError) -> (declarations: [SettingDeclaration], untyped: [UntypedSetting]) {
    var untyped: [UntypedSetting] = []
    var untypedKeys = Set<PlistKey>()
    // Members and nested types share one namespace in the enum: one allocator.
    var allocator = NameAllocator(reserved: GeneratedNames.usedInTheEnum.union([typeName]))
    var result: [SettingDeclaration] = []
    var indexByKey: [PlistKey: Int] = [:]
    // Keyed by Swift's `==`, which merges keys a plist keeps apart.
    var indexBySwiftKey: [String: Int] = [:]
    for bundle in bundles { try checkLoadProblems(of: bundle) }
    for bundle in bundles {
      var seenInThisVariant = Set<PlistKey>()
      for page in bundle.pages {
        for specifier in page.specifiers {
          guard GeneratedCodeLimits.declaresKey(for: specifier, in: bundle.catalog),
            let key = specifier.key, let spec = bundle.catalog.spec(of: specifier.type),
            let rule = spec.valueRule, let stores = spec.stores
          else { continue }
          let plistKey = PlistKey(key)
          // Within one variant the first element of a key is the one registered.
          guard seenInThisVariant.insert(plistKey).inserted else { continue }
          let origin = Self.origin(of: specifier, on: page)
          if rule == .ofKind, UntypedSetting.untypedKinds.contains(stores) {
            if indexByKey[plistKey] == nil, untypedKeys.insert(plistKey).inserted {
              untyped.append(
                UntypedSetting(
                  key: key, type: specifier.type ?? "", stores: stores, typeSummary: spec.summary,
                  origin: origin))
            }
            continue
          }
          if let (entry, refusal) = GeneratedCodeLimits.refusal(in: specifier) {
            throw GenerationError(
              key: key, origin: Self.origin(of: specifier, entry: entry, on: page), other: nil,
              reason: .valueCannotBeWritten(entry: entry, refusal))
          }
          let title = specifier.title.map { bundle.localized($0, on: page) }
          if let index = indexByKey[plistKey] {
            let shape = Self.shape(
              of: specifier, rule: rule, stores: stores, bundle: bundle, page: page,
              typeName: result[index].shapeTypeName)
            try Self.check(result[index], against: shape, specifier: specifier, origin: origin)
            continue
          }
          if let index = indexBySwiftKey[key] {
            throw GenerationError(
              key: key, origin: origin, other: result[index].origin,
              reason: .keyTakenForAnother(result[index].key))
          }
          indexBySwiftKey[key] = result.count
          let name = allocator.claim(SwiftIdentifier.lowerCamel(key))
          let wantedType = SwiftIdentifier.upperCamel(key)
          let shape = Self.shape(
            of: specifier, rule: rule, stores: stores, bundle: bundle, page: page,
            typeName: { allocator.claim(wantedType) })
          var rangeName: String?
          if case .double(let range) = shape, range != nil {
            rangeName = allocator.claim(name + "Range")
          }
          indexByKey[plistKey] = result.count
          var declaration = SettingDeclaration(
            key: key, name: name, rangeName: rangeName, shape: shape,
            registeredDefault: specifier.defaultValue?.value, title: title,
            typeSummary: spec.summary, isSecure: specifier.isSecure,
            origin: origin)
          // The default the app reads agrees with the switch the user sees.
          if rule == .toggle, bundle.options.dialect == .iask,
            let registered = declaration.registeredDefault, shape.read(registered) == nil
          {
            declaration.toggleDefaultShownOn = SpecifierValue.showsOn(
              registered, of: specifier, dialect: .iask)
          }
          result.append(declaration)
        }
      }
    }
    return (result, untyped.filter { indexByKey[PlistKey($0.key)] == nil })
  }

  /// A page reached from Root that did not load as written (it does not
  /// parse, a child pane path is refused, any reader error) stops generation:
  /// code generated without its settings, or from a misread file, would
  /// compile and be wrong. The first such problem, in page order, is thrown.
  static func checkLoadProblems(of bundle: SettingsBundle) throws(GenerationError) {
    for page in bundle.pages {
      for problem in bundle.problems
      where problem.file == page.file && problem.issue.severity == .error {
        let place = problem.issue.place
        let origin = SettingDeclaration.Origin(file: page.file, place: place)
        throw GenerationError(
          key: key(at: place, on: page), origin: origin, other: nil,
          reason: .pageDoesNotLoad(problem.issue.message))
      }
    }
  }

  /// The key of the element a problem is inside, when it is inside one.
  static func key(at place: IssuePlace?, on page: Page) -> String? {
    switch place {
    case .keyPath(let path)?:
      return page.specifiers.first {
        path == $0.keyPath || path.hasPrefix($0.keyPath + ".") || path.hasPrefix($0.keyPath + "[")
      }?.key
    case .text(let snippet)?:
      let at = (snippet.location.line, snippet.location.column)
      return page.specifiers.last { specifier in
        guard case .text(let start) = page.place(of: specifier.node, keyPath: ""),
          case .text(let end) = page.place(of: lastNode(in: specifier.node), keyPath: "")
        else { return false }
        return (start.location.line, start.location.column) <= at
          && at <= (end.location.line, end.location.column)
      }?.key
    case nil:
      return nil
    }
  }

  /// The node of a value that starts last in the file: the end of an element, near enough.
  static func lastNode(in node: PlistNode) -> PlistNode {
    switch node.content {
    case .array(let items): items.last.map(lastNode) ?? node
    case .dictionary(let entries):
      entries.max { ($0.value.offset ?? 0) < ($1.value.offset ?? 0) }.map { lastNode(in: $0.value) }
        ?? node
    default: node
    }
  }

  static func origin(of specifier: Specifier, entry: String? = nil, on page: Page)
    -> SettingDeclaration.Origin
  {
    let place =
      if let entry, let node = specifier[entry] {
        page.place(of: node, keyPath: specifier.keyPath + "." + entry)
      } else {
        page.place(of: specifier.node, keyPath: specifier.keyPath)
      }
    return .init(file: page.file, place: place)
  }

  /// The Swift shape of what the element stores, as the schema's value rule says.
  static func shape(
    of specifier: Specifier, rule: ValueRule, stores: ValueKind, bundle: SettingsBundle,
    page: Page, typeName: () -> String
  ) -> ValueShape {
    switch rule {
    case .toggle:
      guard specifier.toggleStates.hasOwnValues else { return .bool }
      let (on, off) = SpecifierValue.states(of: specifier)
      return .customBool(on: on, off: off)
    case .text, .shown: return .string
    case .range:
      let low = specifier.range.writtenMinimum
      let high = specifier.range.writtenMaximum
      if let low, let high, low <= high { return .double(range: low...high) }
      return .double(range: nil)
    case .oneOfValues:
      let choices = specifier.choices ?? []
      let values = choices.map(\.value)
      guard !values.isEmpty else { return .string }
      let titles = choices.map(\.title)
      return .choice(
        choice(values: values, titles: titles, bundle: bundle, page: page, typeName: typeName()))
    case .ofKind:
      switch stores {
      case .boolean: return .bool
      case .integer, .real, .number: return .double(range: nil)
      case .date: return .date
      default: return .string
      }
    }
  }

  static func choice(
    values: [PlistValue], titles: [String?], bundle: SettingsBundle, page: Page,
    typeName: String
  ) -> ValueShape.Choice {
    var names = NameAllocator(reserved: GeneratedNames.usedInAChoice)
    var cases: [ValueShape.Choice.Case] = []
    for (index, value) in values.enumerated() {
      // A value listed twice (1 and 1.0) is one case: the first.
      guard !cases.contains(where: { ValueReading.same(value, $0.value) }) else { continue }
      let rawTitle = index < titles.count ? titles[index] : nil
      let wanted: String
      if case .string(let text) = value {
        wanted = SwiftIdentifier.lowerCamel(text, fallback: "value")
      } else if let rawTitle, !SwiftIdentifier.words(rawTitle).isEmpty {
        wanted = SwiftIdentifier.lowerCamel(rawTitle)
      } else {
        wanted = "value" + SwiftIdentifier.upperCamel(SpecifierValue.text(of: value), fallback: "")
      }
      cases.append(
        .init(
          name: names.claim(wanted), value: value,
          title: rawTitle.map { bundle.localized($0, on: page) }))
    }
    return .init(typeName: typeName, rawType: rawType(of: cases.map(\.value)), cases: cases)
  }

  static func rawType(of values: [PlistValue]) -> String? {
    if values.allSatisfy({ if case .string = $0 { true } else { false } }) { return "Swift.String" }
    if values.allSatisfy({ if case .integer = $0 { true } else { false } }) { return "Swift.Int" }
    if values.allSatisfy({
      switch $0 {
      case .integer, .real: true
      default: false
      }
    }), values.allSatisfy({ ValueReading.number($0)?.isFinite ?? false }),
      // Two integers one Double holds would be one raw value.
      values.allSatisfy({
        if case .integer(let number) = $0 { Double(exactly: number) != nil } else { true }
      })
    {
      return "Swift.Double"
    }
    return nil
  }

  /// A key met again in another variant must type and default the same way.
  static func check(
    _ first: SettingDeclaration, against shape: ValueShape, specifier: Specifier,
    origin: SettingDeclaration.Origin
  ) throws(GenerationError) {
    if first.shape.kindName != shape.kindName {
      throw GenerationError(
        key: first.key, origin: origin, other: first.origin,
        reason: .typeDiffersBetweenVariants(shape.kindName, first.shape.kindName))
    }
    let here = specifier.defaultValue?.value
    if here != first.registeredDefault {
      throw GenerationError(
        key: first.key, origin: origin, other: first.origin,
        reason: .defaultDiffersBetweenVariants(
          here.map(SpecifierValue.text) ?? "nothing",
          first.registeredDefault.map(SpecifierValue.text) ?? "nothing"))
    }
  }
}

/// A stored setting generated code leaves out, as ``SettingsCollection/untyped(in:typeName:)`` finds it.
public struct UntypedSetting: Sendable, Hashable {
  /// The defaults key (`Key`), exactly.
  public var key: String
  public var type: SpecifierType
  /// What the schema says is stored under the key.
  public var stores: ValueKind
  /// The type's summary from the schema.
  public var typeSummary: String
  public var origin: SettingDeclaration.Origin

  /// The kinds no declared Swift type reads: collections of any values.
  static let untypedKinds: Set<ValueKind> = [.array, .dictionary]
}

extension SettingDeclaration {
  /// The enum name a variant reuses for the same key.
  var shapeTypeName: () -> String {
    let name = if case .choice(let choice) = shape { choice.typeName } else { "" }
    return { name }
  }
}

extension ValueShape {
  /// What the shape is, in words, for comparing variants and for messages.
  var kindName: String {
    switch self {
    case .bool: "a Bool"
    case .customBool(let on, let off):
      "a Bool stored as \(SpecifierValue.text(of: on))/\(SpecifierValue.text(of: off))"
    case .string: "a String"
    case .double(let range):
      range.map { "a Double in \($0.lowerBound)...\($0.upperBound)" } ?? "a Double"
    case .choice(let choice):
      "one of \(choice.cases.map { SpecifierValue.text(of: $0.value) }.joined(separator: ", "))"
    case .date: "a Date"
    }
  }
}
