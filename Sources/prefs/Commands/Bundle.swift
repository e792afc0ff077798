import ArgumentParser
import BundleEdit
import Plist
import PrefsKit
import SettingsSchema

/// `prefs bundle …`: edits of the bundle's own files that change only what changes.
struct BundleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bundle",
    abstract: "Edit a Settings bundle in place: set, add or remove an element.",
    subcommands: [
      BundleSet.self, BundleAdd.self, BundleRemove.self, BundleRenameKey.self, BundleBuild.self,
    ]
  )
}

/// The arguments every edit takes.
struct BundleEditArguments: ParsableArguments {
  @Option(help: "Look only in this page file of the bundle (Root~ipad.plist, a child page).")
  var page: String?

  @Flag(help: "Print the change as a diff; write nothing.")
  var dryRun = false

  @Option(help: "The device whose pages are searched: phone or pad.")
  var idiom: Idiom = .phone

  @Option(help: "The schema dialect: apple (Settings.app) or iask (InAppSettingsKit).")
  var dialect: Dialect?

  @OptionGroup var reading: RootPageOption

  func options(bundle: String, _ operation: BundleEditOptions.Operation) -> BundleEditOptions {
    BundleEditOptions(
      bundle: bundle, operation: operation, page: page, dryRun: dryRun, idiom: idiom,
      dialect: dialect, rootPage: reading.root)
  }
}

private let editDiscussion = """
  NAME is an element's Key, else its Title as written in the page. The pages searched are \
  Root and the pages its child panes reach (or the one --page names); a name that matches \
  no element, or more than one, is refused with the candidates. The page keeps its format \
  (XML, binary or OpenStep), encoding, indentation, comments and key order; only the lines \
  of the element change. The file is replaced atomically and never through a link out of \
  the bundle. Exit status: 0 when written (or unchanged), 1 when refused (nothing written), \
  2 for a usage error.
  """

/// `prefs bundle set BUNDLE NAME.ATTRIBUTE VALUE`.
struct BundleSet: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Set an attribute of an element (version_preference.DefaultValue).",
    discussion: "VALUE is typed by the schema: a toggle's DefaultValue is a boolean, a slider's "
      + "a number in its range, a multi value's one of its Values, a title a string. "
      + editDiscussion)

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Argument(help: "The element and attribute: NAME.ATTRIBUTE.") var keyPath: String
  @Argument(help: "The new value.") var value: String
  @OptionGroup var edit: BundleEditArguments

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    BundleEditPrinter.run(
      edit.options(bundle: bundle, .set(keyPath: keyPath, value: value)),
      environment: environment, output: &output, errors: &errors)
  }
}

/// `prefs bundle add BUNDLE --after NAME ATTRIBUTE=VALUE…`.
struct BundleAdd: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an element after another, checked against the schema.",
    discussion: "Each ATTRIBUTE=VALUE is typed by the schema; Type is required, and so are the "
      + "attributes its type requires. An array attribute takes one element per argument "
      + "(Values=0 Values=1). " + editDiscussion)

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Option(help: "The element the new one follows (its Key or Title).") var after: String
  @Argument(help: "The new element's attributes: Type=PSToggleSwitchSpecifier Key=sync ….")
  var attributes: [String]
  @OptionGroup var edit: BundleEditArguments

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    BundleEditPrinter.run(
      edit.options(bundle: bundle, .add(after: after, attributes: attributes)),
      environment: environment, output: &output, errors: &errors)
  }
}

/// `prefs bundle remove BUNDLE NAME`.
struct BundleRemove: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove an element from its page.", discussion: editDiscussion)

  @Argument(help: "The Settings.bundle folder.") var bundle: String
  @Argument(help: "The element (its Key or Title).") var name: String
  @OptionGroup var edit: BundleEditArguments

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    BundleEditPrinter.run(
      edit.options(bundle: bundle, .remove(name: name)),
      environment: environment, output: &output, errors: &errors)
  }
}

/// The words of `prefs bundle set/add/remove`.
enum BundleEditPrinter {
  static func run(
    _ options: BundleEditOptions, environment: PrefsEnvironment,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    let outcome: BundleEditOutcome
    do {
      outcome = try BundleEditFrontEnd.run(options, environment: environment)
    } catch {
      switch error {
      case .bundle(let error): return CommandErrors.report(error, to: &errors)
      case .configuration(let error): return CommandErrors.report(error, to: &errors)
      case .edit(let error):
        let (message, status) = words(error, bundle: options.bundle)
        // A "did you mean" comes last, after what was not done.
        let hint = suggestion(error).map { "; did you mean \"\($0)\"?" } ?? ""
        return CommandErrors.report(
          CommandFailure(message: message + "; nothing was written" + hint, status: status),
          to: &errors)
      }
    }
    if options.dryRun, let patch = outcome.patch { print(patch, terminator: "", to: &output) }
    print(summary(outcome, options.operation).escapingControlCharacters, to: &output)
    return ExitStatus.success
  }

