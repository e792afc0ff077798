import SharedDefaults
import TestSupport
import Testing

/// Store URLs read by libpq's rules, and passwords that never reach a
/// message, whatever they hold; no server needed.
struct StoreURLPasswordTests {
  @Test(
    arguments: [
      // The user information ends at the first @ met before any /: ?, &, #, : stay in the password.
      ("postgres://u:pa?ss@h/d", "u", "pa?ss", "h", 5432, "d"),
      ("postgres://u:p&s#s:x@h:6000/d", "u", "p&s#s:x", "h", 6000, "d"),
      ("postgres://u:p%40s%2Fs%25@h/d", "u", "p@s/s%", "h", 5432, "d"),
      ("postgres://u:@h/d", "u", "", "h", 5432, "d"),
      // The query replaces what came before; its values are decoded; @ and / may stand there.
      ("postgres://u@h/d?password=p@s/s?#:x", "u", "p@s/s?#:x", "h", 5432, "d"),
      ("postgres://u@h?password=p%26s%3Ds&user=v", "v", "p&s=s", "h", 5432, "v"),
      ("postgres://h:7000/?dbname=x&port=7001&password=", "postgres", "", "h", 7001, "x"),
      ("postgresql://u@[::1]:5433/d%C3%A9?ssl=true", "u", nil, "::1", 5433, "dé"),
      ("postgres://u@h:/d", "u", nil, "h", 5432, "d"),
      ("postgres://u@h/d?application_name=a&", "u", nil, "h", 5432, "d"),
    ] as [(String, String, String?, String, Int, String)])
  func urlsAreReadAsLibpqReadsThem(
    url: String, user: String, password: String?, host: String, port: Int, database: String
  ) throws {
    let location = try SharedStoreLocation(url: url, environment: [:])
    #expect(location.user == user)
    #expect(location.password == password)
    #expect(location.host == host)
    #expect(location.port == port)
    #expect(location.database == database)
  }

  @Test func sslTrueMeansRequire() throws {
    #expect(try SharedStoreLocation(url: "postgres://h/d?ssl=true").sslMode == .require)
  }

  /// Where libpq would read a piece of a password as the host, the port or
  /// the database (and so show it), or would split a query value, the URL
  /// is refused, and the words quote nothing of it.
  @Test(arguments: [
    ("postgres://u:SECRETpa/QZX@h/d", "an @ besides the one ending"),
    ("postgres://u:5432/SECRETQZX@h/d", "an @ besides the one ending"),
    ("postgres://u:SECRET@QZX@h/d", "an @ besides the one ending"),
    ("postgres://h?password=SECRET@QZX", "looks like a query"),
    ("postgres://h:5432?password=SECRET@QZX/d", "looks like a query"),
    ("postgres://u@h/d?password=SECRET&QZX", "not key=value"),
    ("postgres://u@h/d?password=SECRET&QZX=1", "not one prefs takes"),
    ("postgres://u@h/d?password=SECRET=QZX", "a second ="),
    ("postgres://u@h/d?sslmode=SECRET", "sslmode is not one of"),
    ("postgres://u@h/d?connect_timeout=SECRET", "connect_timeout is not a number"),
    ("postgres://u@h/d?port=SECRET", "the port is not a number"),
    ("postgres://u:SECRET@h1,h2/d", "several hosts"),
    ("postgres://u:SECRET@h1%2Ch2/d", "several hosts"),
    ("postgres://u:SECRET@[::1/d", "not closed"),
    ("postgres://u:SECRET@[]/d", "is empty"),
    ("postgres://u:SECRET%4@h/d", "a % not followed by two hex digits"),
    ("postgres://u:SECRET%00@h/d", "control character"),
  ])
  func ambiguousURLsAreRefusedWithoutQuotingThem(url: String, reason: String) {
    let error = #expect(throws: SharedStoreLocation.Failure.self) {
      try SharedStoreLocation(url: url, environment: [:])
    }
    #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    #expect(error?.description.contains("SECRET") == false, "\(String(describing: error))")
    #expect(error?.description.contains("QZX") == false, "\(String(describing: error))")
  }

  /// The redacted form names the user, host, port, database and TLS mode,
  /// never the password.
  @Test func theRedactedFormHoldsNoPassword() throws {
    let location = try SharedStoreLocation(
      url: "postgres://app:p%40ss%2Fw0rd@db.example.org:6543/prefs?sslmode=require")
    #expect(location.password == "p@ss/w0rd")
    #expect(location.description == "postgres://app@db.example.org:6543/prefs?sslmode=require")
  }

  /// Random passwords from a hostile alphabet, in every place libpq takes
  /// one: each is read back whole, and neither the redacted form nor a
  /// refusal holds any piece of it; written carelessly (unencoded), it is
  /// read as something else or refused, and still never shown.
  @Test func randomPasswordsNeverReachTheWords() throws {
    var random = SplitMix64(seed: 30)
    for _ in 0..<800 {
      let secret = HostilePassword.random(using: &random)
      for placement in HostilePassword.Placement.allCases {
        let url = placement.url(secret, host: "db.example.org:6543")
        let shown: String
        do {
          let location = try SharedStoreLocation(url: url, environment: [:])
          if placement.libpqReadsThePassword {
            #expect(location.password == secret, "\(url)")
          }
          shown = location.description
        } catch {
          #expect(!placement.libpqReadsThePassword, "\(url): \(error)")
          shown = error.description
        }
        let leak = HostilePassword.piece(of: secret, in: shown)
        #expect(leak == nil, "\(url) shows \(leak ?? "") in \(shown)")
      }
    }
  }
}
