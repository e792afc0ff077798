import Foundation
import Plist

/// The `UserDefaults` getter a read uses, which decides what an absent or
/// unexpected value reads as.
public enum DefaultsGetter: String, Sendable, Hashable, CaseIterable {
  case bool, integer, float, double, string, stringArray, array, dictionary, data, url, object

  /// The getters that return false, 0 or 0.0 when nothing is stored.
  public var returnsZeroWhenAbsent: Bool {
    switch self {
    case .bool, .integer, .float, .double: true
    default: false
    }
  }

  /// The Swift spelling, for messages (`bool(forKey:)`).
  public var swiftName: String { "\(rawValue)(forKey:)" }

  /// The getter that reads what a declaration types its value as: `Bool`,
  /// `Int`, `Double`, `String` (optional or not, `Swift.` or not), `URL`,
  /// `Data`, `[String]`; nil for a type the defaults do not store as such
  /// (a `RawRepresentable` enum, a `Codable` value).
  public init?(declaredType type: String) {
    var name = type.trimmingCharacters(in: .whitespaces)
    if name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
    if name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") {
      name = String(name.drop { $0 != "." }.dropFirst())
    }
    switch name {
    case "Bool": self = .bool
    case "Int", "Int64", "Int32": self = .integer
    case "Double", "Float", "CGFloat": self = .double
    case "String": self = .string
    case "URL": self = .url
    case "Data": self = .data
    case "[String]": self = .stringArray
    default: return nil
    }
  }

  /// The getter that reads a value of the literal's kind (`@AppStorage("k") var x = 0.5`).
  public init(literal: SourceLiteral) {
    switch literal {
    case .bool: self = .bool
    case .integer: self = .integer
    case .real: self = .double
    case .string: self = .string
    }
  }

  /// The getter named by a Swift method (`bool`) or an Objective-C selector part (`boolForKey`).
  public init?(method: String) {
    // `value(forKey:)` on the defaults is `object(forKey:)`.
    if method == "value" || method == "valueForKey" {
      self = .object
      return
    }
    let name = method.hasSuffix("ForKey") ? String(method.dropLast("ForKey".count)) : method
    self.init(rawValue: name)
  }
}

/// A literal the code gives: to a write, as a default, after `??`.
public enum SourceLiteral: Sendable, Hashable, CustomStringConvertible {
  case bool(Bool)
  case integer(Int64)
  case real(Double)
  case string(String)

  /// The Swift type a declaration initialized with the literal infers.
  public var swiftTypeName: String {
    switch self {
    case .bool: "Bool"
    case .integer: "Int"
    case .real: "Double"
    case .string: "String"
    }
  }

  public var description: String {
    switch self {
    case .bool(let flag): flag ? "true" : "false"
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .string(let text): "\"\(text)\""
    }
  }
}

/// How code declares a key with its own default.
public enum KeyDeclaration: String, Sendable, Hashable {
  /// SwiftUI's `@AppStorage("key") var x = default`.
  case appStorage = "@AppStorage"
  /// sindresorhus/Defaults' `Defaults.Key<T>("key", default: …)`.
  case defaultsKey = "Defaults.Key"
  /// `prefs generate swift`'s `SettingsKey<T>("key", defaultValue: …)`.
  case settingsKey = "SettingsKey"
  /// The app's own `@propertyWrapper` that reads `object(forKey:) as? T`
  /// (`@UserDefault(.key, defaultValue: …) var x: T`).
  case propertyWrapper = "@propertyWrapper"
}

/// One use of a defaults key by the app's code.
public struct KeyUse: Sendable, Hashable {
  public enum Action: Sendable, Hashable {
    /// A read, with the literal after `??` when there is one. A test of
    /// presence (`object(forKey: k) == nil`, `string(forKey: k) != nil`) is a
    /// read of `.object`: it reads no type.
    case read(DefaultsGetter, fallback: SourceLiteral?)
    /// A read cast to a type (`object(forKey: k) as? Int`): only a value of
    /// the type is taken, so the getter's conversions do not happen.
    case cast(DefaultsGetter, fallback: SourceLiteral?)
    /// A write; the value when it is a literal.
    case write(SourceLiteral?)
    /// An entry of `register(defaults:)` / `registerDefaults:`.
    case register(SourceLiteral?)
    /// A declaration that reads and writes the key with a default of its own.
    case declare(KeyDeclaration, default: SourceLiteral?, type: String?)

    /// A read of the value, by a getter or a cast.
    public var isRead: Bool {
      switch self {
      case .read, .cast: true
      default: false
      }
    }
  }

  public var key: String
  public var action: Action
  public var place: SourcePlace
  /// The suite when the code names it (`UserDefaults(suiteName: "group.x")`); nil for
  /// `UserDefaults.standard` or a store the scanner cannot tell.
  public var suite: String?

