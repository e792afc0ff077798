import Plist
import SettingsSchema

/// Why no code was generated. Nothing is written when it is thrown.
///
/// ```swift
/// catch let error as GenerationError { print(error.origin, error.reason) }
/// ```
public struct GenerationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The key concerned; nil when the problem is in no setting (a page that does not parse).
  public var key: String?
  /// Where the key is declared, or where the page stops loading.
  public var origin: SettingDeclaration.Origin
  /// The other place, when two declarations disagree.
  public var other: SettingDeclaration.Origin?
  public var reason: Reason

  public enum Reason: Sendable, Hashable {
    /// The phone and pad pages give the key two different value types.
    case typeDiffersBetweenVariants(String, String)
    /// The phone and pad pages give the key two different defaults.
    case defaultDiffersBetweenVariants(String, String)
    /// A page reached from Root did not load as written (it does not parse, or
    /// loading found an error in it): the reader's words. Its settings would be
    /// missing from the code, or typed from a misread file.
    case pageDoesNotLoad(String)
    /// An entry of the element (`DefaultValue`, one of its `Values` …) holds
    /// a value Swift source cannot say, or the compiler cannot take in time.
    case valueCannotBeWritten(entry: String, GeneratedCodeLimits.Refusal)
    /// The key is stored apart from an earlier one (`other`) that Swift's
    /// `==` takes for it: a `[String: Any]` of defaults keeps one of the two.
    case keyTakenForAnother(String)
  }

  public var description: String {
    // Both texts escaped: they differ only in characters that look alike.
    func quoted(_ text: String) -> String {
      "\""
        + text.unicodeScalars.map {
          $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}"
        }.joined() + "\""
    }
    let key = key ?? ""
    switch reason {
    case .typeDiffersBetweenVariants(let here, let there):
      return
        "the key \"\(key)\" stores \(here) here and \(there) in \(other?.description ?? "another page variant"); generated code can type it only one way"
    case .defaultDiffersBetweenVariants(let here, let there):
      return
        "the key \"\(key)\" defaults to \(here) here and to \(there) in \(other?.description ?? "another page variant"); generated code registers one default"
    case .pageDoesNotLoad(let message):
      let subject = self.key.map { "the setting \"\($0)\"" } ?? "the page"
      return "\(subject) does not load (\(message)); no code is generated from a page read wrong"
    case .valueCannotBeWritten(let entry, .notFinite(let number)):
      return
        "the \(entry) of the key \"\(key)\" is \(number), not a finite number; generated Swift writes only finite numbers"
    case .valueCannotBeWritten(let entry, .nestedTooDeep(let depth)):
      return
        "the \(entry) of the key \"\(key)\" nests collections \(depth) levels deep; generated Swift takes at most \(GeneratedCodeLimits.maximumNesting) (the compiler stops deeper)"
    case .valueCannotBeWritten(let entry, .tooManyElements(let count)):
      return
        "the \(entry) of the key \"\(key)\" holds \(count) values; generated Swift takes at most \(GeneratedCodeLimits.maximumElements) in one value (the compiler takes minutes over more)"
    case .valueCannotBeWritten(let entry, .textsSwiftTakesForOne(let first, let second)):
      return
        "the \(entry) of the key \"\(key)\" holds \(quoted(first)) and \(quoted(second)), one text to Swift's == (the same accents encoded two ways); generated Swift would merge them"
    case .keyTakenForAnother(let earlier):
      return
        "the key \(quoted(key)) and the key \(quoted(earlier)) in \(other?.description ?? "the bundle") are one text to Swift's == (the same accents encoded two ways); generated Swift would register one default for both"
    }
  }

  /// Compiler style, at ``origin`` inside the bundle at `bundlePath`:
  /// `Settings.bundle/Root.plist:3:1: error: … [generate]` and the source line.
  public func compilerStyle(bundlePath: String) -> String {
    CompilerStyleFormatter.format(
      file: bundlePath + "/" + origin.file, severity: .error, message: description,
      place: origin.place, ruleID: "generate")
  }
}
