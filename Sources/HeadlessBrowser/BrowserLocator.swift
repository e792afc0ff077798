import Foundation

/// A Chromium-family browser on this machine (Chromium, Google Chrome): the
/// executable ``HeadlessChromium/launch(_:options:)`` starts.
///
/// ```swift
/// let browser = BrowserExecutable(path: "/usr/bin/chromium")
/// ```
public struct BrowserExecutable: Sendable, Hashable {
  /// The absolute path of the executable.
  public var path: String

  public init(path: String) {
    self.path = path
  }
}

/// The operating systems whose usual browser places ``BrowserLocator`` knows.
public enum HostPlatform: Sendable, Hashable {
  case linux
  case macOS

  /// The platform this code was built for.
  public static var current: HostPlatform {
    #if os(macOS)
      .macOS
    #else
      .linux
    #endif
  }
}

/// How to get a Chromium on a platform that has none, as data: the CLI words it.
///
/// ```swift
/// if case .linuxPackage(let name) = InstallRemedy.for(.linux) { print("apt-get install \(name)") }
/// ```
public enum InstallRemedy: Sendable, Hashable {
  /// A distribution package: Debian's and Ubuntu's `chromium` (`apt-get install chromium`).
  case linuxPackage(name: String)
  /// An application bundle in /Applications: Homebrew's cask, or the vendor's download page.
  case macOSApplication(homebrewCask: String, download: URL)

  /// What installs a browser ``BrowserLocator`` then finds, on `platform`.
  public static func `for`(_ platform: HostPlatform) -> InstallRemedy {
    switch platform {
    case .linux: .linuxPackage(name: "chromium")
    case .macOS:
      .macOSApplication(
        homebrewCask: "chromium",
        download: URL(string: "https://www.google.com/chrome/")
          ?? URL(fileURLWithPath: "/Applications"))
    }
  }
}

/// No usable browser: what was asked for or searched, and how to install one.
public struct BrowserNotFound: Error, Sendable, Hashable {
  /// The path the caller asked for (``BrowserLocator/locate(requested:searchPath:home:platform:)``),
  /// when there was one and it is not an executable file.
  public var requested: String?
  /// Every place looked at, in order.
  public var searched: [String]
  /// How to install a browser that would be found.
  public var remedy: InstallRemedy

  public init(requested: String?, searched: [String], remedy: InstallRemedy) {
    self.requested = requested
    self.searched = searched
    self.remedy = remedy
  }
}

/// Finds a Chromium-family browser the way a user would: a path the caller names first
/// (an environment variable the CLI reads), else the usual command names on the search
/// path (Debian's `chromium`, Ubuntu's `chromium-browser`, `google-chrome`), else the
/// usual install places (/usr/bin, snap, the macOS applications).
///
/// ```swift
/// let browser = try BrowserLocator.locate(
///   requested: nil, searchPath: "/usr/local/bin:/usr/bin", home: "/home/me")
/// ```
public enum BrowserLocator {
  /// Command names tried on the search path, most specific first.
  public static let commandNames = [
    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
  ]

  /// The fixed places tried after the search path, on `platform`; `~` is `home`.
  public static func installPlaces(on platform: HostPlatform, home: String?) -> [String] {
    switch platform {
    case .linux:
      return [
        "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
        "/usr/bin/google-chrome-stable", "/snap/bin/chromium", "/opt/google/chrome/chrome",
      ]
    case .macOS:
      let applications = [
        "Google Chrome.app/Contents/MacOS/Google Chrome",
        "Chromium.app/Contents/MacOS/Chromium",
        "Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
        "Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary",
      ]
      let folders = ["/Applications"] + (home.map { [$0 + "/Applications"] } ?? [])
      return folders.flatMap { folder in applications.map { folder + "/" + $0 } }
    }
  }

  /// The browser to use: `requested` when given (an absolute path to an executable file,
  /// or a command name looked up on the search path; nothing else is tried then), else
  /// the first executable of the search path's ``commandNames``, else of
  /// ``installPlaces(on:home:)``.
  ///
  /// - Parameters:
  ///   - requested: a path or command name the user named, or nil.
  ///   - searchPath: the colon-separated directories of `PATH`, or nil.
  ///   - home: the user's home directory (macOS's `~/Applications`), or nil.
  ///   - isExecutable: whether a path is an executable regular file (tests pass their own).
  public static func locate(
    requested: String?, searchPath: String?, home: String?,
    platform: HostPlatform = .current,
    isExecutable: (String) -> Bool = BrowserLocator.isExecutableFile
  ) throws(BrowserNotFound) -> BrowserExecutable {
    let remedy = InstallRemedy.for(platform)
    let directories = (searchPath ?? "").split(separator: ":").map(String.init)
      .filter { $0.hasPrefix("/") }
    if let requested, !requested.isEmpty {
      // A command name is looked up on the search path, as a shell would; a path is taken
      // as it is, and only an absolute one (the caller resolves a relative one).
      let places =
        requested.contains("/") ? [requested] : directories.map { $0 + "/" + requested }
      guard let found = places.first(where: { $0.hasPrefix("/") && isExecutable($0) }) else {
        throw BrowserNotFound(
          requested: requested, searched: places.isEmpty ? [requested] : places, remedy: remedy)
      }
      return BrowserExecutable(path: found)
    }
    let candidates =
      commandNames.flatMap { name in directories.map { $0 + "/" + name } }
      + installPlaces(on: platform, home: home)
    var searched: [String] = []
    for candidate in candidates where !searched.contains(candidate) {
      searched.append(candidate)
      if isExecutable(candidate) { return BrowserExecutable(path: candidate) }
    }
    throw BrowserNotFound(requested: nil, searched: searched, remedy: remedy)
  }

  /// Whether `path` is a regular file (after links) this process may execute.
  public static func isExecutableFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { return false }
    return access(path, X_OK) == 0
  }
}
