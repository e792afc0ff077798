import Foundation
import Plist
import SettingsSchema

/// The findings a team has accepted for now: `prefs lint --write-baseline`
/// records them, `--baseline` reports only what is new.
///
/// A finding is matched by its rule, its bundle, its file inside the bundle,
/// its message without the parts that say where it is (`line 12`,
/// `Root.plist:12`), and its key path — either as written
/// (`PreferenceSpecifiers[3]`) or with the element named by its `Key`
/// (``Diagnostic/anchoredKeyPath``) — never by line, so an element added
/// above it or an edit of its own `Key` does not bring it back, and two
/// findings on one element stay apart. Each entry
/// hides one finding: two identical entries hide at most two. The bundle is
/// stored relative to the baseline file's folder, so the baseline works from
/// any working directory. Version 1 files (paths as shown, the message only
/// without a key path) are still read and matched as they were written.
///
/// ```swift
/// let baseline = LintBaseline(output: output, directory: "/work/app")
/// let fresh = baseline.removingKnown(from: output)
/// ```
public struct LintBaseline: Sendable, Hashable {
  public struct Entry: Sendable, Codable, Hashable {
    public var rule: String
    /// The bundle's folder, relative to the baseline file's folder (version 2).
    public var bundle: String?
    /// The file inside the bundle; an app source file (`--sources`) relative
    /// to the baseline file's folder. Version 1: the path as shown.
    public var file: String
    public var keyPath: String?
    /// The key path with the element named rather than numbered.
    public var anchoredKeyPath: String?
    /// The message without its positional parts. Version 1: the message,
    /// only for a finding without a key path.
    public var message: String?
  }

  /// The version ``encoded()`` writes.
  public static let currentVersion = 2

  public var version: Int
  public var findings: [Entry]
  /// The folder the entries' paths are relative to: the baseline file's.
  public var directory: String

  private struct Stored: Codable {
    var version: Int
    var findings: [Entry]
  }

  /// The findings of a run, for a baseline file in `directory`.
  public init(output: LintOutput, directory: String) {
    self.version = Self.currentVersion
    self.directory = directory
    let keys = Keys(directory: directory)
    self.findings = output.reports.flatMap { report in
      let bundle = keys.bundle(of: report)
      return report.diagnostics.map { keys.entry($0, bundle: bundle) }
    }
  }

  /// The run without the findings the baseline holds (each entry matches one finding).
  public func removingKnown(from output: LintOutput) -> LintOutput {
    // Entries by all but their key paths; each found finding uses one up.
    var remaining: [Entry: [Entry]] = [:]
    for entry in findings { remaining[entry.withoutKeyPaths, default: []].append(entry) }
    let keys = Keys(directory: directory)
    var result = output
    for index in result.reports.indices {
      let report = result.reports[index]
      let bundle = version == 1 ? nil : keys.bundle(of: report)
      result.reports[index].diagnostics = report.diagnostics.filter { diagnostic in
        let entry =
          if let bundle {
            keys.entry(diagnostic, bundle: bundle)
          } else {
            Self.firstVersionEntry(
              diagnostic, file: output.displayPath(diagnostic.file, in: report))
          }
        let group = entry.withoutKeyPaths
        guard let candidates = remaining[group],
          let index = Self.bestMatch(for: entry, among: candidates)
        else { return true }
        remaining[group]?.remove(at: index)
        return false
      }
    }
    return result
  }

  /// The entry that matches both key paths, else the one that matches either.
  static func bestMatch(for found: Entry, among candidates: [Entry]) -> Int? {
    func anchorsMatch(_ entry: Entry) -> Bool {
      entry.anchoredKeyPath != nil && entry.anchoredKeyPath == found.anchoredKeyPath
    }
    return candidates.firstIndex { $0.keyPath == found.keyPath && anchorsMatch($0) }
      ?? candidates.firstIndex { anchorsMatch($0) }
      ?? candidates.firstIndex { $0.keyPath == found.keyPath }
  }

  /// How version 1 matched: the path as shown, the key path, the message only without one.
  static func firstVersionEntry(_ diagnostic: Diagnostic, file: String) -> Entry {
    Entry(
      rule: diagnostic.rule, bundle: nil, file: file, keyPath: diagnostic.keyPath,
      message: diagnostic.keyPath == nil ? diagnostic.message : nil)
  }

