import Foundation
import Plist
import SettingsRender
import SettingsSchema

/// A bundle laid out as the Settings app shows it, read as `prefs edit`
/// reads it (language, idiom, dialect, root page, `.prefs.yml`), with the
/// tables that did not read: the pages show their language's words as
/// written, which the caller says as lint and dump do.
public struct RenderedLayout: Sendable {
  public var layout: SettingsLayout
  /// ``SettingsBundle/unreadTables`` of the bundle laid out.
  public var unreadTables: [BundleProblem]
}

/// `prefs render --format html`: every page of a bundle as one
/// self-contained HTML file. The values shown are the DefaultValues, or the
/// values stored in a domain when one (or a store location) is named, and
/// over both the values the caller gives.
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work/prefs")
/// var options = EditOptions(bundle: "Examples/Showcase/Settings.bundle")
/// options.preferredLanguages = ["pt-BR"]
/// let rendered = try RenderFrontEnd.html(options, appearance: .dark, environment: environment)
/// try RenderFrontEnd.write(rendered.html, to: "showcase.html", environment: environment)
/// ```
public enum RenderFrontEnd {
  /// The pages of the bundle `options` names, laid out; `values` stand
  /// over the stored ones and the DefaultValues.
  public static func layout(
    _ options: EditOptions, values: [PlistKey: PlistValue] = [:], environment: PrefsEnvironment
  ) throws(EditFailure) -> RenderedLayout {
    let named = NamedBundle(options.bundle, environment: environment)
    let bundle = try EditFrontEnd.load(options, named: named, environment: environment)
    var shown: [PlistKey: PlistValue] = [:]
    if options.domain != nil || options.store.namesALocation {
      let domain = try EditFrontEnd.domain(options.domain, of: bundle, named: named)
      shown = try EditFrontEnd.storeWithValues(domain, options, environment: environment).values
    }
    shown.merge(values) { _, given in given }
    let layout = SettingsLayout(
      bundle: bundle, appTitle: appTitle(of: bundle, named: named, domain: options.domain),
      values: shown)
    return RenderedLayout(layout: layout, unreadTables: bundle.unreadTables)
  }

  /// An HTML rendering and the tables that did not read.
  public struct HTMLRendering: Sendable {
    public var html: String
    public var unreadTables: [BundleProblem]
  }

  /// Every page as one HTML file (``HTMLWriter``).
  public static func html(
    _ options: EditOptions, values: [PlistKey: PlistValue] = [:],
    appearance: HTMLAppearance = .automatic, environment: PrefsEnvironment
  ) throws(EditFailure) -> HTMLRendering {
    let rendered = try layout(options, values: values, environment: environment)
    return HTMLRendering(
      html: HTMLWriter.write(rendered.layout, appearance: appearance),
      unreadTables: rendered.unreadTables)
  }

  /// Writes a rendering to the file a user named (relative to the
  /// environment's working directory), whole or not at all (``OutputFile``).
  public static func write(_ text: String, to file: String, environment: PrefsEnvironment)
    throws(OutputFileError)
  {
    try OutputFile.write(Data(text.utf8), to: environment.absolutePath(file))
  }

  /// The name over the first page, as Settings.app lists the app: the
  /// `CFBundleDisplayName` of the app's Info.plist beside the bundle, else
  /// its `CFBundleName` (either only when no build setting stands in it),
  /// else the domain named, else the folder the bundle is in.
  static func appTitle(of bundle: SettingsBundle, named: NamedBundle, domain: String?) -> String {
    let info = bundle.infoPlist(besideBundleAt: named.resolved)?.root
    for key in ["CFBundleDisplayName", "CFBundleName"] {
      if let name = info?[key]?.string, !name.isEmpty, !name.contains("$(") { return name }
    }
    if let domain = domain ?? bundle.defaultsDomain(besideBundleAt: named.resolved) {
      return domain
    }
    let components = named.resolved.split(separator: "/").filter { $0 != "." }
    return components.dropLast().last.map(String.init) ?? "Settings"
  }
}
