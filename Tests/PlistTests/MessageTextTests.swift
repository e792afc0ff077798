import Plist
import Testing

/// Values a message may quote: quotes of their own (an Apache licence's
/// `(the "License")`), line breaks, escapes, whole licences.
struct MessageTextTests {
  static let apache = """
    Licensed under the Apache License, Version 2.0 (the "License");
    you may not use this work except in compliance with the License.
    """ + String(repeating: " THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY.", count: 30)

  static let values = [
    apache, "Licenses", "the \"Data\" folder", "ends with a quote\"", "\"", "\\", "back\\slash\\",
    "\\\"", "\n\nMIT License\nCopyright", "line\r\nwindows", String(repeating: "é\"", count: 200),
    "",
  ]

  /// Property: quoted values joined into a message, then bounded, keep the
  /// message's own words (nothing outside a value is cut or taken for one)
  /// and quote each value in at most one line of ``MessageText/limit``
  /// characters. Failed before (values quoted as `"\(value)"`): highcom's
  /// PasswordMemo_iOS note was 1,794 characters, its quote opening inside
  /// the Apache text after `(the "License"`.
  @Test(arguments: values, values)
  func quotedValuesStayInsideTheirQuotes(first: String, second: String) {
    let message = MessageText.bounded(
      "2 strings of the page are in no language's Root.strings (\(MessageText.quoted(first)), "
        + "\(MessageText.quoted(second))); every language shows them as written")
    #expect(!message.contains { $0.isNewline }, "\(message)")
    #expect(message.hasPrefix("2 strings of the page are in no language's Root.strings (\""))
    #expect(message.hasSuffix("\"); every language shows them as written"), "\(message)")
    let words =
      "2 strings of the page are in no language's Root.strings (, ); every language shows them as written"
    // Each value at most the limit, an ellipsis, and an escape per character kept.
    #expect(message.count <= words.count + 4 * (2 * MessageText.limit + 1), "\(message)")
    #expect(MessageText.bounded(message) == message)
  }

  @Test func aQuotedValueIsItsFirstLineOfText() {
    #expect(MessageText.quoted("\n\nMIT License\nCopyright") == "\"MIT License…\"")
    #expect(MessageText.quoted(" key ") == "\" key \"")
    #expect(MessageText.quoted("the \"Data\" folder") == "\"the \\\"Data\\\" folder\"")
    #expect(
      MessageText.quoted(String(repeating: "a", count: 81))
        == "\"\(String(repeating: "a", count: 80))…\"")
  }
}