  /// A message without what moves when lines are added above it: line and
  /// column numbers, and `file:line` references to other places.
  ///
  /// ```swift
  /// LintBaseline.stableMessage("the Key \"a\" is also used at Root.plist:12")
  /// // "the Key \"a\" is also used at Root.plist:#"
  /// ```
  public static func stableMessage(_ message: String) -> String {
    var text = message
    text.replace(#/\b(line|lines|column|offset|byte) \d+/#) { "\($0.output.1) #" }
    text.replace(#/(\.[A-Za-z0-9~]+):\d+(:\d+)?/#) { "\($0.output.1):#" }
    return text
  }

  /// Paths as entries hold them, from the baseline file's folder.
  private struct Keys {
    let base: String

    init(directory: String) {
      base = SettingsBundle.realPath(directory) ?? Self.absolute(directory)
    }

    func bundle(of report: LintReport) -> String {
      let path = SettingsBundle.realPath(report.bundlePath) ?? Self.absolute(report.bundlePath)
      return Self.relative(path, from: base)
    }

    func entry(_ diagnostic: Diagnostic, bundle: String) -> Entry {
      let file =
        diagnostic.file.hasPrefix("/")
        ? Self.relative(
          SettingsBundle.realPath(diagnostic.file) ?? diagnostic.file, from: base)
        : diagnostic.file
      return Entry(
        rule: diagnostic.rule, bundle: bundle, file: file, keyPath: diagnostic.keyPath,
        anchoredKeyPath: diagnostic.anchoredKeyPath,
        message: LintBaseline.stableMessage(diagnostic.message))
    }

    static func absolute(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` from `folder`, both absolute: `../App/Settings.bundle`.
    static func relative(_ path: String, from folder: String) -> String {
      let target = path.split(separator: "/")
      let start = folder.split(separator: "/")
      var common = 0
      while common < target.count, common < start.count, target[common] == start[common] {
        common += 1
      }
      let parts =
        Array(repeating: "..", count: start.count - common) + target[common...].map(String.init)
      return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
  }

  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(Stored(version: version, findings: findings)) + Data("\n".utf8)
  }

  /// Reads a baseline file, bounded like every input; its paths are
  /// relative to its folder.
  public static func load(file: String) throws(BaselineError) -> LintBaseline {
    let bytes: [UInt8]
    do {
      bytes = try BoundedInput.read(
        path: file, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
    } catch {
      throw BaselineError(file: file, message: "the baseline cannot be read: \(error)")
    }
    let stored: Stored
    do {
      stored = try JSONDecoder().decode(Stored.self, from: Data(bytes))
    } catch {
      throw notABaseline(error, bytes: bytes, file: file)
    }
    guard (1...currentVersion).contains(stored.version) else {
      throw BaselineError(
        file: file,
        message: "baseline version \(stored.version); prefs reads 1 to \(currentVersion)")
    }
    let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
    return LintBaseline(version: stored.version, findings: stored.findings, directory: directory)
  }

  private init(version: Int, findings: [Entry], directory: String) {
    self.version = version
    self.findings = findings
    self.directory = directory
  }

  /// Why the bytes are not a baseline, in words, with the place when the JSON is broken.
  private static func notABaseline(_ error: any Error, bytes: [UInt8], file: String)
    -> BaselineError
  {
    func path(_ context: DecodingError.Context) -> String {
      var text = ""
      for key in context.codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "the top level" : text
    }
    let reason: String
    var location: TextLocation?
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      let owner = path(context)
      reason = "\(owner == "the top level" ? "it" : owner) has no \"\(key.stringValue)\""
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      reason = "\(path(context)) is not what a baseline holds there"
    default:
      if bytes.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
        reason = "the file is empty"
      } else {
        reason = "not valid JSON"
        location = jsonErrorLocation(bytes)
      }
    }
    return BaselineError(
      file: file, location: location, message: "not a prefs baseline (\(reason))")
  }

  /// Where JSONSerialization stops reading, as a line and column (it says
  /// "around character N", a byte offset).
  private static func jsonErrorLocation(_ bytes: [UInt8]) -> TextLocation? {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      return nil
    } catch {
      let description =
        ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
      guard let match = description.firstMatch(of: #/character (\d+)/#),
        let offset = Int(match.output.1)
      else { return nil }
      let prefix = bytes.prefix(min(offset, bytes.count))
      let line = prefix.count { $0 == 0x0A } + 1
      let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      let column = String(decoding: prefix[lineStart...], as: UTF8.self).unicodeScalars.count + 1
      return TextLocation(line: line, column: column)
    }
  }
}

extension LintBaseline.Entry {
  var withoutKeyPaths: Self {
    var entry = self
    entry.keyPath = nil
    entry.anchoredKeyPath = nil
    return entry
  }
}

extension LintOutput {
  /// The run with only the findings of `minimum` severity or worse.
  public func keeping(atLeast minimum: Severity) -> LintOutput {
    var result = self
    for index in result.reports.indices {
      result.reports[index].diagnostics.removeAll { $0.severity < minimum }
    }
    return result
  }
}
