import Plist
import SettingsSchema

/// The `prefs:` comments of a bundle that turn rules off where they stand:
///
/// ```xml
/// <!-- prefs:disable unknown-key -->          the next element: a <dict>, or a key and its value
/// <!-- prefs:disable-file missing-translation - shown in English on purpose -->   the whole file
/// ```
///
/// and in `.strings` tables `/* prefs:disable unused-translation */` (the next
/// entry) and `/* prefs:disable-file … */`. Only XML page plists and text
/// tables carry them: binary and OpenStep plists cannot. Each rule id of a
/// directive is followed: the findings it hides, and whether it hid any.
///
/// ```swift
/// let disables = InlineDisables(bundle: bundle)
/// var findings = diagnostics
/// let used = disables.suppress(&findings)
/// ```
struct InlineDisables: Sendable {
  /// What a comment names, after `prefs:`.
  enum Command: String, CaseIterable {
    case disable
    case disableFile = "disable-file"
  }

  /// One rule id of a directive, and where it is written.
  struct Name: Sendable {
    var id: String
    var place: IssuePlace
  }

  /// A directive: which rules, in which file, over which part of it.
  struct Directive: Sendable {
    var file: String
    var command: Command
    /// Where the directive's comment starts.
    var place: IssuePlace
    /// For `disable`, the lines and columns of the element after it; nil when none follows.
    var element: Range<TextLocation>?
    var names: [Name]

    /// Whether the directive hides a finding of this rule at this place.
    func covers(_ diagnostic: Diagnostic) -> Bool {
      guard diagnostic.file == file else { return false }
      switch command {
      case .disableFile: return true
      case .disable:
        guard let element, let location = diagnostic.location else { return false }
        return element.contains(location)
      }
    }
  }

  /// A comment that starts like a directive but cannot be followed.
  struct Problem: Sendable {
    var file: String
    var place: IssuePlace
    var message: String
  }

  /// What comments must start with, white space aside, to be directives.
  static let prefix = "prefs:"
  /// A word that ends the rule ids: what follows says why.
  static let reasonMarks: Set<String> = ["-", "--", "—"]

  private(set) var directives: [Directive] = []
  private(set) var problems: [Problem] = []

  init(bundle: SettingsBundle) { self.init(readings: [bundle]) }

  /// The directives of every page any reading of the bundle loaded (the pad's,
  /// InAppSettingsKit's) and of its tables; each file once.
  init(readings: [SettingsBundle]) {
    guard let bundle = readings.first else { return }
    // Unreached pages are read again for their comments: a page the app opens
    // itself is where `prefs:disable-file unreachable-page` belongs.
    var seen = Set<String>()
    var documents: [(String, PlistDocument?)] = []
    for reading in readings {
      for page in reading.pages where seen.insert(page.file).inserted {
        documents.append((page.file, page.document))
      }
    }
    for file in bundle.unreachedFiles where seen.insert(file).inserted {
      documents.append((file, bundle.pageDocument(file)))
    }
    for case (let file, let document?) in documents {
      guard let source = document.source else { continue }
      for comment in document.comments {
        read(comment.comment, before: comment.nextElement, in: file, source: source)
      }
    }
    for table in bundle.strings.values.sorted(by: { $0.file < $1.file }) {
      guard let source = table.source else { continue }
      for entry in table.strings.entries where !entry.comments.isEmpty {
        let element = entry.keyOffset.flatMap { start in
          entry.endOffset.map { start..<max(start, $0) }
        }
        for comment in entry.comments {
          read(comment, before: element, in: table.file, source: source)
        }
      }
      for comment in table.strings.trailingComments {
        read(comment, before: nil, in: table.file, source: source)
      }
    }
  }

