/// A server-signed record of a player's departure: who left, when (by the server's clock),
/// at what earn rate, under which policy, and until when it may be redeemed.
///
/// Issued by `EarningsServer.issueTicket(player:session:)` (the package's ticket authority) and redeemed once with
/// `EarningsServer.redeem(_:player:)`; send the device its ``text``. The tag is HMAC-SHA256 over the ticket's canonical
/// bytes; that byte layout and the text form are specified in `docs/tickets.md`. All instants are Unix nanoseconds (UTC).
public struct DepartureTicket: Sendable, Hashable {
    /// The id of the key that signed the ticket.
    package var keyID: String
    /// The player the ticket was issued to (1–256 UTF-8 bytes).
    package var playerID: String
    /// The game session that departed (1–256 UTF-8 bytes).
    package var sessionID: String
    /// The version of the reward policy in force at departure (1–256 UTF-8 bytes).
    package var policyVersion: String
    /// When the server issued the ticket, server clock, Unix nanoseconds.
    package var issuedAt: Int64
    /// The first instant (Unix nanoseconds) at which the ticket is no longer redeemable.
    package var expiresAt: Int64
    /// The earn rate snapshotted at departure, gold per hour.
    package var goldPerHour: Int64
    /// The single-use random value.
    package var nonce: TicketNonce
    /// HMAC-SHA256 of ``canonicalBytes()`` under the key ``keyID`` (32 bytes).
    package var tag: [UInt8]

    /// Creates a ticket from its fields (normally only a ``TicketAuthority`` does this).
    package init(
        keyID: String, playerID: String, sessionID: String, policyVersion: String,
        issuedAt: Int64, expiresAt: Int64, goldPerHour: Int64, nonce: TicketNonce, tag: [UInt8]
    ) {
        self.keyID = keyID
        self.playerID = playerID
        self.sessionID = sessionID
        self.policyVersion = policyVersion
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.goldPerHour = goldPerHour
        self.nonce = nonce
        self.tag = tag
    }

    /// The longest text form accepted by ``parse(_:)``, in bytes.
    package static let maximumTextByteCount = 4096
    /// The most UTF-8 bytes in the player id, session id or policy version.
    package static let maximumFieldByteCount = 256
}
