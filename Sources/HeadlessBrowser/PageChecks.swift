import Foundation

/// The document is wider than the viewport: it scrolls sideways.
public struct HorizontalOverflow: Sendable, Hashable, Codable {
  /// The document's `scrollWidth`, in CSS pixels.
  public var scrollWidth: Double
  /// The viewport's width (`innerWidth`).
  public var viewportWidth: Double
  /// The innermost elements reaching past the viewport's edges (tag, id, classes, text),
  /// at most ten.
  public var elements: [String]
}

/// A link within the page (`href="#…"`) that does not lead where it says.
public struct LinkProblem: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    /// No element has the fragment's id.
    case noTarget
    /// The target exists but is not shown after following the link (hidden, empty or
    /// outside the viewport).
    case targetNotShown
  }
  public var href: String
  /// The link's text, as a user reads it.
  public var text: String
  public var kind: Kind

  public init(href: String, text: String, kind: Kind) {
    self.href = href
    self.text = text
    self.kind = kind
  }
}

/// Text whose contrast with what is behind it is below what WCAG 2 asks (1.4.3).
public struct ContrastProblem: Sendable, Hashable, Codable {
  /// The text (its first 60 characters).
  public var text: String
  /// The element holding it (tag, id, classes).
  public var element: String
  /// The text's and the background's colours, `rgb(…)` after blending.
  public var color: String
  public var background: String
  public var ratio: Double
  /// 4.5, or 3 for large text (24 px, or 18.66 px bold).
  public var required: Double
}

/// A control (button, switch, text field, slider, link, …) without an accessible name:
/// a screen reader says only its role.
public struct UnnamedControl: Sendable, Hashable {
  public var role: String
  /// Its HTML (the first 200 characters).
  public var html: String
}

/// How two pictures differ, pixel by pixel.
public struct ImageDifference: Sendable, Hashable, Codable {
  public var width: Int
  public var height: Int
  public var otherWidth: Int
  public var otherHeight: Int
  /// Pixels where some channel (red, green, blue or alpha) differs by more than the
  /// tolerance; every pixel when the sizes differ.
  public var differingPixels: Int
  /// The largest difference of one channel anywhere (0 to 255).
  public var largestChannelDifference: Int

  public var sameSize: Bool { width == otherWidth && height == otherHeight }

  /// The share of differing pixels, 0 to 1 (1 when the sizes differ).
  public var differingShare: Double {
    guard sameSize, width * height > 0 else { return 1 }
    return Double(differingPixels) / Double(width * height)
  }
}

/// Checks of what a user meets on a loaded page: evaluated in the page from its
/// computed styles and layout, and from the browser's accessibility tree.
extension BrowserPage {
  /// The distinct fragments of the page's internal links (`href="#…"`), in document
  /// order: each view of a page that shows one part at a time.
  public func internalLinkFragments() throws(BrowserError) -> [String] {
    try evaluate(
      """
      [...new Set([...document.querySelectorAll('a[href^="#"]')]
        .map(a => a.getAttribute('href').slice(1)).filter(f => f.length > 0))]
      """)
  }

  /// Shows the part of the page `fragment` names, as following a link to it does
  /// ("" goes back to the page as loaded).
  public func showFragment(_ fragment: String) throws(BrowserError) {
    // A fragment navigation is synchronous: `:target` holds at once, and the next
    // layout query sees it (frames are not waited for: a tab in the background gets none).
    _ = try evaluateJSON("location.hash = \(Self.javaScriptString(fragment)); true")
  }

  /// Whether the document is wider than the viewport, with the elements that make it so.
  public func horizontalOverflow() throws(BrowserError) -> HorizontalOverflow? {
    try evaluate(
      """
      (() => {
        \(Self.describeElement)
        const width = window.innerWidth;
        const scrollWidth = document.documentElement.scrollWidth;
        if (scrollWidth <= width) return null;
        const outside = [...document.querySelectorAll('body *')].filter(e => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
        });
        const innermost = outside.filter(e => !outside.some(o => o !== e && e.contains(o)));
        return { scrollWidth, viewportWidth: width,
                 elements: innermost.slice(0, 10).map(describe) };
      })()
      """)
  }

