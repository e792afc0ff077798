import Foundation
import Testing

@testable import Plist

/// libxml2's errors reach the user in our words, at the place: a broken
/// XML plist for every code `XMLParserMessages` words.
struct XMLParserMessagesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    /// The libxml2 code the document sets off.
    var code: UInt32
    var name: String
    var text: String
    /// `line:column: message`.
    var expected: String
    var kind: ReadIssue.Kind = .syntax
    var limits: ReadLimits = .standard
    var testDescription: String { "\(code) \(name)" }
  }

  /// The declaration and the opening lines of a page; line 4 is the case's own.
  static let head = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>

    """

  static let tail = "\n</dict>\n</plist>\n"

  static func page(_ line: String) -> String { head + line + tail }

  static let cases: [Case] = [
    Case(
      code: 1, name: "nesting deeper than libxml2 reads",
      text: "<plist>" + String(repeating: "<array>", count: 300),
      expected: "1:1800: elements nested more than 256 deep, the most the XML parser reads",
      kind: .limit, limits: ReadLimits(maximumDepth: 1000)),
    Case(
      code: 4, name: "a declaration and no element",
      text: "<?xml version=\"1.0\"?>\n<!-- nothing else -->\n",
      expected: "2:22: an element is expected here, and the document holds none"),
    Case(
      code: 5, name: "a second root element",
      text: head + "</dict>\n</plist>\n<plist/>\n",
      expected:
        "6:1: more content after the root element has closed; a document has one root element"),
    Case(
      code: 6, name: "hexadecimal reference", text: page("<key>a &#xZZ; b</key>"),
      expected: "4:11: a character reference &#x…; holds something other than hexadecimal digits"),
    Case(
      code: 7, name: "decimal reference", text: page("<key>a &#1a; b</key>"),
      expected: "4:11: a character reference &#…; holds something other than decimal digits"),
    Case(
      code: 9, name: "a control character", text: page("<key>a \u{1} b</key>"),
      expected: "4:8: the character U+0001 is not allowed in XML"),
    Case(
      code: 9, name: "a reference to U+0000", text: page("<key>a &#0; b</key>"),
      expected: "4:12: the character reference names U+0000, which XML does not allow"),
    Case(
      code: 23, name: "no semicolon", text: page("<key>Fish &amp Chips</key>"),
      expected: "4:15: an entity reference has no ';'; write &amp; for a literal '&'"),
    Case(
      code: 26, name: "an unknown entity", text: page("<key>a &nbsp; b</key>"),
      expected:
        "4:14: &nbsp; is not an entity XML knows; only &amp; &lt; &gt; &quot; &apos; and character references are read"
    ),
    Case(
      code: 33, name: "unquoted version",
      text: "<?xml version=1.0?>\n<plist><true/></plist>\n",
      expected: "1:15: a value in quotes (\" or ') is expected here"),
    Case(
      code: 34, name: "unclosed version", text: "<?xml version=\"1.0",
      expected: "1:18: a quoted value is not closed with its quote"),
    Case(
      code: 38, name: "'<' in an attribute", text: page("<key a=\"<\">a</key>"),
      expected:
        "4:9: '<' inside an attribute value (is its closing quote missing?); write &lt; for a literal '<'"
    ),
    Case(
      code: 39, name: "unquoted attribute", text: page("<key a=1>a</key>"),
      expected: "4:8: an attribute value must be in quotes (\" or ')"),
    Case(
      code: 40, name: "unclosed attribute", text: head + "<key a=\"1",
      expected: "4:9: an attribute value is not closed with its quote"),
    Case(
      code: 41, name: "attribute without value", text: page("<key a>a</key>"),
      expected: "4:7: the attribute a has no value; write a=\"…\""),
    Case(
      code: 42, name: "attribute twice", text: page("<key a=\"1\" a=\"2\">a</key>"),
      expected: "4:17: the attribute a is given twice in one tag"),
    Case(
      code: 45, name: "unclosed comment", text: head + "<!-- a comment\n",
      expected: "4:15: the file ends inside a comment: <!-- is never closed with -->"),
    Case(
      code: 46, name: "instruction without target", text: page("<?>"),
      expected: "4:3: a processing instruction (<?) without a target name"),
    Case(
      code: 47, name: "unclosed instruction", text: head + "<?xml-stylesheet\n",
      expected: "4:17: the processing instruction <?xml-stylesheet is never closed with ?>"),
    Case(
      code: 57, name: "unclosed declaration",
      text: "<?xml version=\"1.0\" encoding=\"UTF-8\"\n<plist><true/></plist>\n",
      expected: "2:1: the XML declaration (<?xml …) does not end with ?>"),
    Case(
      code: 61, name: "unclosed document type",
      text:
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\"\n<plist><true/></plist>\n",
      expected: "3:1: the document type declaration (<!DOCTYPE …) does not end with '>'"),
    Case(
      code: 62, name: "']]>' in text", text: page("<key>a ]]> b</key>"),
      expected: "4:6: ']]>' may not appear in text; write ]]&gt;"),
    Case(
      code: 63, name: "unclosed CDATA", text: head + "<string><![CDATA[abc</string>\n",
      expected: "4:30: the file ends inside a CDATA section: <![CDATA[ is never closed with ]]>"),
    Case(
      code: 64, name: "a declaration after white space",
      text: "\n<?xml version=\"1.0\"?>\n<plist><true/></plist>\n",
      expected:
        "2:6: an XML declaration (<?xml …?>) may only open the file, before anything else, white space included"
    ),
    Case(
      code: 65, name: "attributes without space", text: page("<key a=\"1\"b=\"2\">a</key>"),
      expected:
        "4:11: white space is needed here (between attributes, or between the parts of a declaration)"
    ),
    Case(
      code: 68, name: "'<' in text", text: page("<key>a < b</key>"),
      expected: "4:9: '<' is not followed by a tag name; write &lt; for a literal '<'"),
    Case(
      code: 68, name: "'&' in text", text: page("<key>a & b</key>"),
      expected: "4:9: '&' is not followed by an entity name; write &amp; for a literal '&'"),
    Case(
      code: 68, name: "a document type without name",
      text: "<?xml version=\"1.0\"?>\n<!DOCTYPE>\n<plist><true/></plist>\n",
      expected: "2:10: the document type declaration (<!DOCTYPE) has no name"),
    Case(
      code: 68, name: "a stray '='", text: page("<key a=\"1\" =>a</key>"),
      expected:
        "4:12: an attribute name or the end of the tag <key ('>' or '/>') is expected here; a '<' meant as text is written &lt;"
    ),
    Case(
      code: 68, name: "an e-mail address in text",
      text: page("<key>FooterText</key>\n<string>Olivier Poitrey <rs@dailymotion.com></string>"),
      expected:
        "5:28: an attribute name or the end of the tag <rs ('>' or '/>') is expected here; a '<' meant as text is written &lt;"
    ),
    Case(
      code: 73, name: "unclosed end tag", text: page("<key>a</key\n<string/>"),
      expected: "5:1: '>' is expected here to close the end tag"),
    Case(
      code: 76, name: "mismatched end tag", text: page("<key>a</key>\n  <string>x</array>"),
      expected:
        "5:12: </array> closes <string>, which opened on line 5; end tags close the innermost open element"
    ),
    Case(
      code: 77, name: "the file ends in a tag", text: head + "<key>a</key>\n<string>x",
      expected: "5:9: the file ends before <string> (opened on line 5) is closed"),
    Case(
      code: 78, name: "standalone maybe",
      text: "<?xml version=\"1.0\" standalone=\"maybe\"?>\n<plist><true/></plist>\n",
      expected: "1:33: standalone in the XML declaration takes 'yes' or 'no'"),
    Case(
      code: 80, name: "'--' in a comment", text: page("<!-- a -- b -->"),
      expected: "4:8: '--' inside a comment; a comment holds '--' only in its closing -->"),
    Case(
      code: 96, name: "declaration without version",
      text: "<?xml encoding=\"UTF-8\"?>\n<plist><true/></plist>\n",
      expected: "1:7: the XML declaration must begin with version=\"1.0\""),
    Case(
      code: 108, name: "version 2.0", text: "<?xml version=\"2.0\"?>\n<plist><true/></plist>\n",
      expected: "1:20: the XML declaration names version \"2.0\"; only XML 1.0 is read"),
    Case(
      code: 110, name: "a name too long",
      text: page("<" + String(repeating: "k", count: 50_010) + ">a</key>"),
      expected: "4:2: a name longer than the 50,000 characters the XML parser reads"),
    Case(
      code: 200, name: "empty namespace", text: page("<key xmlns:x=\"\">a</key>"),
      expected:
        "4:16: a namespace declaration XML forbids (an empty namespace, or xml or xmlns bound anew)"
    ),
    Case(
      code: 201, name: "undeclared prefix", text: page("<x:key>a</x:key>"),
      expected: "4:7: the namespace prefix \"x\" of x:key is not declared"),
    Case(
      code: 202, name: "two colons", text: page("<a:b:c>a</a:b:c>"),
      expected: "4:5: a tag or attribute name holds more than one ':'"),
    Case(
      code: 203, name: "namespaced attribute twice",
      text: page("<key xmlns:x=\"u\" xmlns:y=\"u\" x:a=\"1\" y:a=\"2\">a</key>"),
      expected: "4:45: the attribute a of the namespace u is given twice in one tag"),
  ]

  @Test(arguments: cases)
  func brokenXMLIsReportedInOurWords(_ input: Case) throws {
    #expect {
      try PropertyListReader.read(Array(input.text.utf8), limits: input.limits)
    } throws: { error in
      guard let issue = error as? ReadIssue, case .text(let snippet)? = issue.place else {
        Issue.record("\(error) has no place")
        return false
      }
      #expect("\(snippet.location): \(issue.message)" == input.expected)
      #expect(issue.kind == input.kind)
      return true
    }
  }

  @Test func everyWordedCodeHasACase() {
    #expect(Set(Self.cases.map(\.code)) == Set(XMLParserMessages.entries.keys))
  }

  @Test func anUnknownCodeIsNamedInAGenericMessage() {
    let report = XMLParserError(code: 85, before: [], after: [])
    #expect(
      XMLParserMessages.message(for: report).text
        == "the XML is not well-formed here (libxml2 error 85)")
    let internalError = XMLParserError(code: 1, before: [], after: [])
    #expect(
      XMLParserMessages.message(for: internalError).text
        == "the XML is not well-formed here (libxml2 error 1)")
  }

  @Test(arguments: [
    (
      "<a>\n  <b>x</c>\n</a>",
      "2:7: </c> closes <b>, which opened on line 2; end tags close the innermost open element"
    ),
    ("<a><b>é", "1:8: the file ends before <b> (opened on line 1) is closed"),
    ("<a x=1/>", "1:6: an attribute value must be in quotes (\" or ')"),
  ])
  func otherXMLIsReportedInTheSameWords(_ text: String, _ expected: String) {
    #expect {
      try XMLTree.parse(Array(text.utf8))
    } throws: { error in
      "\(error)" == expected
    }
  }
}
