import ArgumentParser
import BundleEdit
import Foundation
import Plist
import PrefsKit
import SettingsSchema
import SourceCheck

/// `prefs bundle rename-key BUNDLE OLD NEW [--sources DIR] [--dry-run]`.
struct BundleRenameKey: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename-key",
    abstract: "Rename a specifier's Key on every page of the bundle and in its tables.",
    discussion: """
      Renames the Key on every page file that writes it (Root.plist, ~iphone and ~ipad \
      variants, .inApp.plist, child pages), the texts of those elements written as the key \
      (a Title that is the key), and those texts' entries in every table. Only the lines \
      that name the key change. Refuses when NEW is already a key. With --sources, lists \
      the places in the app's code that use OLD (they are not changed). Exit status: 0 when \
      renamed, 1 when refused (nothing written), 2 for a usage error.
      """)

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Argument(help: "The Key to rename.") var old: String
  @Argument(help: "The new Key.") var new: String
  @Option(
    name: .customLong("sources"),
    help: "A folder of the app's code to list uses of OLD in (repeatable).")
  var sources: [String] = []
  @Flag(help: "Print what would change; write nothing.") var dryRun = false

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let outcome: RenameKeyOutcome
    do {
      outcome = try RenameKeyFrontEnd.run(
        RenameKeyOptions(bundle: bundle, from: old, to: new, sources: sources, dryRun: dryRun),
        environment: environment)
    } catch {
      return Self.report(error, bundle: bundle, to: &errors)
    }
    for line in Self.lines(outcome) { print(line.escapingControlCharacters, to: &output) }
    return ExitStatus.success
  }

  static func lines(_ outcome: RenameKeyOutcome) -> [String] {
    let rename = outcome.rename
    let prefix = BundleEditPrinter.folder(outcome.bundle)
    var lines: [String] = []
    let arrow = "\"\(rename.oldKey)\" -> \"\(rename.newKey)\""
    for change in rename.changes {
      let place = prefix + change.file + (change.line.map { ":\($0)" } ?? "")
      switch change.kind {
      case .key(let keyPath): lines.append("\(place): \(keyPath).Key \(arrow)")
      case .text(let keyPath): lines.append("\(place): \(keyPath) \(arrow)")
      case .tableKey: lines.append("\(place): table key \(arrow)")
      case .tableKeyCopied:
        lines.append(
          "\(place): table key \"\(rename.oldKey)\" copied as \"\(rename.newKey)\" (another element still shows \"\(rename.oldKey)\")"
        )
      }
    }
    let files = rename.files.count
    let counted =
      "\(rename.changes.count) change\(rename.changes.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
    lines.append(
      outcome.written
        ? "renamed \(arrow): \(counted)"
        : "would rename \(arrow): \(counted); nothing was written (--dry-run)")
    if let uses = outcome.sourceUses {
      if uses.isEmpty {
        lines.append("the app's code does not use \"\(rename.oldKey)\"")
      } else {
        lines.append(
          "the app's code uses \"\(rename.oldKey)\" in \(uses.count) place\(uses.count == 1 ? "" : "s") (not changed):"
        )
        for use in uses {
          let location = use.place.snippet.location
          lines.append(
            "\(use.place.file):\(location.line):\(location.column): \(Self.words(use.action))")
        }
      }
      if !outcome.skippedSources.isEmpty {
        lines.append(
          "\(outcome.skippedSources.count) source file\(outcome.skippedSources.count == 1 ? " was" : "s were") not read: uses there are unknown"
        )
      }
    }
    return lines
  }

  static func words(_ action: KeyUse.Action) -> String {
    switch action {
    case .read(let getter, _): "reads it with \(getter.swiftName)"
    case .cast(let getter, _): "reads it with \(getter.swiftName) and a cast"
    case .write: "writes it"
    case .register: "registers its default"
    case .declare(let declaration, _, _): "declares it (\(declaration.rawValue))"
    }
  }

  static func report(
    _ error: RenameKeyFailure, bundle: String, to errors: inout some TextOutputStream
  )
    -> Int32
  {
    let nothing = "; nothing was written"
    switch error {
    case .bundle(let error): return CommandErrors.report(error, to: &errors)
    case .configuration(let error): return CommandErrors.report(error, to: &errors)
    case .write(let error): return CommandErrors.report(error, to: &errors)
    case .sources(let failure):
      return CommandErrors.report(
        CommandFailure.usage("--sources \(failure.path): \(failure.reason)"), to: &errors)
    case .rename(let error):
      let message: String
      var status = ExitStatus.failure
      switch error {
      case .emptyKey:
        message = "the new key is empty"
        status = ExitStatus.usage
      case .sameKey(let key):
        message = "the new key is the old one (\"\(key)\")"
        status = ExitStatus.usage
      case .keyNotFound(let key):
        message = "\(bundle): no element has the Key \"\(key)\"" + nothing
      case .keyExists(let key, let places):
        let shown = places.map { bundle + "/" + $0.description }.joined(separator: ", ")
        message = "\(bundle): the Key \"\(key)\" is already used (\(shown))" + nothing
      case .tableKeyExists(let key, let table):
        message = "\(bundle)/\(table): the table already has the key \"\(key)\"" + nothing
      case .fileNotEditable(let file, let reason):
        let why: String =
          switch reason {
          case .keyNotWritable: "the new key holds a character the file's format cannot carry"
          case .encodingNotKept: "its text does not convert back to the same bytes"
          case .unreadable(let issue): issue.message
          case .writer(let error): error.description
          case .edit(let error): "\(error)"
          }
        message = "\(bundle)/\(file): cannot be changed in place: \(why)" + nothing
      }
      return CommandErrors.report(CommandFailure(message: message, status: status), to: &errors)
    }
  }
}

