/// Two versions of a bundle's pages in one self-contained HTML file, page
/// beside page, with what changed marked: the pages are ``HTMLWriter``'s
/// own (its markup and style sheet, in the structure its header comment
/// promises), each version's ids prefixed (`old-`, `new-`) so that both live
/// in one document and every link stays on its side; a marked row, group or
/// page gets the class `mark-added`, `mark-removed` or `mark-changed`, a
/// coloured edge, and its mark in words for a screen reader.
///
/// ```swift
/// let html = ComparisonHTML.write(
///   old: .init(layout: oldLayout, label: "HEAD~1:App/Settings.bundle", marks: oldMarks),
///   new: .init(layout: newLayout, label: "App/Settings.bundle", marks: newMarks),
///   pages: [.init(title: "Root.plist", old: oldRoot, new: newRoot)],
///   summary: "1 change: 1 breaking, 0 behaviour, 0 cosmetic", changes: rows)
/// ```
public enum ComparisonHTML {
  /// One version: its pages, how the document names it, and its marks.
  public struct Side: Sendable {
    public var layout: SettingsLayout
    public var label: String
    public var marks: [LayoutPage.ID: PageMarks]

    public init(layout: SettingsLayout, label: String, marks: [LayoutPage.ID: PageMarks]) {
      self.layout = layout
      self.label = label
      self.marks = marks
    }
  }

  /// A page as each version has it (nil where a version lacks it).
  public struct PagePair: Sendable {
    public var title: String
    public var old: LayoutPage.ID?
    public var new: LayoutPage.ID?
    public var isChanged: Bool

    public init(title: String, old: LayoutPage.ID?, new: LayoutPage.ID?, isChanged: Bool = true) {
      self.title = title
      self.old = old
      self.new = new
      self.isChanged = isChanged
    }
  }

  /// One line of the table of changes, as plain text (escaped here).
  public struct ChangeRow: Sendable {
    public var severity: String
    public var kind: String
    public var key: String?
    public var page: String?
    public var message: String

    public init(severity: String, kind: String, key: String?, page: String?, message: String) {
      self.severity = severity
      self.kind = kind
      self.key = key
      self.page = page
      self.message = message
    }
  }

  /// The document: the summary and the table of changes, then each pair of
  /// pages (changed ones open, the others folded), old beside new.
  public static func write(
    old: Side, new: Side, pages: [PagePair], summary: String, changes: [ChangeRow],
    appearance: HTMLAppearance = .automatic
  ) -> String {
    let oldPages = pageSections(old, prefix: "old-")
    let newPages = pageSections(new, prefix: "new-")
    let layout = new.layout
    let direction = layout.direction == .rightToLeft ? "rtl" : "ltr"
    var out = "<!DOCTYPE html>\n"
    out +=
      "<html lang=\"\(HTMLText.attribute(HTMLWriter.languageTag(layout)))\" dir=\"\(direction)\" class=\"idiom-\(layout.idiom.rawValue) dialect-\(layout.dialect.rawValue) appearance-\(appearance.rawValue) comparison\">\n"
    out += "<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    let scheme = appearance == .automatic ? "light dark" : appearance.rawValue
    out += "<meta name=\"color-scheme\" content=\"\(scheme)\">\n"
    out += "<meta name=\"generator\" content=\"prefs diff\">\n"
    out += "<title>prefs diff: \(HTMLText.escaped(summary))</title>\n"
    out +=
      "<style>\n\(HTMLStyle.sheet(appearance: appearance))\n\(comparisonRules(appearance))</style>\n"
    out += "</head>\n<body>\n<header class=\"document-header\">\n"
    out += "<h1>prefs diff</h1>\n<p>\(bdi(summary))</p>\n"
    out += "<p>old: \(bdi(old.label)) · new: \(bdi(new.label))</p>\n</header>\n"
    if !changes.isEmpty {
      out += "<div class=\"changes-frame\"><table class=\"changes\">\n"
      out +=
        "<thead><tr><th scope=\"col\">severity</th><th scope=\"col\">change</th><th scope=\"col\">key</th><th scope=\"col\">page</th><th scope=\"col\">what</th></tr></thead>\n<tbody>\n"
      for change in changes {
        out +=
          "<tr class=\"severity-\(HTMLText.attribute(change.severity))\"><td>\(HTMLText.escaped(change.severity))</td><td><code>\(HTMLText.escaped(change.kind))</code></td><td>\(change.key.map { "<code>\(bdi($0))</code>" } ?? "")</td><td>\(change.page.map(bdi) ?? "")</td><td>\(bdi(change.message))</td></tr>\n"
      }
      out += "</tbody>\n</table></div>\n"
    }
    out += "<main class=\"pairs\">\n"
    for pair in pages {
      out +=
        pair.isChanged
        ? "<section class=\"pair pair-changed\">\n<h2 class=\"pair-title\">\(bdi(pair.title))</h2>\n"
        : "<details class=\"pair\">\n<summary class=\"pair-title\">\(bdi(pair.title))</summary>\n"
      out += "<div class=\"sides\">\n"
      for (name, label, id, sections) in [
        ("old", old.label, pair.old, oldPages), ("new", new.label, pair.new, newPages),
      ] {
        out +=
          "<div class=\"side side-\(name)\">\n<p class=\"side-label\">\(name): \(bdi(label))</p>\n"
        if let id, let section = sections[id] {
          out += section
          // The lists of choices the page's multi values open, where their links lead.
          for (choices, list) in sections.sorted(by: { $0.key < $1.key })
          where choices.file == id.file && choices.choicesOf != nil && id.choicesOf == nil {
            out += list
          }
        } else {
          out += "<p class=\"side-missing\">no such page in this version</p>\n"
        }
        out += "</div>\n"
      }
      out += "</div>\n" + (pair.isChanged ? "</section>\n" : "</details>\n")
    }
    out += "</main>\n</body>\n</html>\n"
    return out
  }

