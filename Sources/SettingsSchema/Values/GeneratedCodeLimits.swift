import Plist

/// What Swift generated from a bundle (`prefs generate swift`, the SwiftPM
/// plugin) cannot take, answered once for the generator, which refuses it,
/// and for lint, which reports it first.
///
/// ```swift
/// GeneratedCodeLimits.refusal(of: .real(.nan))            // .notFinite(nan)
/// GeneratedCodeLimits.escapedScalars(in: "Root\n.plist")  // ["\n"]
/// ```
public enum GeneratedCodeLimits {
  /// How deep collections may nest in one value: each level is two levels
  /// of brackets in the source, and Swift's parser stops at 256.
  public static let maximumNesting = 64
  /// How many values one value may hold, nested ones included, and how many
  /// `Values` a choice may list: swiftc's time grows faster than the count
  /// (5,000 took 20 s, 1,000 under one).
  public static let maximumElements = 1_000

  /// Why a value cannot be written in Swift.
  public enum Refusal: Sendable, Hashable {
    /// NaN or an infinity (a real, or a date's seconds): no literal reads back as it.
    case notFinite(Double)
    /// Collections nested deeper than ``maximumNesting``.
    case nestedTooDeep(Int)
    /// More values than ``maximumElements``.
    case tooManyElements(Int)
    /// Two texts that differ only in how their accents are encoded (`é` as one
    /// character or as `e` and a combining accent): apart in a plist and for
    /// `isEqual:`, one to Swift's `==`, so one dictionary key in generated code
    /// (a literal with both traps at run time) and one case of a choice.
    case textsSwiftTakesForOne(String, String)
  }

  /// Whether Swift's `==` takes two texts for one that a plist keeps apart:
  /// canonically equivalent, made of other characters.
  ///
  /// ```swift
  /// GeneratedCodeLimits.swiftTakesForOne("caf\u{E9}", "cafe\u{301}")  // true
  /// ```
  public static func swiftTakesForOne(_ first: String, _ second: String) -> Bool {
    first == second && !first.unicodeScalars.elementsEqual(second.unicodeScalars)
  }

  /// The first two of `texts` that Swift takes for one, if any.
  public static func firstTakenForOne(in texts: some Sequence<String>) -> (String, String)? {
    // A Swift dictionary keys by `==`: the texts it would merge meet here.
    var seen: [String: String] = [:]
    for text in texts {
      if let earlier = seen[text] {
        if swiftTakesForOne(earlier, text) { return (earlier, text) }
      } else {
        seen[text] = text
      }
    }
    return nil
  }

  /// The entries of an element that generated code writes as Swift values.
  public static let writtenEntries = [
    "DefaultValue", "Values", "TrueValue", "FalseValue", "MinimumValue", "MaximumValue",
  ]

  /// Whether generated code declares a key for the element: it has a Key and
  /// its type stores a value.
  public static func declaresKey(for specifier: Specifier, in catalog: SchemaCatalog) -> Bool {
    guard let key = specifier.key, !key.isEmpty, let spec = catalog.spec(of: specifier.type)
    else { return false }
    return spec.valueRule != nil && spec.stores != nil
  }

  /// The first entry of the element generated code cannot write, and why;
  /// `Values` is checked value by value.
  public static func refusal(in specifier: Specifier) -> (entry: String, refusal: Refusal)? {
    for entry in writtenEntries {
      guard let node = specifier[entry] else { continue }
      let values =
        if entry == "Values", case .array(let items) = node.value { items } else { [node.value] }
      // Each of `Values` is a case of an enum and a branch of its decoding:
      // swiftc's time grows faster than their count too (5,000 took 27 s).
      if entry == "Values", values.count > maximumElements {
        return (entry, .tooManyElements(values.count))
      }
      for value in values {
        if let refusal = refusal(of: value) { return (entry, refusal) }
      }
      if entry == "Values",
        let (first, second) = firstTakenForOne(
          in: values.compactMap { if case .string(let text) = $0 { text } else { nil } })
      {
        return (entry, .textsSwiftTakesForOne(first, second))
      }
    }
    return nil
  }

  /// Why `value` cannot be written in Swift, if it cannot.
  public static func refusal(of value: PlistValue) -> Refusal? {
    var count = 0
    var deepest = 0
    var pending: [(value: PlistValue, depth: Int)] = [(value, 0)]
    while let (value, depth) = pending.popLast() {
      count += 1
      deepest = max(deepest, depth)
      switch value {
      case .real(let number) where !number.isFinite: return .notFinite(number)
      case .date(let date) where !date.timeIntervalSinceReferenceDate.isFinite:
        return .notFinite(date.timeIntervalSinceReferenceDate)
      case .array(let items): pending += items.map { ($0, depth + 1) }
      case .dictionary(let entries):
        if let (first, second) = firstTakenForOne(in: entries.keys.map(\.string)) {
          return .textsSwiftTakesForOne(first, second)
        }
        pending += entries.values.map { ($0, depth + 1) }
      default: break
      }
    }
    if deepest > maximumNesting { return .nestedTooDeep(deepest) }
    if count > maximumElements { return .tooManyElements(count) }
    return nil
  }

  /// The characters of a file or folder name that generated code can only
  /// write escaped (`\u{A}`) in its comments: controls, line and paragraph
  /// separators, invisible and bidirectional format characters. A name with
  /// one shows in the file as something else than it is.
  public static func escapedScalars(in name: String) -> [Unicode.Scalar] {
    name.unicodeScalars.filter(isEscaped)
  }

  /// Whether generated code writes the character escaped, in a comment or a
  /// literal: it would not read as itself in source (controls, invisible
  /// format characters, bidirectional overrides among them, separators other
  /// than the space, what is not assigned), or it ends a line (LF, VT, FF,
  /// CR, NEL, U+2028, U+2029 are all among them).
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    // Most text is ASCII: answer it without a Unicode table lookup.
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    return switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
      .unassigned:
      true
    case .spaceSeparator: scalar != " "
    default: false
    }
  }
}
