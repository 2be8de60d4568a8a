/// Which end of an away session a `roughtime` journal record proves (docs/journal-format.md §12).
package enum SignedTimeEvent: String, Sendable, Hashable, Codable {
    /// A stamp written right after the departure: its first nonce commits to the departure record, so the
    /// departure existed by the signed time (plus radius).
    case departure
    /// A fresh answer taken at the return (or later in the return's boot): the return came after the signed
    /// time (minus radius), less the boot-clock distance from the return to the answer.
    case arrival = "return"
}

/// One server's part of a chained Roughtime query, as kept in the journal: enough for anyone holding the
/// server's public key to verify it again.
package struct SignedTimeLink: Sendable, Hashable {
    /// The server's long-term Ed25519 public key (32 bytes) the answer claims to be signed under.
    package var publicKey: [UInt8]
    /// The 32 random bytes mixed into this link's nonce.
    package var blind: [UInt8]
    /// The whole request packet sent (its nonce is inside).
    package var request: [UInt8]
    /// The whole response packet received.
    package var response: [UInt8]

    /// Creates a link.
    package init(publicKey: [UInt8], blind: [UInt8], request: [UInt8], response: [UInt8]) {
        self.publicKey = publicKey
        self.blind = blind
        self.request = request
        self.response = response
    }
}

/// A `roughtime` journal record: signed answers that prove when one end of a session happened.
package struct SignedTimeRecord: Sendable, Hashable {
    /// The journal record type.
    package static let recordType = "roughtime"
    /// The most links a record may carry.
    package static let maximumLinks = 8
    /// The largest request or response packet kept (bytes).
    package static let maximumPacketBytes = 4096

    /// The session whose end this proves (never empty).
    package var sessionID: String
    /// Which end.
    package var proves: SignedTimeEvent
    /// The boot clock when the answers had arrived (nanoseconds since boot).
    package var bootNanoseconds: Int64
    /// The boot the reading belongs to, when known.
    package var bootID: String?
    /// The answered links of the chain, in query order (at least one).
    package var links: [SignedTimeLink]

    /// Creates a record.
    package init(sessionID: String, proves: SignedTimeEvent, bootNanoseconds: Int64, bootID: String?, links: [SignedTimeLink]) {
        self.sessionID = sessionID
        self.proves = proves
        self.bootNanoseconds = bootNanoseconds
        self.bootID = bootID
        self.links = links
    }
}
