import Foundation
import Plist
import SettingsSchema

/// Xcode localization catalogs (`.xcloc`), what Xcode's Export Localizations
/// writes for one language, so that the Settings strings travel with the
/// app's own:
///
/// ```
/// de.xcloc/
///   contents.json                         developmentRegion, project, targetLocale, toolInfo, version
///   Localized Contents/de.xliff           the XLIFF translators edit
///   Source Contents/Settings.bundle/en.lproj/Root.strings   the source tables, for context
///   Notes/                                screenshots and notes (left empty)
/// ```
///
/// ```swift
/// let files = try XCLoc.export(model, language: "de", toolVersion: "1.0")
/// let translations = try XCLoc.importing(folder: "de.xcloc", model: model, language: nil)
/// ```
public enum XCLoc {
  /// The manifest's name.
  public static let manifest = "contents.json"
  /// The folder of the translated XLIFF.
  public static let localizedContents = "Localized Contents"
  /// The folder of the source files.
  public static let sourceContents = "Source Contents"
  /// The folder of screenshots and notes.
  public static let notes = "Notes"

  /// The files of the catalog, by their path inside the `.xcloc` folder.
  public static func export(
    _ model: TranslationModel, language: String, toolVersion: String
  ) throws -> [FileChange] {
    if model.folder(for: language) == nil { try InvalidLanguageError.check(language, in: nil) }
    // Xcode names locales by BCP 47 tags, whatever the folders are called.
    guard let target = model.tag(of: language) else {
      throw InvalidLanguageError(language: language, file: nil)
    }
    let bundleName = URL(fileURLWithPath: model.bundle.path).lastPathComponent
    let manifest = JSONValue.object([
      ("developmentRegion", .string(model.tag(of: model.sourceLanguage) ?? model.sourceLanguage)),
      ("project", .string(bundleName)),
      ("targetLocale", .string(target)),
      (
        "toolInfo",
        .object([
          ("toolBuildNumber", .string(toolVersion)), ("toolID", .string("prefs")),
          ("toolName", .string("prefs")), ("toolVersion", .string(toolVersion)),
        ])
      ),
      ("version", .string("1.0")),
    ])
    var files = [
      FileChange(path: Self.manifest, bytes: Array((manifest.rendered() + "\n").utf8)),
      FileChange(
        path: "\(localizedContents)/\(target).xliff",
        bytes: Array(try XLIFF.export(model, language: language, toolVersion: toolVersion).utf8)),
    ]
    for table in model.tables {
      guard let path = model.sourceFile(ofTable: table), let bytes = model.bundle.fileBytes(path)
      else { continue }
      files.append(FileChange(path: "\(sourceContents)/\(bundleName)/\(path)", bytes: bytes))
    }
    return files
  }

  /// The translations of a catalog folder: its manifest's `targetLocale`
  /// names the XLIFF read (which must translate that language, and `language`
  /// if given). No path read leaves the folder.
  public static func importing(folder: String, model: TranslationModel, language: String?)
    throws -> TranslationImport
  {
    let manifestName = folder + "/" + manifest
    let manifestData = try read(manifest, in: folder)
    guard let object = try? JSONSerialization.jsonObject(with: Data(manifestData)) as? [String: Any]
    else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: manifestName), problem: "not an Xcode localization catalog manifest (JSON)")
    }
    guard let target = object["targetLocale"] as? String else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: manifestName), problem: "no \"targetLocale\" (text)")
    }
    // The locale names a file: it is checked before it is used as one.
    try InvalidLanguageError.check(target, in: manifestName)
    _ = try model.importFolder(for: target, asked: language, file: manifestName)
    let xliff = "\(localizedContents)/\(target).xliff"
    return try TranslationImport.xliff(
      Data(try read(xliff, in: folder)), name: folder + "/" + xliff, model: model,
      language: target)
  }

  /// A file of the catalog, refused when it leaves the folder (through `..`
  /// or a link), is not a regular file, or is over the readers' limit.
  static func read(_ path: String, in folder: String) throws -> [UInt8] {
    guard let real = SettingsBundle.containedPath(path, inBundle: folder) else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: folder + "/" + path),
        problem: "missing, or outside the catalog (through '..' or a symbolic link)")
    }
    do {
      return try BoundedInput.read(
        path: real, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
    } catch {
      throw WorkflowError.invalidExchangeFile(
        .init(file: folder + "/" + path), problem: "cannot be read: \(error)")
    }
  }
}
