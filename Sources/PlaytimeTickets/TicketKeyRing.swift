/// The keys of a ticket authority: one current key that signs new tickets, and every key
/// whose tickets are still accepted.
///
/// Rotation: add the new key as `current` and keep the old one in `alsoAccepted` until every
/// ticket it signed has expired (one ticket lifetime), then drop it; its tickets are then
/// refused as ``TicketError/unknownKey(_:)``.
package struct TicketKeyRing: Sendable, CustomStringConvertible {
    /// The key that signs newly issued tickets (always accepted for verifying).
    package let current: TicketKey
    /// Accepted keys by id, including ``current``.
    let accepted: [String: TicketKey]

    /// Creates a ring; ids must be unique.
    package init(current: TicketKey, alsoAccepted: [TicketKey] = []) throws(TicketKeyError) {
        var accepted = [current.id: current]
        for key in alsoAccepted {
            guard accepted[key.id] == nil else { throw .duplicateID(key.id) }
            accepted[key.id] = key
        }
        self.current = current
        self.accepted = accepted
    }

    /// The ids whose tickets verify, sorted.
    package var acceptedIDs: [String] { accepted.keys.sorted() }

    /// The accepted key named `id`, if any.
    package func key(id: String) -> TicketKey? { accepted[id] }

    /// `TicketKeyRing(current: id, accepted: [ids])`.
    package var description: String { "TicketKeyRing(current: \(current.id), accepted: \(acceptedIDs))" }
}