/// `prefs bundle build BUNDLE --configuration NAME OUT`.
struct BundleBuild: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Copy the bundle for a build configuration, leaving out its debug-only settings.",
    discussion: """
      The debug-only: section of .prefs.yml names keys and pages that builds other than \
      its kept-in: configurations (default: Debug) leave out: the elements, the pages with \
      the child panes that open them, groups left without rows, pages only those pages \
      opened, and the table entries only they showed. The copy is made beside OUT and \
      renamed into place; OUT may not be inside the bundle, and an existing OUT must be a \
      Settings bundle. The bundle itself is never changed. Exit status: 0 when copied, \
      1 when no copy was made, 2 for a usage error.
      """)

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Option(help: "The build configuration (Xcode's $CONFIGURATION: Debug, Release).")
  var configuration: String
  @Argument(help: "Where the copy goes (a Settings.bundle folder).") var output: String
  @Flag(help: "Print what would be left out; write nothing.") var dryRun = false
  @Option(help: "The configuration file (default: the nearest .prefs.yml above the bundle).")
  var config: String?

  func execute(
    environment: PrefsEnvironment, output out: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let outcome: BundleBuildOutcome
    do {
      outcome = try BundleBuildFrontEnd.run(
        BundleBuildOptions(
          bundle: bundle, configuration: configuration, output: output, dryRun: dryRun,
          configurationFile: config),
        environment: environment)
    } catch {
      return report(error, to: &errors)
    }
    for line in Self.lines(outcome, configuration: configuration) {
      print(line.escapingControlCharacters, to: &out)
    }
    for key in outcome.stripping?.unmatchedKeys ?? [] {
      print(
        "prefs: warning: debug-only key \"\(key)\" names no element of \(bundle)"
          .escapingControlCharacters, to: &errors)
    }
    for pattern in outcome.unmatchedPagePatterns {
      print(
        "prefs: warning: debug-only page \"\(pattern)\" names no page of \(bundle)"
          .escapingControlCharacters, to: &errors)
    }
    return ExitStatus.success
  }

  static func lines(_ outcome: BundleBuildOutcome, configuration: String) -> [String] {
    let verb = outcome.written ? "copied" : "would copy"
    let head = "\(verb) \(outcome.bundle) to \(outcome.output)"
    guard outcome.debugOnly != nil else {
      return [head + " as it is: .prefs.yml has no debug-only section"]
    }
    guard outcome.strips, let stripping = outcome.stripping else {
      return [head + " as it is: \(configuration) keeps the debug-only settings"]
    }
    var lines = [head + " without its debug-only settings (\(configuration))"]
    let prefix = BundleEditPrinter.folder(outcome.bundle)
    for removal in stripping.removals {
      let place = prefix + removal.file + (removal.line.map { ":\($0)" } ?? "")
      switch removal.kind {
      case .page: lines.append("  \(place): left out (a debug-only page)")
      case .unreachedPage: lines.append("  \(place): left out (only debug-only pages open it)")
      case .element(let keyPath, let key):
        lines.append("  \(place): \(keyPath) left out (Key \"\(key)\")")
      case .sectionRow(let keyPath, let group):
        lines.append("  \(place): \(keyPath) left out (in the section of group \"\(group)\")")
      case .childPane(let keyPath, let page):
        lines.append("  \(place): \(keyPath) left out (a child pane to \"\(page)\")")
      case .emptyGroup(let keyPath):
        lines.append("  \(place): \(keyPath) left out (a group with no rows left)")
      case .tableEntry(let key):
        lines.append("  \(place): entry \"\(key)\" left out (only left-out settings show it)")
      case .table: lines.append("  \(place): left out (only left-out pages use the table)")
      }
    }
    if stripping.removals.isEmpty { lines.append("  nothing in the bundle is debug-only") }
    if !outcome.written { lines.append("nothing was written (--dry-run)") }
    return lines
  }

  func report(_ error: BundleBuildFailure, to errors: inout some TextOutputStream) -> Int32 {
    switch error {
    case .bundle(let error): return CommandErrors.report(error, to: &errors)
    case .configuration(let error): return CommandErrors.report(error, to: &errors)
    case .strip(let error):
      return CommandErrors.report(
        CommandFailure.failure("\(bundle): cannot leave out the debug-only settings: \(error)"),
        to: &errors)
    case .copy(let error):
      let message: String
      var status = ExitStatus.failure
      switch error {
      case .outputOverlapsBundle:
        message = "\(output): the copy cannot go inside the bundle, be it, or hold it"
        status = ExitStatus.usage
      case .outputNotABundle:
        message = "\(output): exists and is not a Settings bundle; it is never replaced"
        status = ExitStatus.usage
      case .noParentFolder:
        message = "\(output): the folder it goes in does not exist"
        status = ExitStatus.usage
      case .leavesCopy(let path):
        message = "\(path): leads out of the copy through a link; no copy was made"
      case .failed(let path, let step, let code):
        message = "\(path): cannot \(step): \(String(cString: strerror(code))); no copy was made"
      }
      return CommandErrors.report(CommandFailure(message: message, status: status), to: &errors)
    }
  }
}
