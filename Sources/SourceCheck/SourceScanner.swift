import Foundation
import Parallel
import Plist
import SwiftParser
import SwiftSyntax
import Synchronization

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
    let found = files
    return analyze(found) { index in Self.read(found[index]) }
  }

  /// The scan of texts already in memory (`file` names them and picks the
  /// language by its extension), checked as files are: for the fuzz target.
  static func scan(sources: [(file: String, bytes: [UInt8])]) -> SourceScan {
    let sources = sources.map { Source(file: $0.file, bytes: $0.bytes) }
    return analyze(sources.map(\.file)) { index in
      guard sources[index].bytes.count <= maximumFileBytes else {
        return .skipped(
          SkippedSource(file: sources[index].file, reason: .tooLarge(limit: maximumFileBytes)))
      }
      return check(sources[index].file, sources[index].bytes)
    }
  }

  private struct Source: Sendable {
    var file: String
    var bytes: [UInt8]
  }

  /// What the first pass keeps of a file: plain data, never its text or tree.
  private enum Summary: Sendable {
    case skipped(SkippedSource)
    case swift(lines: Int, symbols: SwiftSymbols, steps: Int)
    case objectiveC(lines: Int, constants: [String: String])
    case other(lines: Int)
  }

  /// The uses in the files `load` reads (by index). Each pass loads a file,
  /// works on it and lets it go, so at most one file a worker is in memory
  /// at once: the first pass keeps each file's symbols (Swift) and constants
  /// (Objective-C), the second each Objective-C file's variables, the last
  /// finds the uses with every file's. A file that cannot be read again the
  /// same way in a later pass (changed meanwhile) is listed as skipped then.
  static func analyze(_ files: [String], load: @Sendable (Int) -> ReadOutcome) -> SourceScan {
    let meter = SourceMeter()
    /// A pass over one file, its text let go when the pass is done.
    @Sendable func pass<Found: Sendable>(_ index: Int, _ body: (LoadedSource) -> Found) -> Passed<
      Found
    > {
      switch load(index) {
      case .text(let file, let text):
        .done(body(LoadedSource(file: file, text: text, meter: meter)))
      case .skipped(let skip): .skipped(skip)
      }
    }
    let summaries = files.indices.concurrentMap { index -> Summary in
      let source: LoadedSource
      switch load(index) {
      case .text(let file, let text): source = LoadedSource(file: file, text: text, meter: meter)
      case .skipped(let skip): return .skipped(skip)
      }
      let lines = source.text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
      if source.isSwift {
        let tree = source.parse()
        let collector = SwiftSymbolCollector(file: index)
        collector.walk(tree)
        let symbols = collector.finish()
        return .swift(lines: lines, symbols: symbols, steps: collector.terms.steps)
      }
      if source.isObjectiveC {
        let scanner = ObjectiveCScanner(file: source.file, text: source.text)
        return .objectiveC(lines: lines, constants: scanner.constants(scanner.tokens()))
      }
      return .other(lines: lines)
    }

    var scan = SourceScan()
    // Swift: symbols of every file first, then the uses.
    var symbols = SwiftSymbols()
    // Objective-C: constants of every file (headers define them), then the uses.
    var constants: [String: String] = [:]
    var swiftFiles: [Int] = []
    var objectiveCFiles: [Int] = []
    for (index, summary) in summaries.enumerated() {
      switch summary {
      case .skipped(let skip):
        scan.skipped.append(skip)
        continue
      case .swift(let lines, let found, let steps):
        symbols.merge(found)
        scan.receiverSteps += steps
        swiftFiles.append(index)
        scan.lines += lines
      case .objectiveC(let lines, let found):
        constants.merge(found) { first, _ in first }
        objectiveCFiles.append(index)
        scan.lines += lines
      case .other(let lines):
        scan.lines += lines
      }
      scan.files += 1
    }
    // Swift reads Objective-C's constants through the bridging header: a name
    // Swift does not declare itself resolves to the Objective-C constant.
    for (name, value) in constants where symbols.constants[name] == nil {
      symbols.constants[name] = value
    }
    let allSymbols = symbols
    let allConstants = constants
    let objectiveCFound = objectiveCFiles

    // Properties declared in a header are used in its implementation: the
    // file's own declarations first, then every file's.
    let fileVariables = objectiveCFound.concurrentMap { index in
      pass(index) { source in
        let scanner = ObjectiveCScanner(file: source.file, text: source.text)
        var steps = 0
        let table = scanner.variables(scanner.tokens(), constants: allConstants, steps: &steps)
        return FileVariables(table: table, steps: steps)
      }
    }
    var variables: [String: DefaultsReceiver] = [:]
    for found in fileVariables {
      switch found {
      case .done(let found):
        variables.merge(found.table) { first, other in first == other ? first : .unresolved }
        scan.objectiveCSteps += found.steps
      case .skipped(let skip):
        if !scan.skipped.contains(skip) { scan.skipped.append(skip) }
      }
    }
    let allVariables = variables

    let globals = GlobalReceivers()
    let swiftResults = swiftFiles.concurrentMap { index in
      pass(index) { source in
        let tree = source.parse()
        let collector = SwiftUseCollector(
          symbols: allSymbols, globals: globals, file: source.file, tree: tree, text: source.text)
        collector.walk(tree)
        return FileUses(
          uses: collector.uses, registrations: collector.runtimeRegistrations,
          unread: collector.unreadRegistrations,
          registersGeneratedKeys: collector.registersGeneratedKeys,
          receiverSteps: collector.receiverSteps)
      }
    }
    let objectiveCResults = objectiveCFound.indices.concurrentMap { turn -> Passed<FileUses> in
      guard case .done(let own) = fileVariables[turn] else { return .done(FileUses()) }
      return pass(objectiveCFound[turn]) { source in
        let scanner = ObjectiveCScanner(file: source.file, text: source.text)
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        let starts = lineStarts(source.text)
        var steps = 0
        let (uses, registrations, unread) = scanner.uses(
          scanner.tokens(), constants: allConstants,
          variables: { own.table[$0] ?? allVariables[$0] }, steps: &steps
        ) { offset in
          place(offset: offset, in: scanner.file, starts: starts, lines: lines)
        }
        return FileUses(
          uses: uses, registrations: registrations, unread: unread, objectiveCSteps: steps)
      }
    }

    for result in swiftResults + objectiveCResults {
      switch result {
      case .done(let found):
        scan.receiverSteps += found.receiverSteps
        scan.objectiveCSteps += found.objectiveCSteps
        scan.uses += found.uses
        scan.runtimeRegistrations += found.registrations
        scan.unreadRegistrations += found.unread
        scan.registersGeneratedKeys = scan.registersGeneratedKeys || found.registersGeneratedKeys
      case .skipped(let skip):
        if !scan.skipped.contains(skip) { scan.skipped.append(skip) }
      }
    }
    scan.peakSourceBytes = meter.peak
    return scan
  }

  /// What a later pass made of a file, or why it could not read it again.
  private enum Passed<Found: Sendable>: Sendable {
    case done(Found)
    case skipped(SkippedSource)
  }

  /// An Objective-C file's variables and properties, and the steps taken to find them.
  private struct FileVariables: Sendable {
    var table: [String: DefaultsReceiver]
    var steps: Int
  }

  /// What the last pass finds in one file.
  private struct FileUses: Sendable {
    var uses: [KeyUse] = []
    var registrations: [RuntimeRegistration] = []
    var unread: [UnreadRegistration] = []
    var registersGeneratedKeys = false
    var receiverSteps = 0
    var objectiveCSteps = 0
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
        case .conditionalDepth: .conditionalsTooDeep(limit: SwiftNesting.maximumConditionalDepth)
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

  /// A file's text while a pass works on it, and its syntax tree once parsed
  /// (the tree lives no longer than this holder: it is made by ``parse()``
  /// and used within the same pass). Counted by a ``SourceMeter``, so that
  /// tests can see how many bytes of source are in memory at once.
  final class LoadedSource {
    let file: String
    let text: String
    private let meter: SourceMeter
    private let bytes: Int

    init(file: String, text: String, meter: SourceMeter) {
      self.file = file
      self.text = text
      self.meter = meter
      bytes = text.utf8.count
      meter.load(bytes)
    }

    deinit { meter.release(bytes) }

    var isSwift: Bool { swiftExtensions.contains((file as NSString).pathExtension) }
    var isObjectiveC: Bool { objectiveCExtensions.contains((file as NSString).pathExtension) }

    func parse() -> SourceFileSyntax {
      var parser = Parser(text, maximumNestingLevel: parserNestingLevel)
      return SourceFileSyntax.parse(from: &parser)
    }
  }

  /// The bytes of source held at once during a scan, and the most ever held.
  final class SourceMeter: Sendable {
    private let state = Mutex<(alive: Int, peak: Int)>((0, 0))

    func load(_ bytes: Int) {
      state.withLock {
        $0.alive += bytes
        $0.peak = max($0.peak, $0.alive)
      }
    }

    func release(_ bytes: Int) { state.withLock { $0.alive -= bytes } }

    var peak: Int { state.withLock { $0.peak } }
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
