import Foundation
import Parallel
import Plist
import SwiftParser
import SwiftSyntax

/// Reads an app's Swift and Objective-C sources and finds every use of a
/// defaults key that can be known without running the code: literals,
/// constants, string enums, one-level wrapper functions, `register(defaults:)`,
/// `@AppStorage`, `Defaults.Key`, the generated `SettingsKey`s, and the
/// run-time registration of `Root.plist`. What cannot be resolved (a key
/// built at run time) is skipped, never guessed. Files are parsed on every core.
/// A file over 8 MiB, one that cannot be read, and a Swift file nested deeper
/// than the parser is given (``SwiftNesting``, checked on its bytes first) are
/// not read: they are listed in `skipped`, with the line where a limit is crossed.
///
/// ```swift
/// let scan = try SourceScanner.scan(["App/Sources"])
/// scan.uses.filter { $0.key == "celsiusPref" }
/// scan.skipped.map(\.file)
/// ```
public enum SourceScanner {
  /// Why sources could not be read.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
  }

  static let swiftExtensions: Set<String> = ["swift"]
  static let objectiveCExtensions: Set<String> = ["m", "mm", "h"]
  /// Folders of other people's code and of builds: not the app's.
  static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]
  static let maximumFiles = 50_000
  static let maximumFileBytes = 8 * 1024 * 1024

  public static func scan(_ directories: [String]) throws(Failure) -> SourceScan {
    var files: [String] = []
    for directory in directories { files += try sourceFiles(in: directory) }
    return analyze(files.concurrentMap { file in Self.read(file) })
  }

  /// The scan of texts already in memory (`file` names them and picks the
  /// language by its extension), checked as files are: for the fuzz target.
  static func scan(sources: [(file: String, bytes: [UInt8])]) -> SourceScan {
    analyze(
      sources.map { source in
        guard source.bytes.count <= maximumFileBytes else {
          return .skipped(
            SkippedSource(file: source.file, reason: .tooLarge(limit: maximumFileBytes)))
        }
        return check(source.file, source.bytes)
      })
  }

  /// The uses in the files read; the skipped ones as they are.
  static func analyze(_ read: [ReadOutcome]) -> SourceScan {
    var texts: [(String, String)] = []
    var skipped: [SkippedSource] = []
    for result in read {
      switch result {
      case .text(let file, let text): texts.append((file, text))
      case .skipped(let skip): skipped.append(skip)
      }
    }
    let swift = texts.filter { swiftExtensions.contains(($0.0 as NSString).pathExtension) }
    let objectiveC = texts.filter {
      objectiveCExtensions.contains(($0.0 as NSString).pathExtension)
    }

    // Swift: symbols of every file first, then the uses.
    let parsed = swift.concurrentMap {
      file, text -> (String, String, SourceFileSyntax, SwiftSymbols) in
      var parser = Parser(text, maximumNestingLevel: parserNestingLevel)
      let tree = SourceFileSyntax.parse(from: &parser)
      let collector = SwiftSymbolCollector()
      collector.walk(tree)
      return (file, text, tree, collector.symbols)
    }
    var symbols = SwiftSymbols()
    for (_, _, _, found) in parsed { symbols.merge(found) }
    let allSymbols = symbols
    let globals = GlobalReceivers()
    let swiftResults = parsed.concurrentMap { file, text, tree, _ in
      let collector = SwiftUseCollector(
        symbols: allSymbols, globals: globals, file: file, tree: tree, text: text)
      collector.walk(tree)
      return (
        collector.uses, collector.runtimeRegistrations, collector.registersGeneratedKeys,
        collector.receiverSteps
      )
    }

    // Objective-C: constants of every file (headers define them), then the uses.
    let scanners = objectiveC.map { ObjectiveCScanner(file: $0.0, text: $0.1) }
    let tokenized = scanners.concurrentMap { $0.tokens() }
    var constants: [String: String] = [:]
    for (scanner, tokens) in zip(scanners, tokenized) {
      constants.merge(scanner.constants(tokens)) { first, _ in first }
    }
    // Properties declared in a header are used in its implementation: the
    // file's own declarations first, then every file's.
    let allConstants = constants
    var objectiveCSteps = 0
    let fileVariables = zip(scanners, tokenized).map { scanner, tokens in
      scanner.variables(tokens, constants: allConstants, steps: &objectiveCSteps)
    }
    var variables: [String: DefaultsReceiver] = [:]
    for table in fileVariables {
      variables.merge(table) { first, other in first == other ? first : .unresolved }
    }
    let objectiveCResults = zip(zip(scanners, tokenized), fileVariables).map {
      pair, own in
      let (scanner, tokens) = pair
      let lines = scanner.text.split(separator: "\n", omittingEmptySubsequences: false)
      let starts = lineStarts(scanner.text)
      return scanner.uses(
        tokens, constants: constants, variables: { own[$0] ?? variables[$0] },
        steps: &objectiveCSteps
      ) { offset in
        place(offset: offset, in: scanner.file, starts: starts, lines: lines)
      }
    }

    var scan = SourceScan()
    scan.objectiveCSteps = objectiveCSteps
    for (uses, registrations, generated, steps) in swiftResults {
      scan.receiverSteps += steps
      scan.uses += uses
      scan.runtimeRegistrations += registrations
      scan.registersGeneratedKeys = scan.registersGeneratedKeys || generated
    }
    for (uses, registrations) in objectiveCResults {
      scan.uses += uses
      scan.runtimeRegistrations += registrations
    }
    scan.skipped = skipped
    scan.files = texts.count
    scan.lines = texts.reduce(0) { $0 + $1.1.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
    return scan
  }

  /// The parser's own limit, past the pre-scan's so that it never cuts a
  /// file the pre-scan let through (its default is 20 levels in debug builds, 256 in release).
  static let parserNestingLevel = SwiftNesting.maximumDepth + 16

  /// A file's text, or why it is skipped: over the size limit, unreadable,
  /// or (Swift) nested deeper than the parser and the visitors are given,
  /// checked on its bytes before any parsing.
  enum ReadOutcome: Sendable {
    case text(file: String, text: String)
    case skipped(SkippedSource)
  }

  static func read(_ file: String) -> ReadOutcome {
    let bytes: [UInt8]
    do {
      bytes = try BoundedInput.read(path: file, limit: maximumFileBytes, regularFileOnly: true)
    } catch .tooLarge {
      return .skipped(SkippedSource(file: file, reason: .tooLarge(limit: maximumFileBytes)))
    } catch {
      return .skipped(SkippedSource(file: file, reason: .unreadable))
    }
    return check(file, bytes)
  }

  /// A file's text, or the place where a Swift file nests too deep.
  static func check(_ file: String, _ bytes: [UInt8]) -> ReadOutcome {
    if swiftExtensions.contains((file as NSString).pathExtension),
      let excess = SwiftNesting.excess(in: bytes)
    {
      let reason: SkippedSource.Reason =
        switch excess.limit {
        case .depth: .nestedTooDeep(limit: SwiftNesting.maximumDepth)
        case .typeRun: .bracketRunTooLong(limit: SwiftNesting.maximumTypeRun)
        }
      let lineBytes = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let line = excess.line - 1 < lineBytes.count ? lineBytes[excess.line - 1] : []
      let lineText = String(decoding: line.prefix(400), as: UTF8.self)
      let column =
        String(decoding: line.prefix(excess.column - 1), as: UTF8.self).unicodeScalars.count + 1
      return .skipped(
        SkippedSource(
          file: file, reason: reason, line: excess.line, column: column, lineText: lineText))
    }
    return .text(file: file, text: String(decoding: bytes, as: UTF8.self))
  }

  /// The source files under a folder: not hidden, not in a dependency or build folder,
  /// links not followed.
  static func sourceFiles(in directory: String) throws(Failure) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw Failure(path: directory, reason: "no such file or directory")
    }
    let wanted = swiftExtensions.union(objectiveCExtensions)
    guard isDirectory.boolValue else {
      return wanted.contains((directory as NSString).pathExtension) ? [directory] : []
    }
    let root = URL(fileURLWithPath: directory)
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey],
        options: [.skipsHiddenFiles])
    else { throw Failure(path: directory, reason: "cannot be read") }
    var files: [String] = []
    for case let url as URL in walker {
      let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
      if values?.isSymbolicLink == true {
        continue
      }
      if values?.isDirectory == true {
        if skippedFolders.contains(url.lastPathComponent) || url.pathExtension == "build" {
          walker.skipDescendants()
        }
        continue
      }
      guard wanted.contains(url.pathExtension) else { continue }
      files.append(
        directory.hasSuffix("/")
          ? directory + url.path.dropFirst(root.path.count + 1)
          : directory + "/" + url.path.dropFirst(root.path.count + 1))
      guard files.count <= maximumFiles else {
        throw Failure(path: directory, reason: "more than \(maximumFiles) source files")
      }
    }
    return files.sorted()
  }

  static func lineStarts(_ text: String) -> [Int] {
    var starts = [0]
    for (index, scalar) in text.unicodeScalars.enumerated() where scalar == "\n" {
      starts.append(index + 1)
    }
    return starts
  }

  /// A scalar offset as a line and column.
  static func place(offset: Int, in file: String, starts: [Int], lines: [Substring]) -> SourcePlace
  {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourcePlace(
      file: file, line: low + 1, column: offset - starts[low] + 1,
      lineText: low < lines.count ? String(lines[low]) : "")
  }
}
