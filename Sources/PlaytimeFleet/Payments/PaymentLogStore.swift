/// Why a payment log could not be read or written.
package struct PaymentLogError: Error, Sendable, CustomStringConvertible {
    /// What failed, in words.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}

/// One entry of a payment log as stored: its place in the player's log and the record's JSON text.
package struct PaymentLogEntry: Sendable, Equatable {
    /// The entry's position: increasing within a player's log (a page continues after the last one it had).
    package var position: Int64
    /// The payment record (JSON text, written by the server; the store never reads inside it).
    package var record: String

    /// An entry.
    package init(position: Int64, record: String) {
        self.position = position
        self.record = record
    }
}

/// Where every paying call's record is kept (a redemption, an upload, whatever it paid), by player, with the call's
/// idempotency key: a retry of the same call finds its record (docs/service.md, "Payments", "Exactly once").
/// Files on one machine, or the fleet's table.
package protocol PaymentLogStore: Sendable {
    /// Appends `record` to `account`'s log under `key` (durable before it returns).
    func append(account: String, key: [UInt8], paidAt: Int64, record: String) throws(PaymentLogError)
    /// The record written under `key`, if any.
    func record(key: [UInt8]) throws(PaymentLogError) -> String?
    /// At most `limit` entries of `account`'s log after position `after` (0: from the start), oldest first.
    func entries(account: String, after: Int64, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry]
    /// At most `limit` entries of any account whose record's text contains `fragment` (bytes compared as they are),
    /// oldest first within an account: the support console's search by session id, a scan of the whole log (read-only).
    func entries(containing fragment: String, limit: Int) throws(PaymentLogError) -> [PaymentLogEntry]
}