  public init(key: String, action: Action, place: SourcePlace, suite: String? = nil) {
    self.key = key
    self.action = action
    self.place = place
    self.suite = suite
  }
}

/// Code that registers the bundle's own `DefaultValue`s at run time by reading
/// `Root.plist` (a common pattern), and which types of value it really
/// registers: a cast such as `as? Bool` on the default drops the others.
public struct RuntimeRegistration: Sendable, Hashable {
  public var place: SourcePlace
  /// The value kinds registered; nil when every kind is.
  public var kinds: Set<LiteralKind>?
}

/// A `register(defaults:)` / `registerDefaults:` whose dictionary the scan
/// cannot read whole: a function's result, a dictionary read from a file, a
/// variable filled in a way the scan does not follow, an entry whose key it
/// cannot spell. It registers keys nobody can name, so no key may be called
/// unregistered on the strength of the app's other registrations.
///
/// ```swift
/// if scan.unreadRegistrations.isEmpty { /* the registered keys are exactly the .register uses */ }
/// ```
public struct UnreadRegistration: Sendable, Hashable {
  public var place: SourcePlace
  /// The suite when the code names it; nil for the standard store or a store not told.
  public var suite: String?

  public init(place: SourcePlace, suite: String? = nil) {
    self.place = place
    self.suite = suite
  }
}

/// The kinds of value a cast lets through.
public enum LiteralKind: String, Sendable, Hashable, CaseIterable {
  case bool, number, string
}

/// A source file the scan did not read, and why: its uses are unknown.
///
/// ```swift
/// for skipped in scan.skipped { print("\(skipped.file):\(skipped.line ?? 1): \(skipped.reason)") }
/// ```
public struct SkippedSource: Sendable, Hashable {
  public enum Reason: Sendable, Hashable {
    /// Larger than the scan reads (in bytes).
    case tooLarge(limit: Int)
    /// Brackets and chains nest deeper than the parser is given (in levels).
    case nestedTooDeep(limit: Int)
    /// `[` and generic `<` nest in a run longer than the parser's lookahead is given.
    case bracketRunTooLong(limit: Int)
    /// `#if` blocks nest deeper than the parser's lookahead is given (in levels).
    case conditionalsTooDeep(limit: Int)
    /// Not a regular file, or not readable.
    case unreadable
  }

  public var file: String
  public var reason: Reason
  /// Where a limit is crossed (a 1-based line and column in Unicode scalars,
  /// with the line's first 400 bytes: the line of a generated file may be
  /// megabytes), for a caret; nil for the whole file.
  public var snippet: SourceSnippet?

  public init(file: String, reason: Reason, snippet: SourceSnippet? = nil) {
    self.file = file
    self.reason = reason
    self.snippet = snippet
  }

  public init(file: String, reason: Reason, line: Int, column: Int, lineText: String) {
    self.init(
      file: file, reason: reason,
      snippet: SourceSnippet(location: TextLocation(line: line, column: column), lineText: lineText)
    )
  }

  /// The 1-based line where a limit is crossed; nil for the whole file.
  public var line: Int? { snippet?.location.line }
  /// The 1-based column there, in Unicode scalars.
  public var column: Int? { snippet?.location.column }
  /// That line's text, for a caret; empty for the whole file.
  public var lineText: String { snippet?.lineText ?? "" }
}

/// What the app's sources do with defaults keys.
public struct SourceScan: Sendable {
  public var uses: [KeyUse]
  public var runtimeRegistrations: [RuntimeRegistration]
  /// The registrations whose keys are not all known: see ``UnreadRegistration``.
  public var unreadRegistrations: [UnreadRegistration] = []
  /// A call of the generated `registerDefaults()` (every `SettingsKey` is registered).
  public var registersGeneratedKeys: Bool
  public var files: Int
  public var lines: Int
  /// The files found but not read (too large, nested too deep, unreadable), in path order.
  public var skipped: [SkippedSource]
  /// The steps taken to resolve receivers, for tests that the work stays linear.
  var receiverSteps = 0
  /// The tokens the Objective-C scans stepped over, for the same tests.
  var objectiveCSteps = 0
  /// The most bytes of source text held at once (each with its syntax tree
  /// while parsed), for tests that memory follows the largest file, not the sum.
  var peakSourceBytes = 0

  public init(
    uses: [KeyUse] = [], runtimeRegistrations: [RuntimeRegistration] = [],
    registersGeneratedKeys: Bool = false, files: Int = 0, lines: Int = 0,
    skipped: [SkippedSource] = []
  ) {
    self.uses = uses
    self.runtimeRegistrations = runtimeRegistrations
    self.registersGeneratedKeys = registersGeneratedKeys
    self.files = files
    self.lines = lines
    self.skipped = skipped
  }
}