  static func bdi(_ text: String) -> String { "<bdi>" + HTMLText.escaped(text) + "</bdi>" }

  /// Each page of a version as ``HTMLWriter`` writes it (its `<section
  /// class="page">`), ids prefixed and marks applied.
  static func pageSections(_ side: Side, prefix: String) -> [LayoutPage.ID: String] {
    HTMLWriter.pageSections(side.layout, idPrefix: prefix, marks: side.marks)
  }

  /// The comparison's own rules on top of the pages' style sheet: the pairs
  /// of pages side by side (one above the other under 700 px), the table of
  /// changes, and the marks (a coloured edge on the reading side, a tint).
  static func comparisonRules(_ appearance: HTMLAppearance) -> String {
    let light =
      "--mark-added:#248A3D;--mark-removed:#D70015;--mark-changed:#B25000;--tint-added:#E3F5E8;--tint-removed:#FDE7E7;--tint-changed:#FDF0E1;"
    let dark =
      "--mark-added:#30D158;--mark-removed:#FF6961;--mark-changed:#FFB340;--tint-added:#0E2A16;--tint-removed:#3A1212;--tint-changed:#33230C;"
    let colours =
      switch appearance {
      case .automatic:
        ":root{\(light)}\n@media (prefers-color-scheme: dark){:root{\(dark)}}\n"
      case .light: ":root{\(light)}\n"
      case .dark: ":root{\(dark)}\n"
      }
    return colours + """
      main.pairs{display:block;padding:8px 16px 32px}
      .pair{margin:0 0 24px}
      .pair-title{margin:0 0 8px;font-size:17px;font-weight:600;overflow-wrap:anywhere}
      details.pair>summary{cursor:pointer;color:var(--secondary)}
      .sides{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
      .side{flex:1 1 320px;min-width:0;max-width:720px}
      .side .page{max-width:100%}
      .side-label{margin:0 0 6px;font-size:13px;color:var(--secondary);overflow-wrap:anywhere}
      .side-missing{margin:0;padding:16px;border:1px dashed var(--separator);border-radius:14px;color:var(--secondary);font-size:13px}
      .changes-frame{overflow-x:auto;margin:0 16px 16px}
      .changes{border-collapse:collapse;font-size:13px;min-width:100%}
      .changes th,.changes td{padding:6px 8px;border-bottom:1px solid var(--separator);text-align:start;vertical-align:top;overflow-wrap:anywhere}
      .row.mark-added,.row.mark-removed,.row.mark-changed{border-inline-start:4px solid}
      .row.mark-added{border-inline-start-color:var(--mark-added);background:var(--tint-added)}
      .row.mark-removed{border-inline-start-color:var(--mark-removed);background:var(--tint-removed)}
      .row.mark-changed{border-inline-start-color:var(--mark-changed);background:var(--tint-changed)}
      .group.mark-added>.group-title,.group.mark-added>.footer{border-inline-start:4px solid var(--mark-added);padding-inline-start:6px}
      .group.mark-removed>.group-title,.group.mark-removed>.footer{border-inline-start:4px solid var(--mark-removed);padding-inline-start:6px}
      .group.mark-changed>.group-title,.group.mark-changed>.footer{border-inline-start:4px solid var(--mark-changed);padding-inline-start:6px}
      .page.mark-added{outline:3px solid var(--mark-added)}
      .page.mark-removed{outline:3px solid var(--mark-removed)}

      """
  }
}
