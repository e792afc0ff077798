import DefaultsStore
import Plist
import PostgresNIO

/// Defaults domains kept on a PostgreSQL server, shared by every machine
/// that points at it: the same ``DefaultsStore`` contract as a domain file
/// (the search list, `update`, observation with its ordering), with a row
/// per key, writes that compare and set per key, and changes pushed to
/// every watcher through `LISTEN/NOTIFY`.
///
/// ```swift
/// let location = try SharedStoreLocation(url: "postgres://app:secret@db.local/prefs")
/// let store = try SharedDefaults.store(domain: "com.example.app", location: location)
/// try store.set(.bool(true), forKey: "celsiusPref")
/// let token = store.observe { changes in print(changes) }
/// ```
public enum SharedDefaults {
  /// The domain's store on the server at `location`. Nothing is sent until
  /// the first read, write or observation (which make the tables when the
  /// database has none).
  public static func store(
    domain: String, location: SharedStoreLocation, arguments: [PlistKey: PlistValue] = [:]
  ) throws(DefaultsError) -> DefaultsStore {
    let name = try DomainName(domain)
    return DefaultsStore(
      domain: name, backend: PostgresBackend(domain: name, link: ServerLink(location: location)),
      arguments: arguments)
  }

  /// The domains that hold at least one value on the server, sorted as
  /// ``DefaultsStore/domains(in:)`` sorts a folder's.
  public static func domains(location: SharedStoreLocation) throws(DefaultsError) -> [String] {
    let link = ServerLink(location: location)
    let connection = try link.connect()
    defer { connection.closeQuietly() }
    try Schema.ensure(on: connection, store: link.name)
    let rows = try connection.rows(
      "SELECT DISTINCT domain FROM prefs_values WHERE value IS NOT NULL", store: link.name,
      operation: "list the domains")
    var names: [String] = []
    for row in rows {
      if let name = try? row.decode(String.self), (try? DomainName(name)) != nil {
        names.append(name)
      }
    }
    return names.sorted()
  }
}