  /// The internal links whose target is missing or not shown once followed; the page is
  /// left showing what it showed before.
  public func internalLinkProblems() throws(BrowserError) -> [LinkProblem] {
    try evaluate(
      """
      (() => {
        const before = location.hash;
        const problems = [];
        for (const a of document.querySelectorAll('a[href^="#"]')) {
          const href = a.getAttribute('href');
          let id;
          try { id = decodeURIComponent(href.slice(1)); } catch { id = href.slice(1); }
          if (id === '') continue;
          const text = (a.innerText || a.textContent || '').trim().slice(0, 80);
          const target = document.getElementById(id);
          if (!target) { problems.push({ href, text, kind: 'noTarget' }); continue; }
          location.hash = href;
          const r = target.getBoundingClientRect();
          const style = getComputedStyle(target);
          const shown = target.getClientRects().length > 0 && r.width > 0 && r.height > 0
            && style.visibility !== 'hidden'
            && r.bottom > 0 && r.top < window.innerHeight
            && r.right > 0 && r.left < window.innerWidth;
          if (!shown) problems.push({ href, text, kind: 'targetNotShown' });
        }
        location.hash = before;
        return problems;
      })()
      """)
  }

  /// Shown text whose contrast ratio with its background is below `minimum` (3 for
  /// large text, as WCAG 2.1's 1.4.3). Text over a background image, and text of a
  /// disabled control (which 1.4.3 exempts), are not measured.
  public func lowContrastText(minimum: Double = 4.5, large: Double = 3)
    throws(BrowserError) -> [ContrastProblem]
  {
    try evaluate(
      """
      (() => {
        \(Self.describeElement)
        const canvas = new OffscreenCanvas(1, 1);
        const context = canvas.getContext('2d', { willReadFrequently: true });
        const cache = new Map();
        // Any CSS colour (rgb, oklch, color(), a system colour) as 8-bit sRGB and alpha.
        const rgba = css => {
          if (cache.has(css)) return cache.get(css);
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = '#000';
          context.fillStyle = css;
          context.fillRect(0, 0, 1, 1);
          const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
          const value = [r, g, b, a / 255];
          cache.set(css, value);
          return value;
        };
        const over = (top, bottom) => {
          const a = top[3] + bottom[3] * (1 - top[3]);
          if (a === 0) return [0, 0, 0, 0];
          return [0, 1, 2].map(i => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a)
            .concat([a]);
        };
        const probe = document.createElement('div');
        probe.style.cssText = 'position:absolute;width:0;height:0;background-color:Canvas';
        document.documentElement.appendChild(probe);
        const canvasColor = rgba(getComputedStyle(probe).backgroundColor);
        probe.remove();
        // What is drawn behind an element: its ancestors' backgrounds, down to the canvas;
        // null behind a background image, whose colours are not known.
        const backgroundOf = element => {
          const layers = [];
          for (let e = element; e; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (style.backgroundImage !== 'none') return null;
            const color = rgba(style.backgroundColor);
            if (color[3] > 0) layers.push(color);
            if (color[3] >= 1) break;
          }
          let result = [...canvasColor.slice(0, 3), 1];
          for (const layer of layers.reverse()) result = over(layer, result);
          return result;
        };
        const opacityOf = element => {
          let opacity = 1;
          for (let e = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
          return opacity;
        };
        const luminance = c => {
          const [r, g, b] = c.slice(0, 3).map(v => {
            const s = v / 255;
            return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const css = c => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
        const problems = [];
        const seen = new Set();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent.trim();
          if (text === '') continue;
          const element = node.parentElement;
          if (!element || seen.has(element)) continue;
          seen.add(element);
          if (element.closest('[disabled], [aria-disabled="true"], [hidden], [aria-hidden="true"]'))
            continue;
          const style = getComputedStyle(element);
          if (style.visibility !== 'visible' || element.getClientRects().length === 0) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if ([...range.getClientRects()].every(r => r.width === 0 || r.height === 0)) continue;
          const background = backgroundOf(element);
          if (!background) continue;
          const foreground = rgba(style.color);
          const drawn = over([...foreground.slice(0, 3), foreground[3] * opacityOf(element)], background);
          const [lighter, darker] = [luminance(drawn), luminance(background)].sort((a, b) => b - a);
          const ratio = (lighter + 0.05) / (darker + 0.05);
          const size = parseFloat(style.fontSize);
          const bold = Number(style.fontWeight) >= 700;
          const required = size >= 24 || (bold && size >= 18.66) ? \(large) : \(minimum);
          if (ratio + 1e-9 < required)
            problems.push({ text: text.slice(0, 60), element: describe(element),
                            color: css(drawn), background: css(background),
                            ratio: Math.round(ratio * 100) / 100, required });
        }
        return problems;
      })()
      """)
  }