  /// Reads one comment: a directive, a problem, or (most often) neither.
  private mutating func read(
    _ comment: PlistComment, before element: Range<Int>?, in file: String, source: SourceText
  ) {
    let bytes = Array(comment.text.utf8)
    var index = 0
    func skipBlanks() {
      while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
    }
    skipBlanks()
    let prefix = Array(Self.prefix.utf8)
    let prefixStart = index
    guard bytes[index...].lazy.map(Self.lowercased).starts(with: prefix) else { return }
    index += prefix.count
    // `prefs: …` with a space is prose, not a directive.
    let wordStart = index
    while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
    guard index > wordStart else { return }
    let opening = comment.style == .xml ? 4 : 2
    let textStart = comment.offset + opening
    let place = IssuePlace.text(source.snippet(atOffset: comment.offset))
    let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
    let writtenPrefix = bytes[prefixStart..<wordStart]
    if !writtenPrefix.elementsEqual(prefix) || word != word.lowercased() {
      // `PREFS:DISABLE` reads as meant to be one; another word so written is prose.
      if let meant = Command(rawValue: word.lowercased()) {
        problems.append(
          Problem(
            file: file, place: .text(source.snippet(atOffset: textStart + prefixStart)),
            message:
              "\"\(String(decoding: bytes[prefixStart..<index], as: UTF8.self))\" is not read; directives are lower case: \(Self.prefix)\(meant.rawValue)"
          ))
      }
      return
    }
    guard let command = Command(rawValue: word) else {
      var message =
        "\"\(Self.prefix)\(word)\" is not a directive prefs reads; it reads "
        + Command.allCases.map { Self.prefix + $0.rawValue }.joined(separator: " and ")
      if let suggestion = Suggestion.closest(to: word, among: Command.allCases.map(\.rawValue)) {
        message += "; did you mean \(Self.prefix)\(suggestion)?"
      }
      problems.append(
        Problem(
          file: file, place: .text(source.snippet(atOffset: textStart + wordStart)),
          message: message))
      return
    }
    var names: [Name] = []
    var namesUnknownRule = false
    while true {
      while index < bytes.count, Self.isBlank(bytes[index]) || bytes[index] == UInt8(ascii: ",") {
        index += 1
      }
      guard index < bytes.count else { break }
      let start = index
      while index < bytes.count, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ",") {
        index += 1
      }
      let id = String(decoding: bytes[start..<index], as: UTF8.self)
      // `- why`: the rest is the reason, for people (`--` too, where the format allows it).
      if Self.reasonMarks.contains(id) { break }
      let namePlace = IssuePlace.text(source.snippet(atOffset: textStart + start))
      if RuleRegistry.rule(id) == nil {
        var message = "\(Self.prefix)\(word) names \"\(id)\", which is not a rule"
        if let suggestion = RuleRegistry.closestID(to: id) {
          message += "; did you mean \(suggestion)?"
        }
        problems.append(Problem(file: file, place: namePlace, message: message))
        namesUnknownRule = true
      } else {
        names.append(Name(id: id, place: namePlace))
      }
    }
    guard !names.isEmpty else {
      if !namesUnknownRule {
        problems.append(
          Problem(
            file: file, place: place,
            message:
              "\(Self.prefix)\(word) names no rule; give the ids of the rules it turns off"))
      }
      return
    }
    let range = element.map { element in
      source.location(ofOffset: element.lowerBound)..<source.location(ofOffset: element.upperBound)
    }
    directives.append(
      Directive(file: file, command: command, place: place, element: range, names: names))
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "-")
  }

  /// A rule id of one directive: the directive's index and the name's.
  struct Use: Hashable {
    var directive: Int
    var name: Int
  }

  /// Whether a directive naming `rule` stands over this place of `file`. A
  /// rule that folds several places into one finding splits off those a
  /// directive covers, so that each directive hides what it stands over.
  /// Whether a directive of `file` names `rule` (or all rules).
  func names(rule: String, in file: String) -> Bool {
    directives.contains { directive in
      directive.file == file && directive.names.contains { $0.id == rule }
    }
  }

  func hides(rule: String, file: String, place: IssuePlace?) -> Bool {
    let probe = Diagnostic(rule: rule, severity: .note, file: file, place: place, message: "")
    return directives.contains { directive in
      directive.names.contains { $0.id == rule } && directive.covers(probe)
    }
  }

  /// Removes the findings the directives hide; returns which names hid something.
  func suppress(_ diagnostics: inout [Diagnostic]) -> Set<Use> {
    guard !directives.isEmpty else { return [] }
    var byFile: [String: [Int]] = [:]
    for (index, directive) in directives.enumerated() {
      byFile[directive.file, default: []].append(index)
    }
    var used = Set<Use>()
    diagnostics.removeAll { diagnostic in
      guard let candidates = byFile[diagnostic.file] else { return false }
      var hidden = false
      for index in candidates where directives[index].covers(diagnostic) {
        for (nameIndex, name) in directives[index].names.enumerated()
        where name.id == diagnostic.rule {
          used.insert(Use(directive: index, name: nameIndex))
          hidden = true
        }
      }
      return hidden
    }
    return used
  }
}
