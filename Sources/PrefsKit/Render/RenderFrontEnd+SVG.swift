import Foundation
import Plist
import SettingsRender
import SettingsSchema

/// Pictures to write into a folder: each file's name in it and its text.
///
/// ```swift
/// let pictures = PictureFiles(files: [(name: "Root.svg", text: svg)])
/// let written = try pictures.write(into: "pictures", environment: environment)
/// ```
public struct PictureFiles: Sendable {
  /// Each file's name (letters, digits, `-`, `_` and `.` only) and text.
  public var files: [(name: String, text: String)]

  public init(files: [(name: String, text: String)]) {
    self.files = files
  }

  /// Writes every file into `folder` (relative to the environment's working
  /// directory; made when missing), each whole or not at all (``OutputFile``);
  /// returns the paths written, named as `folder` was given.
  public func write(into folder: String, environment: PrefsEnvironment) throws(OutputFileError)
    -> [String]
  {
    let resolved = environment.absolutePath(folder)
    do {
      try OutputFile.createFolder(resolved, for: folder)
    } catch {
      throw error.naming(folder)
    }
    var written: [String] = []
    for file in files {
      let shown = (folder as NSString).appendingPathComponent(file.name)
      do {
        try OutputFile.write(
          Data(file.text.utf8), to: (resolved as NSString).appendingPathComponent(file.name))
      } catch {
        throw error.naming(shown)
      }
      written.append(shown)
    }
    return written
  }
}

extension RenderFrontEnd {
  /// An SVG rendering: one picture per page, and the tables that did not read.
  public struct SVGRendering: Sendable {
    /// `Root.svg`, `Advanced.svg`, `Root-3.svg` (a multi value's choices), … (``SVGPicture/fileNames(for:)``).
    public var pictures: PictureFiles
    public var unreadTables: [BundleProblem]
  }

  /// `prefs render --format svg`: every page as one self-contained SVG
  /// picture (``SVGPicture``), read as ``layout(_:values:environment:)`` reads the bundle.
  ///
  /// ```swift
  /// let rendered = try RenderFrontEnd.svg(
  ///   EditOptions(bundle: "Examples/Showcase/Settings.bundle"), environment: environment)
  /// try rendered.pictures.write(into: "pictures", environment: environment)
  /// ```
  public static func svg(
    _ options: EditOptions, values: [PlistKey: PlistValue] = [:],
    appearance: SVGPicture.Appearance = .automatic, environment: PrefsEnvironment
  ) throws(EditFailure) -> SVGRendering {
    let rendered = try layout(options, values: values, environment: environment)
    let layout = rendered.layout
    let names = SVGPicture.fileNames(for: layout.pages.map(\.id))
    let files = layout.pages.compactMap { page -> (name: String, text: String)? in
      guard let name = names[page.id] else { return nil }
      return (name, SVGPicture.page(page, of: layout, options: .init(appearance: appearance)))
    }
    return SVGRendering(
      pictures: PictureFiles(files: files), unreadTables: rendered.unreadTables)
  }
}
