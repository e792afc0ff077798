import DefaultsStore
import PostgresNIO

/// The store's tables, made on first use by whichever process comes first,
/// under an advisory lock so that many starting at once make them once.
///
/// Upgrade path: `prefs_schema` holds the version the tables are at. A
/// newer prefs appends a step to ``steps`` (the statements from one version
/// to the next) and raises ``version``; the first process of it to connect
/// runs the missing steps, in order, in one transaction under the same
/// lock. An older prefs that finds a newer version refuses to write rather
/// than guess. Nothing is ever dropped by an upgrade.
enum Schema {
  /// The version these sources read and write.
  static let version = 4
  /// `pg_advisory_xact_lock`'s key: "prefsdef" in ASCII.
  static let lockKey: Int64 = 0x7072_6566_7364_6566
  /// The channel every commit notifies.
  static let channel = "prefs_defaults"
  /// NOTIFY's payload must stay under 8,000 bytes; past this, the keys are left out.
  static let payloadLimit = 7000

  /// The statements from version `index` to `index + 1`.
  static let steps: [[String]] = [
    [
      """
      CREATE TABLE IF NOT EXISTS prefs_schema (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        version integer NOT NULL)
      """,
      // Every write takes the next value: versions grow across domains, and
      // within one domain in the order writes commit (see prefs_write).
      "CREATE SEQUENCE IF NOT EXISTS prefs_version_seq",
      """
      CREATE TABLE IF NOT EXISTS prefs_domains (
        domain text PRIMARY KEY,
        version bigint NOT NULL DEFAULT 0)
      """,
      // One row per domain and key; the value is an XML property list, NULL
      // for a deleted key (a tombstone, so that watchers hear the deletion).
      """
      CREATE TABLE IF NOT EXISTS prefs_values (
        domain text NOT NULL,
        key text NOT NULL,
        value text,
        version bigint NOT NULL,
        PRIMARY KEY (domain, key))
      """,
      "CREATE INDEX IF NOT EXISTS prefs_values_by_version ON prefs_values (domain, version)",
      // Values that did not parse, moved here by a write with force.
      """
      CREATE TABLE IF NOT EXISTS prefs_corrupt_values (
        domain text NOT NULL,
        key text NOT NULL,
        value text,
        version bigint NOT NULL,
        moved_at timestamptz NOT NULL DEFAULT now())
      """,
      // One write, in one statement (one round trip): lock the domain's row
      // (writers of a domain pass here one at a time, so versions commit in
      // order), check that every key written still has the version the
      // writer read (compare-and-set), store, notify, and return every row
      // newer than what the writer had seen (its own and others').
      // A conflict returns one row of version -1 and changes nothing.
      """
      CREATE OR REPLACE FUNCTION prefs_write(
        target text, keys text[], plists text[], deleted boolean[], expected bigint[],
        seen bigint)
      RETURNS TABLE (changed_key text, changed_value text, changed_version bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        next bigint;
        payload text;
      BEGIN
        INSERT INTO prefs_domains (domain) VALUES (target) ON CONFLICT (domain) DO NOTHING;
        PERFORM 1 FROM prefs_domains d WHERE d.domain = target FOR UPDATE;
        IF EXISTS (
          SELECT 1 FROM unnest(keys, expected) AS w(k, e)
          LEFT JOIN prefs_values r ON r.domain = target AND r.key = w.k
          WHERE coalesce(r.version, 0) <> w.e) THEN
          RETURN QUERY SELECT NULL::text, NULL::text, -1::bigint;
          RETURN;
        END IF;
        next := nextval('prefs_version_seq');
        UPDATE prefs_domains d SET version = next WHERE d.domain = target;
        INSERT INTO prefs_values AS r (domain, key, value, version)
          SELECT target, w.k, CASE WHEN w.g THEN NULL ELSE w.p END, next
          FROM unnest(keys, plists, deleted) AS w(k, p, g)
          ON CONFLICT (domain, key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version;
        payload := json_build_object('domain', target, 'version', next, 'keys', to_json(keys))::text;
        IF octet_length(payload) > 7000 THEN
          payload := json_build_object('domain', target, 'version', next)::text;
        END IF;
        PERFORM pg_notify('prefs_defaults', payload);
        RETURN QUERY SELECT r.key, r.value, r.version FROM prefs_values r
          WHERE r.domain = target AND r.version > seen;
      END $$
      """,
    ],
    // Version 2: writers of one domain no longer wait for each other's
    // commit (version 1 held the domain's row through it, so a domain took
    // one commit at a time). Each row records the transaction that wrote
    // it; a reader asks for the rows of transactions not finished when it
    // last read (the xmin of its snapshot, its cursor), so a write that
    // commits late is still found. The compare-and-set is per row: a key
    // whose version is not the one read stops the whole write.
    [
      """
      ALTER TABLE prefs_values
        ADD COLUMN IF NOT EXISTS txid xid8 NOT NULL DEFAULT pg_current_xact_id()
      """,
      "CREATE INDEX IF NOT EXISTS prefs_values_by_txid ON prefs_values (domain, txid)",
      // `seen` is the writer's cursor. Returns a first row of NULL key whose
      // version is the cursor to read from next, then every row written by a
      // transaction not finished at the writer's read (its own among them).
      // A key changed since it was read fails the write with
      // serialization_failure, changing nothing.
      """
      CREATE OR REPLACE FUNCTION prefs_write(
        target text, keys text[], plists text[], deleted boolean[], expected bigint[],
        seen bigint)
      RETURNS TABLE (changed_key text, changed_value text, changed_version bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        next bigint := nextval('prefs_version_seq');
        written bigint;
        payload text;
      BEGIN
        -- A new key (expected 0) is inserted at the new version; an existing
        -- row is updated only where its version is the expected one. Keys go
        -- in order, so that writers of several keys lock them in one order.
        INSERT INTO prefs_values AS r (domain, key, value, version, txid)
          SELECT target, w.k, CASE WHEN w.g THEN NULL ELSE w.p END,
            CASE WHEN w.e = 0 THEN next ELSE w.e END, pg_current_xact_id()
          FROM unnest(keys, plists, deleted, expected) AS w(k, p, g, e)
          ORDER BY w.k
          ON CONFLICT (domain, key) DO UPDATE
            SET value = EXCLUDED.value, version = next, txid = EXCLUDED.txid
            WHERE r.version = EXCLUDED.version AND EXCLUDED.version <> next;
        GET DIAGNOSTICS written = ROW_COUNT;
        IF written < cardinality(keys) THEN
          RAISE EXCEPTION 'prefs_write: a key changed since it was read'
            USING ERRCODE = 'serialization_failure';
        END IF;
        payload := json_build_object('domain', target, 'version', next, 'keys', to_json(keys))::text;
        IF octet_length(payload) > 7000 THEN
          payload := json_build_object('domain', target, 'version', next)::text;
        END IF;
        PERFORM pg_notify('prefs_defaults', payload);
        RETURN QUERY
          SELECT NULL::text, NULL::text, pg_snapshot_xmin(pg_current_snapshot())::text::bigint
          UNION ALL
          SELECT r.key, r.value, r.version FROM prefs_values r
          WHERE r.domain = target AND r.txid >= seen::text::xid8;
      END $$
      """,
    ],
    // Version 3: a write whose commit waits for the disk notifies in a
    // transaction of its own, right after. A NOTIFY holds one lock of the
    // whole database from its commit until the commit is on disk, so
    // writers that notify in their transaction commit one at a time, each
    // waiting for its own flush (8 writers of plain INSERTs share their
    // flushes and go ~10 times faster on a slow disk). A notification that
    // writes nothing commits without waiting for the disk. When commits do
    // not wait (synchronous_commit = off), the write still notifies itself:
    // one round trip. The first row's changed_value says which: NULL when
    // notified, else the version the writer is to notify with prefs_notify.
    [
      """
      CREATE OR REPLACE FUNCTION prefs_notify(target text, written bigint, keys text[])
      RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        payload text;
      BEGIN
        payload := json_build_object('domain', target, 'version', written, 'keys', to_json(keys))::text;
        IF octet_length(payload) > 7000 THEN
          payload := json_build_object('domain', target, 'version', written)::text;
        END IF;
        PERFORM pg_notify('prefs_defaults', payload);
      END $$
      """,
      """
      CREATE OR REPLACE FUNCTION prefs_write(
        target text, keys text[], plists text[], deleted boolean[], expected bigint[],
        seen bigint)
      RETURNS TABLE (changed_key text, changed_value text, changed_version bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        next bigint := nextval('prefs_version_seq');
        written bigint;
        told text;
      BEGIN
        INSERT INTO prefs_values AS r (domain, key, value, version, txid)
          SELECT target, w.k, CASE WHEN w.g THEN NULL ELSE w.p END,
            CASE WHEN w.e = 0 THEN next ELSE w.e END, pg_current_xact_id()
          FROM unnest(keys, plists, deleted, expected) AS w(k, p, g, e)
          ORDER BY w.k
          ON CONFLICT (domain, key) DO UPDATE
            SET value = EXCLUDED.value, version = next, txid = EXCLUDED.txid
            WHERE r.version = EXCLUDED.version AND EXCLUDED.version <> next;
        GET DIAGNOSTICS written = ROW_COUNT;
        IF written < cardinality(keys) THEN
          RAISE EXCEPTION 'prefs_write: a key changed since it was read'
            USING ERRCODE = 'serialization_failure';
        END IF;
        IF current_setting('synchronous_commit') = 'off' THEN
          PERFORM prefs_notify(target, next, keys);
        ELSE
          told := next::text;
        END IF;
        RETURN QUERY
          SELECT NULL::text, told, pg_snapshot_xmin(pg_current_snapshot())::text::bigint
          UNION ALL
          SELECT r.key, r.value, r.version FROM prefs_values r
          WHERE r.domain = target AND r.txid >= seen::text::xid8;
      END $$
      """,
    ],
    // Version 4: a write is one round trip again, where commits wait for
    // the disk. `CALL prefs_write_call(...)` writes with version 3's
    // prefs_write and commits (durably, sharing its flush with other
    // writers' commits), then notifies in a transaction of its own, inside
    // the same call:
    // version 3 took a second statement, and so a second round trip, for
    // the notification. What the write found (the rows newer than the
    // writer's cursor, its own among them) comes back as arrays in the
    // procedure's INOUT parameters, read before the commit. Should the
    // notification queue be half full (a listener that has stopped
    // reading), the notification is left out rather than fail the call
    // after the write has committed: watchers find the write by its version
    // with the next change they hear of, or when they connect again.
    [
      """
      CREATE OR REPLACE PROCEDURE prefs_write_call(
        target text, keys text[], plists text[], deleted boolean[], expected bigint[],
        seen bigint,
        INOUT next_cursor bigint DEFAULT NULL, INOUT changed_keys text[] DEFAULT NULL,
        INOUT changed_values text[] DEFAULT NULL, INOUT changed_deleted boolean[] DEFAULT NULL,
        INOUT changed_versions bigint[] DEFAULT NULL)
      LANGUAGE plpgsql AS $$
      DECLARE
        told text;
      BEGIN
        -- Version 3's prefs_write writes (or raises serialization_failure);
        -- its first row, of NULL key, holds the next cursor and the version
        -- to notify with (NULL when it notified itself: commits that do not
        -- wait for the disk), then come the rows.
        SELECT max(w.changed_version) FILTER (WHERE w.changed_key IS NULL),
            max(w.changed_value) FILTER (WHERE w.changed_key IS NULL),
            coalesce(array_agg(w.changed_key) FILTER (WHERE w.changed_key IS NOT NULL), '{}'),
            coalesce(array_agg(coalesce(w.changed_value, ''))
              FILTER (WHERE w.changed_key IS NOT NULL), '{}'),
            coalesce(array_agg(w.changed_value IS NULL)
              FILTER (WHERE w.changed_key IS NOT NULL), '{}'),
            coalesce(array_agg(w.changed_version)
              FILTER (WHERE w.changed_key IS NOT NULL), '{}')
          INTO next_cursor, told, changed_keys, changed_values, changed_deleted, changed_versions
          FROM prefs_write(target, keys, plists, deleted, expected, seen) AS w;
        IF told IS NOT NULL THEN
          COMMIT;
          IF pg_notification_queue_usage() < 0.5 THEN
            PERFORM prefs_notify(target, told::bigint, keys);
          END IF;
        END IF;
      END $$
      """
    ],
  ]

