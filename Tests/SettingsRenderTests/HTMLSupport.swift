import Foundation
import SettingsRender
import SettingsSchema
import TestSupport

/// Reading the HTML the writer makes, as a browser's tokenizer would: what
/// the tests check of its structure.
enum HTMLStructure {
  /// Every tag in order, its attribute values blanked: the page's markup
  /// without its texts. A `<` outside a tag always opens one (the writer
  /// escapes every `<` of a text), and an attribute value ends at its
  /// closing quote, so a text that broke out of its place would show here as
  /// a tag or an attribute the writer did not write.
  static func skeleton(_ html: String) -> [String] {
    var tags: [String] = []
    var scalars = html.unicodeScalars[...]
    while let open = scalars.firstIndex(of: "<") {
      scalars = scalars[scalars.index(after: open)...]
      var tag = "<"
      var quote: Unicode.Scalar?
      while let scalar = scalars.first {
        scalars = scalars.dropFirst()
        if let open = quote {
          if scalar == open {
            quote = nil
            tag.unicodeScalars.append(scalar)
          }
          continue
        }
        if scalar == "\"" || scalar == "'" {
          quote = scalar
          tag += "\u{2026}"
        }
        tag.unicodeScalars.append(scalar)
        if scalar == ">" { break }
      }
      tags.append(tag)
      // A style sheet's text is no markup: its `>` selectors are skipped whole.
      if tag.hasPrefix("<style"), let end = String(scalars).range(of: "</style>") {
        let text = String(scalars)
        scalars = String(text[end.lowerBound...]).unicodeScalars[...]
      }
    }
    return tags
  }

  /// The values of an attribute, everywhere it is written.
  static func values(of attribute: String, in html: String) -> [String] {
    var found: [String] = []
    var rest = html[...]
    let marker = " \(attribute)=\""
    while let start = rest.range(of: marker) {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      found.append(String(rest[..<end]))
      rest = rest[end...]
    }
    return found
  }

  /// What is wrong with the page's links and names: an `href` to no id, an
  /// id given twice, a labelled control whose label is missing.
  static func problems(_ html: String) -> [String] {
    var problems: [String] = []
    let ids = values(of: "id", in: html)
    var seen = Set<String>()
    for id in ids where !seen.insert(id).inserted { problems.append("id \(id) twice") }
    for href in values(of: "href", in: html) {
      guard href.hasPrefix("#") else {
        problems.append("href \(href) leaves the page")
        continue
      }
      if !seen.contains(String(href.dropFirst())) { problems.append("href \(href) names no id") }
    }
    for label in values(of: "aria-labelledby", in: html) where !seen.contains(label) {
      problems.append("aria-labelledby \(label) names no id")
    }
    for source in values(of: "src", in: html) where !source.hasPrefix("data:image/") {
      problems.append("src \(source.prefix(40)) is no inline image")
    }
    return problems
  }
}

extension SettingsLayout {
  /// An example bundle read in `languages`, as prefs render reads it.
  static func example(
    _ path: String, languages: [String], idiom: Idiom = .phone, dialect: Dialect? = nil,
    appTitle: String
  ) throws -> SettingsLayout {
    var options = LoadOptions(idiom: idiom, preferredLanguages: languages, keepsComments: false)
    if let dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    let bundle = try SettingsBundle.load(
      at: Paths.repository.appendingPathComponent(path).path, options: options)
    return SettingsLayout(bundle: bundle, appTitle: appTitle)
  }
}