  static func summary(_ outcome: BundleEditOutcome, _ operation: BundleEditOptions.Operation)
    -> String
  {
    let file = folder(outcome.bundle) + outcome.change.file
    let element = outcome.change.element
    let what: String
    switch operation {
    case .set(let keyPath, _):
      if outcome.change.isUnchanged {
        return "\(file): \(keyPath) is already \(shown(outcome.change.value)); nothing was written"
      }
      what =
        "\(outcome.written ? "set" : "would set") \(keyPath) in \(file): "
        + "\(shown(outcome.change.previous)) -> \(shown(outcome.change.value))"
    case .add(let anchor, _):
      var added = "an element"
      if case .dictionary(let entries)? = outcome.change.value {
        let name = entries[PlistKey(SpecifierAttribute.key.rawValue)].map(SpecifierValue.text(of:))
        let type =
          entries[PlistKey(SpecifierAttribute.type.rawValue)].map(SpecifierValue.text(of:))
          ?? "no Type"
        added =
          "\(name ?? entries[PlistKey(SpecifierAttribute.title.rawValue)].map { "\"\(SpecifierValue.text(of: $0))\"" } ?? "an element") (\(type))"
      }
      what = "\(outcome.written ? "added" : "would add") \(added) after \(anchor) in \(file)"
    case .remove(let name):
      what =
        "\(outcome.written ? "removed" : "would remove") \(name) (\(element.type ?? "no Type")) from \(file)"
    }
    return outcome.written ? what : what + "; nothing was written (--dry-run)"
  }

  /// The Key or Title a name that matches nothing was likely meant to be.
  static func suggestion(_ error: BundleEditError) -> String? {
    guard case .noElement(let name, _, let candidates) = error else { return nil }
    return Suggestion.closest(
      to: name, among: candidates.flatMap { [$0.key, $0.title].compactMap { $0 } })
  }

  static func shown(_ value: PlistValue?) -> String {
    guard let value else { return "(absent)" }
    if case .string(let text) = value { return "\"\(text)\"" }
    return SpecifierValue.text(of: value)
  }

  static func folder(_ bundle: String) -> String { bundle.hasSuffix("/") ? bundle : bundle + "/" }

  /// `Root.plist:12:5 version_preference (PSTitleValueSpecifier)`.
  static func named(_ element: ElementCandidate, bundle: String) -> String {
    let name = element.key ?? element.title.map { "\"\($0)\"" } ?? "element \(element.index)"
    return "\(folder(bundle))\(element.place) \(name) (\(element.type ?? "no Type"))"
  }

  static func words(_ error: BundleEditError, bundle: String) -> (String, Int32) {
    let base = folder(bundle)
    switch error {
    case .bundle(let error): return (error.description, ExitStatus.usage)
    case .noAttribute(let keyPath):
      return (
        "\"\(keyPath)\" names no attribute: give NAME.ATTRIBUTE (version_preference.DefaultValue)",
        ExitStatus.usage
      )
    case .noPage(let file, let pages):
      return (
        "\(bundle): it has no page \(file); its pages are \(pages.joined(separator: ", "))",
        ExitStatus.usage
      )
    case .pageOutsideBundle(let file, let reason):
      return ("\(bundle): the page \(file) is not edited: \(reason)", ExitStatus.failure)
    case .noElement(let name, let pages, let candidates):
      let keys = candidates.compactMap(\.key)
      let listed =
        suggestion(error) != nil || keys.isEmpty
        ? ""
        : "; its Keys are \(keys.prefix(10).joined(separator: ", "))\(keys.count > 10 ? ", …" : "")"
      return (
        "\(bundle): no element of \(pages.joined(separator: ", ")) has the Key or Title \"\(name)\""
          + listed, ExitStatus.failure
      )
    case .ambiguous(let name, let matches):
      return (
        "\(bundle): \"\(name)\" names \(matches.count) elements: "
          + matches.map { named($0, bundle: bundle) }.joined(separator: ", ")
          + (Set(matches.map(\.place.file)).count > 1
            ? "; name one by its Key, or give its page with --page" : "; name one by its Key"),
        ExitStatus.failure
      )
    case .unknownAttribute(let attribute, let type, let element, let known):
      let place = element.map { base + $0.place.description + ": " } ?? ""
      return (
        "\(place)\(type) has no attribute \(attribute); it has \(known.joined(separator: ", "))",
        ExitStatus.failure
      )
    case .keyInUse(let key, let elements):
      return (
        "\(bundle): the Key \"\(key.escapingControlCharacters)\" is already used by "
          + elements.map { named($0, bundle: bundle) }.joined(separator: ", ")
          + "; two rows of one Key show and write one stored value",
        ExitStatus.failure
      )
    case .keyNotSet(let element):
      return (
        "\(named(element, bundle: bundle)): its Key is not set; rename it with"
          + " prefs bundle rename-key \(bundle) \(element.key?.escapingControlCharacters ?? "OLD") NEW,"
          + " which refuses an empty or used Key"
          + " and renames its texts too",
        ExitStatus.usage
      )
    case .valueRefused(let text, let attribute, let element, let reason):
      let place = element.map { base + $0.place.description + ": " } ?? ""
      let what = attribute.isEmpty ? "\"\(text)\"" : "\(attribute) cannot be \"\(text)\""
      return ("\(place)\(what): \(reason)", ExitStatus.failure)
    case .badSpecification(let text, let reason):
      return ("\"\(text)\": \(reason)", ExitStatus.usage)
    case .missingAttributes(let attributes, let type):
      return (
        "a new \(type) needs \(attributes.joined(separator: ", "))", ExitStatus.usage
      )
    case .unreadable(let file, let issue):
      return (
        CompilerStyleFormatter.format(
          file: base + file, severity: .error, message: issue.message, place: issue.place),
        ExitStatus.failure
      )
    case .cannotEditInPlace(let file, let place, let reason):
      return (
        "\(base)\(located(file, place)): cannot be changed in place: \(reason)", ExitStatus.failure
      )
    case .notReadBack(let file, let reason):
      return ("\(base)\(file): the edited file would not read back: \(reason)", ExitStatus.failure)
    case .unwritable(let file, let reason):
      return ("\(base)\(file): not written: \(reason)", ExitStatus.failure)
    }
  }

  static func located(_ file: String, _ place: IssuePlace?) -> String {
    switch place {
    case .text(let snippet)?: "\(file):\(snippet.location.line):\(snippet.location.column)"
    case .keyPath(let path)?: "\(file) (\(path))"
    case nil: file
    }
  }
}
