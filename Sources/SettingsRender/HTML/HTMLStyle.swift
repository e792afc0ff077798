import Foundation

/// The colours of a rendered page in one appearance, close to iOS's grouped
/// table colours but darkened or lightened where iOS's own grey text would
/// fall under WCAG's 4.5:1 (iOS's secondary label is 60% grey, about 3:1 on
/// its grouped background): every text colour here reads at 4.5:1 or better
/// on both backgrounds (`HTMLStyleTests` measures it).
public struct HTMLPalette: Sendable, Hashable {
  /// The page behind the sections.
  public var background: String
  /// A section's rows.
  public var card: String
  /// Titles and values a person types.
  public var label: String
  /// Section headers, footers, values shown beside a title, chevrons.
  public var secondary: String
  /// Links, the check mark, the back link, a slider's fill.
  public var tint: String
  public var separator: String
  /// A switch that is on; a switch's knob and the off track.
  public var switchOn: String
  public var switchOff: String
  public var knob: String

  /// The light appearance.
  public static let light = HTMLPalette(
    background: "#F2F2F7", card: "#FFFFFF", label: "#000000", secondary: "#5C5C61",
    tint: "#0062CC", separator: "#C6C6C8", switchOn: "#248A3D", switchOff: "#D1D1D6",
    knob: "#FFFFFF")

  /// The dark appearance.
  public static let dark = HTMLPalette(
    background: "#000000", card: "#1C1C1E", label: "#FFFFFF", secondary: "#A1A1A6",
    tint: "#409CFF", separator: "#38383A", switchOn: "#30D158", switchOff: "#39393D",
    knob: "#FFFFFF")

  /// The text colours and the backgrounds they are drawn on.
  public var textPairs: [(text: String, background: String)] {
    [label, secondary, tint].flatMap { text in [(text, background), (text, card)] }
  }

  /// WCAG 2's contrast ratio of two `#RRGGBB` colours (1 to 21).
  public static func contrast(_ first: String, _ second: String) -> Double {
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  static func luminance(_ colour: String) -> Double {
    let hex = colour.hasPrefix("#") ? colour.dropFirst() : colour[...]
    guard hex.count == 6, let value = Int(hex, radix: 16) else { return 0 }
    func channel(_ shift: Int) -> Double {
      let c = Double((value >> shift) & 0xFF) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055).pow(2.4)
    }
    return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
  }

  /// The palette as CSS custom properties.
  var properties: String {
    """
    --background:\(background);--card:\(card);--label:\(label);--secondary:\(secondary);\
    --tint:\(tint);--separator:\(separator);--switch-on:\(switchOn);--switch-off:\(switchOff);\
    --knob:\(knob);
    """
  }
}

extension Double {
  fileprivate func pow(_ exponent: Double) -> Double {
    guard self > 0 else { return 0 }
    return Foundation.pow(self, exponent)
  }
}

/// The page's one style sheet: iOS's inset grouped sections, logical
/// properties throughout so that `dir="rtl"` mirrors everything, text that
/// wraps anywhere rather than overflow (320 px and up), both appearances.
enum HTMLStyle {
  static func sheet(appearance: HTMLAppearance) -> String {
    let light = HTMLPalette.light.properties
    let dark = HTMLPalette.dark.properties
    let colours: String
    switch appearance {
    case .automatic:
      colours = """
        :root{color-scheme:light dark;\(light)}
        @media (prefers-color-scheme: dark){:root{\(dark)}}
        """
    case .light: colours = ":root{color-scheme:light;\(light)}"
    case .dark: colours = ":root{color-scheme:dark;\(dark)}"
    }
    return colours + "\n" + rules
  }

