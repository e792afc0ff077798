import Foundation
import HeadlessBrowser
import Plist
import SettingsRender
import SettingsSchema

/// How `prefs render --format png` draws: the appearance, and how many device pixels
/// a CSS pixel is.
///
/// ```swift
/// let options = PictureOptions(directory: "pictures", colorScheme: .dark, scale: 1)
/// ```
public struct PictureOptions: Sendable {
  /// The folder the pictures go in, as the user named it (made when missing).
  public var directory: String
  /// The appearance the pages are shown in (the HTML's `prefers-color-scheme`).
  public var colorScheme: ColorScheme
  /// Device pixels per CSS pixel: 2 draws as a Retina screen does.
  public var scale: Double

  public init(directory: String, colorScheme: ColorScheme = .light, scale: Double = 2) {
    self.directory = directory
    self.colorScheme = colorScheme
    self.scale = scale
  }
}

/// One page drawn: its name (the file stem of `page-NAME`, ``HTMLWriter/pageID(_:)``)
/// and its PNG bytes.
public struct PagePicture: Sendable, Hashable {
  public var name: String
  public var png: Data
}

/// The pictures written, and the tables that did not read (shown as written).
public struct PictureRendering: Sendable {
  /// Each file written, as a path under the folder as the user named it.
  public var files: [String]
  public var unreadTables: [BundleProblem]
}

/// Why no pictures were written; the caller words it (a missing browser with its
/// ``InstallRemedy``).
public enum PictureFailure: Error, Sendable {
  /// The bundle could not be laid out.
  case render(EditFailure)
  /// No browser was found (or the one `PREFS_BROWSER` names is not there).
  case noBrowser(BrowserNotFound)
  /// The browser failed: it did not start, answer, or load the page.
  case browser(executable: String, BrowserError)
  /// A picture or the folder could not be written.
  case output(OutputFileError)
  /// The scratch folder for the page could not be made or written.
  case scratch(path: String)
}

/// `prefs render --format png`: every page of a bundle as a PNG picture, drawn by a
/// headless Chromium from the HTML ``RenderFrontEnd/html(_:values:appearance:environment:)``
/// writes, one file per page named after it.
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work/app", variables: ["PATH": "/usr/bin"])
/// let written = try RenderFrontEnd.pictures(
///   EditOptions(bundle: "Settings.bundle"), options: PictureOptions(directory: "pictures"),
///   environment: environment)
/// written.files  // ["pictures/Root.png", "pictures/Advanced.png"]
/// ```
extension RenderFrontEnd {
  /// The variable that names the browser to use: a path, or a command on `PATH`.
  public static let browserVariable = "PREFS_BROWSER"

  /// The browser ``browserVariable`` names, else the one found on `PATH` or in its usual
  /// place (``BrowserLocator``).
  public static func browser(environment: PrefsEnvironment) throws(BrowserNotFound)
    -> BrowserExecutable
  {
    var requested = environment.variables[browserVariable]
    if let named = requested, named.contains("/") { requested = environment.absolutePath(named) }
    return try BrowserLocator.locate(
      requested: requested, searchPath: environment.variables["PATH"],
      home: environment.variables["HOME"])
  }

  /// Lays out the bundle, starts a browser, and writes one PNG per page into the folder.
  public static func pictures(
    _ render: EditOptions, values: [PlistKey: PlistValue] = [:], options: PictureOptions,
    environment: PrefsEnvironment
  ) throws(PictureFailure) -> PictureRendering {
    let html: HTMLRendering
    do throws(EditFailure) {
      html = try self.html(
        render, values: values, appearance: .automatic, environment: environment)
    } catch {
      throw .render(error)
    }
    let executable: BrowserExecutable
    do throws(BrowserNotFound) {
      executable = try browser(environment: environment)
    } catch {
      throw .noBrowser(error)
    }
    let scratch = environment.variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let pictures: [PagePicture]
    do throws(BrowserError) {
      var launch = LaunchOptions()
      launch.temporaryDirectory = scratch
      let browser = try HeadlessChromium.launch(executable, options: launch)
      defer { browser.close() }
      pictures = try pagePictures(
        ofHTML: html.html, in: browser, colorScheme: options.colorScheme, scale: options.scale,
        scratch: scratch)
    } catch .cannotMakeProfile(let path) {
      throw .scratch(path: path)
    } catch {
      throw .browser(executable: executable.path, error)
    }
    let folder =
      options.directory.hasSuffix("/") ? String(options.directory.dropLast()) : options.directory
    var files: [String] = []
    do throws(OutputFileError) {
      let absolute = environment.absolutePath(folder)
      try OutputFile.createFolder(absolute, for: folder)
      for picture in pictures {
        try OutputFile.write(picture.png, to: absolute + "/" + picture.name + ".png")
        files.append(folder + "/" + picture.name + ".png")
      }
    } catch {
      throw .output(error)
    }
    return PictureRendering(files: files, unreadTables: html.unreadTables)
  }

  /// Every page of a rendered HTML document (`section.page`, ``HTMLWriter``) drawn by
  /// `browser` in `colorScheme`: one picture per page, in document order. The document
  /// is written to a folder made under `scratch` and removed after.
  public static func pagePictures(
    ofHTML html: String, in browser: HeadlessChromium, colorScheme: ColorScheme,
    scale: Double, scratch: String
  ) throws(BrowserError) -> [PagePicture] {
    var template = Array((scratch + "/prefs-render-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw .cannotMakeProfile(path: scratch + "/prefs-render-XXXXXX")
    }
    let folder = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = URL(fileURLWithPath: folder + "/pages.html")
    guard (try? Data(html.utf8).write(to: file)) != nil else {
      throw .cannotMakeProfile(path: file.path)
    }
    // Wide enough for every page at its full width (a phone's 390 px, a pad's 620 px).
    let page = try browser.open(
      file, viewport: Viewport(width: 1024, height: 768, deviceScaleFactor: scale),
      colorScheme: colorScheme)
    defer { page.close() }
    struct Placed: Decodable {
      var id: String
      var rect: PageRect
    }
    let placed: [Placed] = try page.evaluate(
      """
      [...document.querySelectorAll('main > section.page')].map(s => {
        const r = s.getBoundingClientRect();
        const left = Math.floor(r.left + scrollX), top = Math.floor(r.top + scrollY);
        return { id: s.id, rect: { x: left, y: top,
          width: Math.ceil(r.right + scrollX) - left, height: Math.ceil(r.bottom + scrollY) - top } };
      })
      """)
    var names: Set<String> = []
    var pictures: [PagePicture] = []
    for section in placed {
      let name = uniqueName(fileName(forPageID: section.id), among: &names)
      pictures.append(PagePicture(name: name, png: try page.screenshot(.clip(section.rect))))
    }
    return pictures
  }

  /// A page's file name from its element id: `page-Advanced` is `Advanced`. Only ASCII
  /// letters, digits, `_` and `-` are kept as they are (the writer's ids hold no other),
  /// so no name is a path or hidden.
  static func fileName(forPageID id: String) -> String {
    let stem = id.hasPrefix("page-") ? String(id.dropFirst("page-".count)) : id
    let safe = String(
      stem.unicodeScalars.map { scalar -> Character in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-")
          ? Character(scalar) : "_"
      })
    return safe.isEmpty ? "page" : safe
  }

  private static func uniqueName(_ name: String, among used: inout Set<String>) -> String {
    var candidate = name
    var number = 2
    while used.contains(candidate) {
      candidate = name + "-\(number)"
      number += 1
    }
    used.insert(candidate)
    return candidate
  }
}
