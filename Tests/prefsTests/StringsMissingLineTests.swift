import Foundation
import TestSupport
import Testing

/// `prefs strings missing` prints one line per string, quoting at most 80
/// characters of it, whatever the string holds (a licence of many lines,
/// quotes of its own); `--format json` keeps it whole.
struct StringsMissingLineTests {
  static let licence =
    "Licensed under the Apache License, Version 2.0 (the \"License\");\n"
    + String(
      repeating: "you may not use this file except in compliance with the License. ", count: 20)

  /// Failed before: the line held the whole text (OpenTT-iOS: 14,161 characters).
  @Test(arguments: [nil, "de"])
  func eachLineQuotesALineOfTheString(language: String?) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict><key>StringsTable</key><string>Root</string>
      <key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Terms</string>
      <key>FooterText</key><string>\(Self.licence.replacingOccurrences(of: "\"", with: "&quot;"))</string></dict>
      </array></dict>
      </plist>
      """)
    try bundle.write("de.lproj/Root.strings", "\"Terms\" = \"Bedingungen\";\n")
    let run = DumpTests.run(
      ["strings", "missing", bundle.path] + (language.map { ["--lang", $0] } ?? []))
    let lines = run.output.split(separator: "\n")
    #expect(lines.contains { $0.contains("Licensed under the Apache License") }, "\(run.output)")
    for line in lines { #expect(line.count <= 140, "\(line)") }
    let json = DumpTests.run([
      "strings", "missing", bundle.path, "--lang", "de", "--format", "json",
    ])
    #expect(json.output.contains("compliance with the License. you may"))
  }
}
