import Foundation
import Synchronization

/// How a browser is started and how long it may keep silent.
///
/// ```swift
/// var options = LaunchOptions()
/// options.timeout = .seconds(10)
/// ```
public struct LaunchOptions: Sendable {
  /// The longest any one call (a DevTools method, a page load) may take.
  public var timeout: Duration = .seconds(30)
  /// The longest the browser may take to start and answer its first call.
  public var startTimeout: Duration = .seconds(30)
  /// Where the throwaway profile folder (`--user-data-dir`) is made.
  public var temporaryDirectory: String = NSTemporaryDirectory()
  /// Whether Chromium's sandbox is turned off (`--no-sandbox`), which it refuses to run
  /// without as root; nil: exactly when this process runs as root.
  public var withoutSandbox: Bool? = nil

  public init() {}
}

/// A headless Chromium driven over its DevTools pipe (`--remote-debugging-pipe`): no
/// network port, a throwaway profile, and a deadline on every wait, so a browser that
/// hangs or dies is a ``BrowserError``, never a hang. Safe to share between threads:
/// calls take turns.
///
/// ```swift
/// let browser = try HeadlessChromium.launch(BrowserExecutable(path: "/usr/bin/chromium"))
/// defer { browser.close() }
/// let page = try browser.open(URL(fileURLWithPath: "/tmp/page.html"),
///                             viewport: Viewport(width: 390, height: 844))
/// let title: String = try page.evaluate("document.title")
/// let png = try page.screenshot(.fullPage)
/// ```
public final class HeadlessChromium: Sendable {
  public let executable: BrowserExecutable
  /// The browser's product and version, `Chrome/131.0.6778.85` or like it.
  public let product: String
  let timeout: Duration
  private let connection: Mutex<DevToolsConnection?>

  private init(
    executable: BrowserExecutable, product: String, timeout: Duration,
    connection: consuming sending DevToolsConnection
  ) {
    self.executable = executable
    self.product = product
    self.timeout = timeout
    self.connection = Mutex(connection)
  }

  deinit { close() }

  /// Starts `executable` headless, in a new profile folder under the options'
  /// temporary directory, and waits for it to answer.
  public static func launch(
    _ executable: BrowserExecutable, options: LaunchOptions = LaunchOptions()
  )
    throws(BrowserError) -> HeadlessChromium
  {
    let template = (options.temporaryDirectory as NSString).appendingPathComponent(
      "prefs-browser-XXXXXX")
    var templateBytes = Array(template.utf8CString)
    guard let made = mkdtemp(&templateBytes) else {
      throw .cannotMakeProfile(path: template)
    }
    let profile = String(cString: made)
    let withoutSandbox = options.withoutSandbox ?? (geteuid() == 0)
    let arguments = launchArguments(profile: profile, withoutSandbox: withoutSandbox)
    let process: ChromiumProcess
    do {
      process = try ChromiumProcess.start(
        executable: executable.path, arguments: arguments, profile: profile)
    } catch {
      try? FileManager.default.removeItem(atPath: profile)
      throw error
    }
    let connection = DevToolsConnection(process: process)
    let product: String
    do {
      let version = try connection.call("Browser.getVersion", timeout: options.startTimeout)
      product = version["product"] as? String ?? ""
    } catch {
      process.finish(grace: .zero)
      throw error
    }
    return HeadlessChromium(
      executable: executable, product: product, timeout: options.timeout,
      connection: connection)
  }

  /// The command line after the program name: headless, the pipe, the throwaway
  /// profile, and nothing a test or a picture should depend on (first-run pages,
  /// extensions, background networking, scrollbars, the display's colour profile).
  static func launchArguments(profile: String, withoutSandbox: Bool) -> [String] {
    ["--headless", "--remote-debugging-pipe", "--user-data-dir=" + profile]
      + (withoutSandbox ? ["--no-sandbox"] : [])
      + [
        "--no-first-run", "--no-default-browser-check", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars",
        "--force-color-profile=srgb", "--password-store=basic", "--use-mock-keychain",
        "--disable-features=Translate,MediaRouter,OptimizationHints",
        // Pages in background tabs run as the one in front: timers and frames are not
        // held back, so a suite sharing one browser between its tests never waits on them.
        "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "about:blank",
      ]
  }

