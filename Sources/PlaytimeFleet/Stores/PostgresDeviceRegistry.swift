import Foundation
package import PlaytimeAudit
package import PlaytimePostgres

/// A ``DeviceRegistry`` on PostgreSQL: one row per journal (`playtime_device`), the ``DeviceRecord`` as `jsonb`,
/// shared by every server process of a fleet (docs/fleet.md).
///
/// ``replace(journalID:expected:with:)`` is a compare-and-set: with no `expected` record it is one
/// `INSERT … ON CONFLICT DO NOTHING` (of concurrent first uploads, one inserts); otherwise one transaction locks
/// the row (`SELECT … FOR UPDATE`), compares the stored record with `expected` as values (as the file registry
/// does: no dependence on how JSON was spelled) and writes `new` only when they are equal. It answers `true` only
/// after the commit. Failures are ``RegistryError``: nothing is paid.
package final class PostgresDeviceRegistry: DeviceRegistry {
    /// Where its statements go: the pool, or the open transaction of one payment.
    let target: FleetTarget

    /// A registry on `pool`, whose database has the fleet schema (``FleetSchema/migrate(_:)``).
    package init(pool: PostgresPool) {
        target = .pool(pool)
    }

    /// The same store on the connection of an open transaction (``FleetDatabase/once(key:paidAt:expiresAt:_:)``).
    init(transaction: FleetTransaction) {
        target = .transaction(transaction)
    }

    /// The record of `journalID`, if any.
    package func record(journalID: String) throws(RegistryError) -> DeviceRecord? {
        try Self.check(journalID)
        let result: PostgresResult
        do {
            result = try target.query("SELECT record FROM playtime_device WHERE journal_id = $1", [journalID])
        } catch {
            throw .fleet(error)
        }
        guard let row = result.rows.first else { return nil }
        return try Self.decode(row.first ?? nil, journalID: journalID)
    }

    /// Replaces the record of `journalID` with `new` if it is still `expected`; durable before it answers `true`.
    package func replace(journalID: String, expected: DeviceRecord?, with new: DeviceRecord) throws(RegistryError) -> Bool {
        try Self.check(journalID)
        let json = try Self.encode(new)
        guard let expected else {
            do {
                let result = try target.query(
                    """
                    INSERT INTO playtime_device (journal_id, head_sequence, record) VALUES ($1, $2, $3::jsonb)
                    ON CONFLICT (journal_id) DO NOTHING
                    """, [journalID, "\(new.headSequence)", json])
                return result.affectedRows == 1
            } catch {
                throw .fleet(error)
            }
        }
        let outcome: Result<Bool, RegistryError>
        do {
            outcome = try target.transaction { (connection) throws(PostgresError) -> Result<Bool, RegistryError> in
                let current = try connection.query("SELECT record FROM playtime_device WHERE journal_id = $1 FOR UPDATE", [journalID])
                guard let row = current.rows.first else { return .success(false) }
                guard let stored = Self.decoded(row.first ?? nil) else {
                    return .failure(RegistryError("the fleet database's record of journal \(journalID) is not a registry record"))
                }
                guard stored == expected else { return .success(false) }
                _ = try connection.query(
                    """
                    UPDATE playtime_device SET head_sequence = $2, record = $3::jsonb, updated_at = now() WHERE journal_id = $1
                    """, [journalID, "\(new.headSequence)", json])
                return .success(true)
            }
        } catch {
            throw .fleet(error)
        }
        return try outcome.get()
    }

    /// Journal ids are lowercase hex (as the file registry requires).
    static func check(_ journalID: String) throws(RegistryError) {
        guard !journalID.isEmpty, journalID.utf8.count <= 128,
            journalID.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw RegistryError("journal id '\(journalID)' is not lowercase hex")
        }
    }

    static func encode(_ record: DeviceRecord) throws(RegistryError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { throw RegistryError("cannot encode the record") }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String?, journalID: String) throws(RegistryError) -> DeviceRecord {
        guard let record = decoded(text) else {
            throw RegistryError("the fleet database's record of journal \(journalID) is not a registry record")
        }
        return record
    }

    static func decoded(_ text: String?) -> DeviceRecord? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(DeviceRecord.self, from: Data(text.utf8))
    }
}
