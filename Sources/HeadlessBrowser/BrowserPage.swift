import Foundation

/// The size of a page's window in CSS pixels, and how many device pixels one is.
///
/// ```swift
/// let phone = Viewport(width: 390, height: 844, deviceScaleFactor: 2)
/// ```
public struct Viewport: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var deviceScaleFactor: Double

  public init(width: Int, height: Int, deviceScaleFactor: Double = 1) {
    self.width = width
    self.height = height
    self.deviceScaleFactor = deviceScaleFactor
  }
}

/// The appearance a page is shown in: CSS's `prefers-color-scheme`.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
  case light
  case dark
}

/// A rectangle of a page in CSS pixels, from the top left of the document.
public struct PageRect: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// What part of a page a screenshot shows.
public enum ScreenshotArea: Sendable, Hashable {
  /// What the viewport shows.
  case viewport
  /// The whole document, however long (at the viewport's width).
  case fullPage
  /// A rectangle of the document, wherever it is scrolled.
  case clip(PageRect)
}

/// One node of a page's accessibility tree, as assistive technology sees it.
public struct AccessibilityNode: Sendable, Hashable {
  public var id: String
  /// Left out of the tree the user meets (hidden, presentational).
  public var ignored: Bool
  /// The ARIA role (`button`, `checkbox`, `textbox`, `StaticText`, …).
  public var role: String
  /// The accessible name, "" when it has none.
  public var name: String
  /// States and properties (`checked`, `focusable`, `disabled`, …) in their JSON text.
  public var properties: [String: String]
  public var childIDs: [String]
  /// The DOM node it stands for, for ``BrowserPage/outerHTML(ofNode:)``.
  public var domNode: Int?
}

/// A page (tab) of a ``HeadlessChromium``: load a document, evaluate scripts, take
/// screenshots, read the accessibility tree.
public struct BrowserPage: Sendable {
  let browser: HeadlessChromium
  let targetID: String
  let session: String

  /// Loads `url` and waits for its load event and its fonts.
  public func load(_ url: URL) throws(BrowserError) {
    let (navigation, _) = try browser.call(
      "Page.navigate", ["url": url.absoluteString], session: session,
      thenWaitFor: "Page.loadEventFired")
    if let failure = navigation.value["errorText"] as? String, !failure.isEmpty {
      throw .navigationFailed(url: url.absoluteString, reason: failure)
    }
    _ = try evaluateJSON("document.fonts.ready.then(() => true)")
  }

  /// Resizes the page's window.
  public func setViewport(_ viewport: Viewport) throws(BrowserError) {
    _ = try browser.call(
      "Emulation.setDeviceMetricsOverride",
      [
        "width": viewport.width, "height": viewport.height,
        "deviceScaleFactor": viewport.deviceScaleFactor, "mobile": false,
      ], session: session)
  }

  /// Shows the page in `scheme` (its `prefers-color-scheme` media queries).
  public func setColorScheme(_ scheme: ColorScheme) throws(BrowserError) {
    _ = try browser.call(
      "Emulation.setEmulatedMedia",
      ["features": [["name": "prefers-color-scheme", "value": scheme.rawValue]]],
      session: session)
  }

  /// Evaluates `expression` in the page (a promise is awaited) and returns its value as
  /// JSON: `null` for `undefined`.
  public func evaluateJSON(_ expression: String) throws(BrowserError) -> Data {
    let answer = try browser.call(
      "Runtime.evaluate",
      [
        "expression": expression, "returnByValue": true, "awaitPromise": true,
        "userGesture": true,
      ], session: session)
    if let exception = answer.value["exceptionDetails"] as? [String: Any] {
      let thrown = (exception["exception"] as? [String: Any])?["description"] as? String
      throw .scriptThrew(thrown ?? exception["text"] as? String ?? "an exception")
    }
    let result = answer.value["result"] as? [String: Any] ?? [:]
    guard let value = result["value"],
      let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    else {
      // `undefined`, a function, a symbol: nothing JSON can hold.
      return Data("null".utf8)
    }
    return json
  }

  /// Evaluates `expression` in the page and decodes its JSON value as `T`.
  public func evaluate<T: Decodable>(_ expression: String, as type: T.Type = T.self)
    throws(BrowserError) -> T
  {
    let json = try evaluateJSON(expression)
    do {
      return try JSONDecoder().decode(T.self, from: json)
    } catch {
      throw .unexpectedResult(
        "\(T.self) from \(String(decoding: json.prefix(200), as: UTF8.self))")
    }
  }

  /// A PNG picture of `area`.
  public func screenshot(_ area: ScreenshotArea = .fullPage) throws(BrowserError) -> Data {
    var parameters: [String: Any] = ["format": "png", "fromSurface": true]
    switch area {
    case .viewport: break
    case .fullPage:
      let metrics = try browser.call("Page.getLayoutMetrics", session: session)
      let size = metrics.value["cssContentSize"] as? [String: Any] ?? [:]
      let width = (size["width"] as? Double) ?? 0
      let height = (size["height"] as? Double) ?? 0
      parameters["clip"] = clip(PageRect(x: 0, y: 0, width: width, height: height))
      parameters["captureBeyondViewport"] = true
    case .clip(let rect):
      parameters["clip"] = clip(rect)
      parameters["captureBeyondViewport"] = true
    }
    let answer = try browser.callInFront(
      target: targetID, "Page.captureScreenshot", JSONObject(value: parameters), session: session)
    guard let text = answer.value["data"] as? String, let png = Data(base64Encoded: text) else {
      throw .unreadableMessage(method: "Page.captureScreenshot")
    }
    return png
  }

  private func clip(_ rect: PageRect) -> [String: Any] {
    [
      "x": rect.x, "y": rect.y, "width": max(1, rect.width), "height": max(1, rect.height),
      "scale": 1,
    ]
  }

  /// The whole accessibility tree of the page, root first.
  public func accessibilityTree() throws(BrowserError) -> [AccessibilityNode] {
    let answer = try browser.call("Accessibility.getFullAXTree", session: session)
    let nodes = answer.value["nodes"] as? [[String: Any]] ?? []
    return nodes.map { node in
      func text(_ key: String) -> String {
        ((node[key] as? [String: Any])?["value"]).map(Self.jsonText) ?? ""
      }
      var properties: [String: String] = [:]
      for property in node["properties"] as? [[String: Any]] ?? [] {
        guard let name = property["name"] as? String else { continue }
        properties[name] =
          ((property["value"] as? [String: Any])?["value"]).map(Self.jsonText)
          ?? ""
      }
      return AccessibilityNode(
        id: node["nodeId"] as? String ?? "", ignored: node["ignored"] as? Bool ?? false,
        role: text("role"), name: text("name"), properties: properties,
        childIDs: node["childIds"] as? [String] ?? [], domNode: node["backendDOMNodeId"] as? Int)
    }
  }

  /// The HTML of the DOM node `domNode` (an ``AccessibilityNode/domNode``).
  public func outerHTML(ofNode domNode: Int) throws(BrowserError) -> String {
    let answer = try browser.call("DOM.getOuterHTML", ["backendNodeId": domNode], session: session)
    return answer.value["outerHTML"] as? String ?? ""
  }

  /// Closes the page; the browser stays open.
  public func close() {
    _ = try? browser.call("Target.closeTarget", ["targetId": targetID])
  }

  private static func jsonText(_ value: Any) -> String {
    if let string = value as? String { return string }
    guard
      let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    else { return "" }
    return String(decoding: data, as: UTF8.self)
  }
}