  /// The AX roles of controls: what a user operates, so what must have a name.
  public static let controlRoles: Set<String> = [
    "button", "checkbox", "switch", "radio", "textbox", "searchbox", "slider", "spinbutton",
    "combobox", "listbox", "option", "menuitem", "menuitemcheckbox", "menuitemradio", "tab",
    "link", "PopUpButton", "ToggleButton",
  ]

  /// The controls of the accessibility tree (not ignored) whose accessible name is empty.
  public func unnamedControls() throws(BrowserError) -> [UnnamedControl] {
    var unnamed: [UnnamedControl] = []
    for node in try accessibilityTree()
    where !node.ignored && Self.controlRoles.contains(node.role)
      && node.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      let html = try node.domNode.map { node throws(BrowserError) in try outerHTML(ofNode: node) }
      unnamed.append(UnnamedControl(role: node.role, html: String((html ?? "").prefix(200))))
    }
    return unnamed
  }

  /// Compares two PNG pictures pixel by pixel, decoded by the browser: a pixel differs
  /// where a channel differs by more than `channelTolerance` (0 to 255).
  public func compareImages(_ png: Data, _ other: Data, channelTolerance: Int = 16)
    throws(BrowserError) -> ImageDifference
  {
    try evaluate(
      """
      (async () => {
        const bytes = s => Uint8Array.from(atob(s), c => c.charCodeAt(0));
        const decode = s => createImageBitmap(new Blob([bytes(s)], { type: 'image/png' }),
          { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
        const [a, b] = await Promise.all([decode('\(png.base64EncodedString())'),
                                          decode('\(other.base64EncodedString())')]);
        const result = { width: a.width, height: a.height, otherWidth: b.width,
                         otherHeight: b.height, differingPixels: a.width * a.height,
                         largestChannelDifference: 255 };
        if (a.width !== b.width || a.height !== b.height) return result;
        const pixels = image => {
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext('2d', { colorSpace: 'srgb' });
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height).data;
        };
        const [p, q] = [pixels(a), pixels(b)];
        let differing = 0, largest = 0;
        for (let i = 0; i < p.length; i += 4) {
          let most = 0;
          for (let k = 0; k < 4; k++) most = Math.max(most, Math.abs(p[i + k] - q[i + k]));
          if (most > \(channelTolerance)) differing++;
          if (most > largest) largest = most;
        }
        result.differingPixels = differing;
        result.largestChannelDifference = largest;
        return result;
      })()
      """)
  }

  /// A JavaScript function `describe(element)`: tag, id, classes and the start of its text.
  private static let describeElement = """
    const describe = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
      + [...e.classList].map(c => '.' + c).join('')
      + ((e.innerText || '').trim() ? ' "' + (e.innerText || '').trim().slice(0, 40) + '"' : '');
    """

  /// `text` as a JavaScript string literal (JSON's quoting is JavaScript's).
  static func javaScriptString(_ text: String) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed])
    else { return "''" }
    return String(decoding: data, as: UTF8.self)
  }
}