  /// Opens a new page (a tab) at `viewport` in `colorScheme` and loads `url` in it.
  public func open(
    _ url: URL, viewport: Viewport, colorScheme: ColorScheme = .light
  ) throws(BrowserError) -> BrowserPage {
    let target = try call("Target.createTarget", ["url": "about:blank"])
    guard let targetID = target.value["targetId"] as? String else {
      throw .unreadableMessage(method: "Target.createTarget")
    }
    let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
    guard let session = attached.value["sessionId"] as? String else {
      throw .unreadableMessage(method: "Target.attachToTarget")
    }
    let page = BrowserPage(browser: self, targetID: targetID, session: session)
    do {
      _ = try call("Page.enable", session: session)
      try page.setViewport(viewport)
      try page.setColorScheme(colorScheme)
      try page.load(url)
    } catch {
      page.close()
      throw error
    }
    return page
  }

  /// Asks the browser to quit, ends it when it does not within a few seconds, and
  /// removes its profile folder. Later calls fail with ``BrowserError/closed``.
  public func close() {
    connection.withLock { connection in
      guard let open = connection else { return }
      _ = try? open.call("Browser.close", timeout: .seconds(5))
      open.process.finish(grace: .seconds(5))
      connection = nil
    }
  }

  /// The browser's process id while it runs (its process group's too).
  var processID: pid_t? {
    connection.withLock { $0?.process.processID }
  }

  /// Calls a DevTools `method`, in a page's `session` or the browser's.
  func call(_ method: String, _ parameters: JSONObject = [:], session: String? = nil)
    throws(BrowserError) -> DevToolsResult
  {
    let timeout = self.timeout
    return try connection.withLock { connection throws(BrowserError) -> DevToolsResult in
      guard let open = connection else { throw .closed }
      return DevToolsResult(
        value: try open.call(method, parameters.value, session: session, timeout: timeout))
    }
  }

  /// Makes `target` the page in front, then calls `method` in its `session`, with no
  /// other call between: a page behind another draws no frames, and a screenshot of it
  /// would wait for one.
  func callInFront(
    target: String, _ method: String, _ parameters: JSONObject, session: String
  ) throws(BrowserError) -> DevToolsResult {
    let timeout = self.timeout
    return try connection.withLock { connection throws(BrowserError) -> DevToolsResult in
      guard let open = connection else { throw .closed }
      _ = try open.call("Target.activateTarget", ["targetId": target], timeout: timeout)
      return DevToolsResult(
        value: try open.call(method, parameters.value, session: session, timeout: timeout))
    }
  }

  /// Calls `method` and waits for the event `event` of the same session that follows it.
  func call(
    _ method: String, _ parameters: JSONObject, session: String, thenWaitFor event: String
  ) throws(BrowserError) -> (result: DevToolsResult, event: DevToolsResult) {
    let timeout = self.timeout
    return try connection.withLock {
      connection throws(BrowserError) -> (result: DevToolsResult, event: DevToolsResult) in
      guard let open = connection else { throw .closed }
      let mark = open.lastEvent
      let result = try open.call(method, parameters.value, session: session, timeout: timeout)
      if let failure = result["errorText"] as? String, !failure.isEmpty {
        return (DevToolsResult(value: result), DevToolsResult(value: [:]))
      }
      let event = try open.waitForEvent(event, session: session, after: mark, timeout: timeout)
      return (DevToolsResult(value: result), DevToolsResult(value: event))
    }
  }
}

/// A DevTools message's parameters or result: JSONSerialization's strings, numbers,
/// arrays and dictionaries, never changed once made.
struct DevToolsResult: @unchecked Sendable {
  let value: [String: Any]
}

/// Parameters of a DevTools call, as JSON values.
struct JSONObject: @unchecked Sendable, ExpressibleByDictionaryLiteral {
  let value: [String: Any]

  init(value: [String: Any]) {
    self.value = value
  }

  init(dictionaryLiteral elements: (String, Any)...) {
    value = Dictionary(elements) { $1 }
  }
}