  /// Makes or upgrades the tables when they are not at ``version``.
  static func ensure(on connection: PostgresConnection, store: String) throws(DefaultsError) {
    if let found = try currentVersion(on: connection, store: store, inTransaction: false),
      found == version
    {
      return
    }
    do {
      _ = try connection.rawRows("BEGIN")
      _ = try connection.rawRows("SELECT pg_advisory_xact_lock(\(lockKey))")
      let found = try currentVersion(on: connection, store: store, inTransaction: true) ?? 0
      if found > version {
        _ = try? connection.rawRows("ROLLBACK")
        throw DefaultsError.unavailable(
          store: store, operation: "use the store",
          reason:
            "its tables are at schema version \(found), newer than this prefs knows (\(version)); upgrade prefs"
        )
      }
      for step in steps[found..<version] {
        for statement in step { _ = try connection.rawRows(PostgresQuery(unsafeSQL: statement)) }
      }
      _ = try connection.rawRows(
        """
        INSERT INTO prefs_schema (singleton, version) VALUES (true, \(version))
        ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version
        """)
      _ = try connection.rawRows("COMMIT")
    } catch let error as DefaultsError {
      throw error
    } catch {
      _ = try? connection.rawRows("ROLLBACK")
      throw .unavailable(
        store: store, operation: "create the store's tables", reason: ServerLink.describe(error))
    }
  }

  /// The tables' version; nil when there are none yet.
  private static func currentVersion(
    on connection: PostgresConnection, store: String, inTransaction: Bool
  ) throws(DefaultsError) -> Int? {
    do {
      let exists = try connection.rawRows("SELECT to_regclass('prefs_schema') IS NOT NULL")
      guard let row = exists.first, try row.decode(Bool.self) else { return nil }
      let rows = try connection.rawRows("SELECT version FROM prefs_schema")
      guard let first = rows.first else { return nil }
      return Int(try first.decode(Int32.self))
    } catch {
      if inTransaction { _ = try? connection.rawRows("ROLLBACK") }
      throw .unavailable(
        store: store, operation: "read the store's schema version",
        reason: ServerLink.describe(error))
    }
  }
}
