/// One paying call as the server's payment log keeps it and the service answers it (docs/service.md, "Payments";
/// the `Payment` schema of docs/openapi.json): a ticket's redemption or a journal's upload, what it paid, why, and the
/// words for the player. Written once, when the call pays; a retry of the same call is answered with it.
package struct PaymentRecord: Codable, Sendable, Equatable {
    /// Which call paid.
    package enum Kind: String, Codable, Sendable {
        /// A departure ticket redeemed.
        case redemption
        /// A journal uploaded.
        case upload
    }

    /// A message for the player (``PlayerMessage`` as data: its key, values and English text).
    package struct Message: Codable, Sendable, Equatable {
        /// The stable key (docs/player-messages.md).
        package var key: String
        /// The named values of its template.
        package var values: [String: String]
        /// The English text.
        package var text: String
    }

    /// What the audit found (a stable kind, where, and in words).
    package struct Finding: Codable, Sendable, Equatable {
        /// The kind (docs/audit-json.md, "Findings").
        package var kind: String
        /// The session it is about, if one.
        package var session: String?
        /// The journal record it is about, if one.
        package var record: UInt64?
        /// The detail in words.
        package var detail: String
    }

    /// One session this call judged or paid.
    package struct Session: Codable, Sendable, Equatable {
        /// The session id.
        package var session: String
        /// Gold this call made payable for it (before the daily budget, which applies to the call as a whole).
        package var gold: Int64
        /// Gold paid for it over every call so far, this one included.
        package var totalPaid: Int64
        /// `verified`, `provisional` or `rejected`.
        package var status: String
        /// What proved the time: `serverClock` (a ticket), `bootClock`, `network`, `uptimeBound`, `signedTime`, `none`.
        package var method: String
        /// Seconds credited (the proven lower bound).
        package var creditedSeconds: Int64
        /// The most the evidence allows, in seconds, when it bounds it.
        package var upperSeconds: Int64?
        /// Gold the evidence justifies in all (paid now plus escrow).
        package var recomputedGold: Int64
        /// Gold waiting for proof (in escrow): paid once a later upload proves it.
        package var escrowGold: Int64
        /// Gold of the proven time that a ticket or another session of the player (another device) already holds, cut
        /// by time conservation (docs/anchors.md, "Conservation"); `nil` in records written before it was kept.
        package var coveredGold: Int64?
        /// Gold the game said it showed for the session, if it claimed.
        package var claimedGold: Int64?
        /// The earn rate it was paid at, and the policy.
        package var goldPerHour: Int64
        /// See ``goldPerHour``.
        package var policy: String
        /// The multipliers the server paid the session with, after its grants (a pending one it granted since is
        /// here); `nil` in records written before it was kept.
        package var appliedMultipliers: [String]?
        /// Multipliers applied, and those waiting for the server's grant.
        package var multipliers: [String]
        /// See ``multipliers``.
        package var pendingMultipliers: [String]
        /// The journal records of the departure and the return (uploads).
        package var departureRecord: UInt64?
        /// See ``departureRecord``.
        package var returnRecord: UInt64?
        /// The interval (Unix nanoseconds, `[from, to)`) the player was certainly away, when network time or the
        /// server's clock proves one.
        package var awayFrom: Int64?
        /// See ``awayFrom``.
        package var awayTo: Int64?
        /// The verdict's flags (clock moved, forged reboot, …), by kind.
        package var flags: [String]
        /// The verdict in words.
        package var explanation: String
    }

    /// A ticket's redemption.
    package struct Redemption: Codable, Sendable, Equatable {
        /// The session the ticket was issued for.
        package var session: String
        /// Issue and redemption, server time (Unix nanoseconds).
        package var issuedAt: Int64
        /// See ``issuedAt``.
        package var redeemedAt: Int64
        /// Seconds between them, by the server's clock.
        package var elapsedSeconds: Int64
        /// The rate the ticket snapshotted, the multipliers applied and the policy.
        package var goldPerHour: Int64
        /// See ``goldPerHour``.
        package var multipliers: [String]
        /// See ``goldPerHour``.
        package var policy: String
    }

    /// A journal's upload.
    package struct Upload: Codable, Sendable, Equatable {
        /// The journal id.
        package var journal: String
        /// `accepted`, `replayed` or `rejected`.
        package var outcome: String
        /// Records verified, sessions audited, seconds credited, gold recomputed and claimed, over the whole journal.
        package var records: UInt64
        /// See ``records``.
        package var sessions: Int
        /// See ``records``.
        package var creditedSeconds: Int64
        /// See ``records``.
        package var recomputedGold: Int64
        /// See ``records``.
        package var claimedGold: Int64
        /// True when nothing was found.
        package var clean: Bool
    }

    /// The record's id: the first 16 bytes of the call's idempotency key, hex (the same call has the same id).
    package var id: String
    /// Which call it was.
    package var kind: Kind
    /// The player paid.
    package var player: String
    /// When it paid, server time (Unix nanoseconds).
    package var paidAt: Int64
    /// Gold credited to the player by this call (within the rolling daily budget).
    package var gold: Int64
    /// Gold proven and payable by this call before the daily budget.
    package var payableGold: Int64
    /// Payable gold the daily budget held back.
    package var withheldByBudget: Int64
    /// The player's daily budget (gold per rolling 24 h).
    package var dailyBudgetGold: Int64
    /// Messages for the player, headline first.
    package var messages: [Message]
    /// What the audit found (none for a redemption).
    package var findings: [Finding]
    /// The sessions judged or paid.
    package var sessions: [Session]
    /// The redemption, for a ticket.
    package var redemption: Redemption?
    /// The upload, for a journal.
    package var upload: Upload?
}