  // The back link stays one line, its label cut with "…" at the label's own end (the
  // label, a `bdi`, is the box that clips, so a Latin title on a right-to-left page
  // keeps its beginning), as the navigation bar's back button is.
  // A text field's value reads in its own direction (`dir="auto"` on the input) but is
  // aligned by the page's, as UIKit's natural alignment follows the app's language.
  static let rules = """
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
    body{margin:0;background:var(--background);color:var(--label);\
    font:17px/1.3 -apple-system,"SF Pro Text","Helvetica Neue","Liberation Sans",Arial,"DejaVu Sans",sans-serif}
    .document-header{padding:16px 16px 8px}
    .document-header h1{margin:0;font-size:22px;overflow-wrap:anywhere}
    .document-header p{margin:4px 0 0;font-size:13px;color:var(--secondary);overflow-wrap:anywhere}
    main{display:flex;flex-wrap:wrap;align-items:flex-start;gap:24px;padding:8px 16px 32px}
    .page{flex:0 1 390px;min-width:0;max-width:100%;padding:8px 0 16px;border:1px solid var(--separator);border-radius:14px;background:var(--background)}
    .idiom-pad .page{flex-basis:620px}
    .page:target{outline:3px solid var(--tint);outline-offset:2px}
    .page-header{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr) minmax(0,1fr);align-items:center;gap:8px;min-height:44px;padding:0 16px 8px}
    .page-title{grid-column:2;min-width:0;margin:0;font-size:17px;font-weight:600;text-align:center;overflow-wrap:anywhere}
    .back{grid-column:1;grid-row:1;display:flex;min-width:0;color:var(--tint);text-decoration:none;white-space:nowrap}
    .back::before{content:"‹";flex:none}
    [dir=rtl] .back::before{content:"›"}
    .back bdi{min-width:0;overflow:hidden;text-overflow:ellipsis}
    .empty{margin:0 16px;color:var(--secondary);font-size:13px}
    .group{margin:0 16px 24px}
    .group-title{margin:0 16px 6px;font-size:13px;font-weight:400;text-transform:uppercase;color:var(--secondary);overflow-wrap:anywhere}
    .rows{list-style:none;margin:0;padding:0;background:var(--card);border-radius:10px;overflow:hidden}
    .row{display:flex;align-items:center;gap:12px;min-height:44px;padding:8px 16px;border-top:1px solid var(--separator);color:var(--label);text-decoration:none}
    li:first-child>.row{border-top:0}
    a.row:focus-visible{outline:3px solid var(--tint);outline-offset:-3px}
    .label{flex:1 1 auto;min-width:0;overflow-wrap:anywhere}
    .subtitle{display:block;font-size:13px;color:var(--secondary)}
    .value{flex:0 1 auto;min-width:0;max-width:60%;color:var(--secondary);text-align:end;overflow-wrap:anywhere}
    .chevron{flex:0 0 auto;color:var(--secondary);display:inline-block}
    [dir=rtl] .chevron{transform:scaleX(-1)}
    .footer{margin:6px 16px 0;font-size:13px;color:var(--secondary);white-space:pre-line;overflow-wrap:anywhere}
    .field{flex:1 1 50%;min-width:0;margin:0;padding:0;border:0;background:transparent;color:var(--label);font:inherit;text-align:left}
    [dir=rtl] .field{text-align:right}
    .field::placeholder{color:var(--secondary);opacity:1}
    .switch{appearance:none;-webkit-appearance:none;flex:0 0 auto;width:51px;height:31px;margin:0;border-radius:16px;opacity:1;\
    background:radial-gradient(circle at 15.5px 50%,var(--knob) 0 13.5px,transparent 14px),var(--switch-off)}
    .switch:checked{background:radial-gradient(circle at 35.5px 50%,var(--knob) 0 13.5px,transparent 14px),var(--switch-on)}
    [dir=rtl] .switch{background:radial-gradient(circle at 35.5px 50%,var(--knob) 0 13.5px,transparent 14px),var(--switch-off)}
    [dir=rtl] .switch:checked{background:radial-gradient(circle at 15.5px 50%,var(--knob) 0 13.5px,transparent 14px),var(--switch-on)}
    .slider{display:flex;align-items:center;gap:8px;flex:1 1 auto;min-width:0}
    .slider input{flex:1 1 auto;min-width:0;margin:0;accent-color:var(--tint);opacity:1}
    .slider img{flex:0 0 auto;width:21px;height:21px;object-fit:contain}
    .check{flex:0 0 auto;width:1.2em;color:var(--tint);font-weight:600;text-align:center}
    .visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
    .row-add .label{color:var(--tint)}
    @media (max-width:360px){main{padding:8px 4px 24px;gap:16px}.group{margin:0 8px 20px}.row{padding:8px 12px;gap:8px}}
    """
}
