import SharedDefaults
import TestSupport
import Testing

/// Text that quotes a command line's store URLs shows none of their passwords.
struct StoreURLRedactionTests {
  /// swift-argument-parser quotes an argument it did not expect: a store
  /// URL among them is shown redacted (parsed, or as its scheme alone).
  @Test(arguments: [
    (
      ["defaults", "domains", "postgres://app:QZJX%40KVW@127.0.0.1:1/prefs"],
      "Error: Unexpected argument 'postgres://app:QZJX%40KVW@127.0.0.1:1/prefs'",
      "Error: Unexpected argument 'postgres://app@127.0.0.1:1/prefs'"
    ),
    (
      ["defaults", "read", "d", "k", "--stor=PostgreSQL://app:QZJX/KVW@h/d"],
      "Error: Unknown option '--stor=PostgreSQL://app:QZJX/KVW@h/d'",
      "Error: Unknown option '--stor=PostgreSQL://…'"
    ),
  ])
  func aStrayURLInAParseErrorIsRedacted(arguments: [String], message: String, shown: String) {
    let redacted = StoreURLRedaction(arguments: arguments).apply(message)
    #expect(redacted == shown)
    #expect(HostilePassword.piece(of: "QZJX@KVW", in: redacted) == nil)
    #expect(HostilePassword.piece(of: "QZJX/KVW", in: redacted) == nil)
  }
}
