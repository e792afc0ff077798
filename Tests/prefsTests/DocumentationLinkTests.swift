import Foundation
import TestSupport
import Testing

/// Every relative link of README.md, CONTRIBUTING.md and Documentation/
/// leads somewhere: the file or folder exists, and a `#fragment` names a
/// heading of the page it points into (as GitHub makes heading anchors).
struct DocumentationLinkTests {
  struct Link: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var target: String
    var testDescription: String { "\(file):\(line): \(target)" }
  }

  /// The `(target)` of each `[text](target)` outside code, in the order written.
  static func targets(inLine line: String) -> [String] {
    // Code spans hold examples, not links.
    let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    var targets: [String] = []
    var rest = Substring(prose)
    while let open = rest.range(of: "](") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ")") else { break }
      targets.append(String(after[..<close]))
      rest = after[close...]
    }
    return targets
  }

  static let links: [Link] = ReadmeCommandTests.documents.flatMap { file -> [Link] in
    let url = Paths.repository.appendingPathComponent(file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var links: [Link] = []
    var inBlock = false
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if line.hasPrefix("```") { inBlock.toggle() }
      if inBlock { continue }
      for target in targets(inLine: line)
      where !target.contains("://") && !target.hasPrefix("mailto:") {
        links.append(Link(file: file, line: index + 1, target: target))
      }
    }
    return links
  }

  /// GitHub's anchor of a heading: lower case, punctuation dropped, spaces
  /// as hyphens; a repeated anchor gets `-1`, `-2`, ….
  static func anchors(ofPage text: String) -> Set<String> {
    var anchors: Set<String> = []
    var inBlock = false
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") { inBlock.toggle() }
      guard !inBlock, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      var slug = ""
      for character in title.lowercased() {
        if character.isLetter || character.isNumber || character == "-" || character == "_" {
          slug.append(character)
        } else if character == " " {
          slug.append("-")
        }
      }
      var anchor = slug
      var number = 1
      while anchors.contains(anchor) {
        anchor = "\(slug)-\(number)"
        number += 1
      }
      anchors.insert(anchor)
    }
    return anchors
  }

  @Test func theDocumentationLinksItsPages() {
    #expect(Self.links.count >= 20)
    #expect(Self.links.contains { $0.file == "README.md" && $0.target.hasPrefix("Documentation/") })
    #expect(Self.targets(inLine: "a [b](c.md) `[d](e)` [f](g#h)") == ["c.md", "g#h"])
    #expect(Self.anchors(ofPage: "# A `b`: c\n## A `b`: c") == ["a-b-c", "a-b-c-1"])
  }

  @Test(arguments: links)
  func resolves(_ link: Link) throws {
    let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    let page = Paths.repository.appendingPathComponent(link.file)
    let destination =
      path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path)
    #expect(
      FileManager.default.fileExists(atPath: destination.path),
      "\(link.testDescription): no such file")
    if parts.count == 2, destination.pathExtension == "md" {
      let text = try String(contentsOf: destination, encoding: .utf8)
      #expect(
        Self.anchors(ofPage: text).contains(String(parts[1])),
        "\(link.testDescription): no such heading")
    }
  }
}
