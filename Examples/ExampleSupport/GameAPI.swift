import PlaytimeSystem

/// The JSON bodies the example game server and client exchange. All instants are the server's clock,
/// Unix nanoseconds (UTC).

/// `POST /tickets`: the player is leaving. Exactly these two fields: the server snapshots the rate from its
/// own state, never from the request (any other field is refused with 400).
package struct TicketRequest: Codable, Sendable, JSONRequestBody {
    /// The player's id (1–256 UTF-8 bytes).
    package var player: String
    /// The departing session's id (1–256 UTF-8 bytes).
    package var session: String

    /// `{"player", "session"}`, nothing else.
    package static let jsonShape = JSONShape.object(["player": .scalar, "session": .scalar])

    /// Creates a body.
    package init(player: String, session: String) {
        self.player = player
        self.session = session
    }
}

/// `POST /tickets` → 200.
package struct TicketResponse: Codable, Sendable {
    /// The ticket's text form (`pt1.….…`), handed back at return.
    package var ticket: String
    /// Server time of issue.
    package var issuedAt: Int64
    /// First instant at which the ticket is no longer redeemable.
    package var expiresAt: Int64
    /// The reward policy version the ticket is paid under.
    package var policy: String

    /// Creates a body.
    package init(ticket: String, issuedAt: Int64, expiresAt: Int64, policy: String) {
        self.ticket = ticket
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.policy = policy
    }
}

/// `POST /redeem`: the player is back. Exactly these two fields: multipliers come from what the server itself
/// recorded for the session, never from the request (any other field is refused with 400).
package struct RedeemRequest: Codable, Sendable, JSONRequestBody {
    /// The player redeeming (must be the ticket's, byte for byte).
    package var player: String
    /// The ticket's text form.
    package var ticket: String

    /// `{"player", "ticket"}`, nothing else.
    package static let jsonShape = JSONShape.object(["player": .scalar, "ticket": .scalar])

    /// Creates a body.
    package init(player: String, ticket: String) {
        self.player = player
        self.ticket = ticket
    }
}

/// `POST /redeem` → 200.
package struct RedeemResponse: Codable, Sendable {
    /// The player paid.
    package var player: String
    /// The session the ticket was issued for.
    package var session: String
    /// Whole seconds between issue and redemption, by the server's clock.
    package var elapsedSeconds: Int64
    /// Gold paid now (within the player's rolling daily budget).
    package var gold: Int64
    /// Gold the reward was worth but the daily budget withheld (not paid).
    package var withheldByBudget: Int64
    /// The rate snapshotted in the ticket (the server's figure at departure).
    package var goldPerHour: Int64
    /// Multipliers that were applied (the server's grants for the session).
    package var multipliers: [String]
    /// The policy version the gold was computed under.
    package var policy: String
    /// True when the ticket was redeemed before and this repeats what that redemption paid: credit it only if
    /// that answer was lost (a fleet database; docs/fleet.md, "Exactly once").
    package var repeated = false
    /// How many times the server sent the redemption to its database (more than 1 after a failover).
    package var attempts = 1

    /// Creates a body.
    package init(player: String, session: String, elapsedSeconds: Int64, gold: Int64, withheldByBudget: Int64,
                goldPerHour: Int64, multipliers: [String], policy: String) {
        self.player = player
        self.session = session
        self.elapsedSeconds = elapsedSeconds
        self.gold = gold
        self.withheldByBudget = withheldByBudget
        self.goldPerHour = goldPerHour
        self.multipliers = multipliers
        self.policy = policy
    }
}

/// `POST /audit` (journal bytes as the body, header `X-Player`) → 200.
package struct AuditResponse: Codable, Sendable {
    /// The player named in `X-Player`.
    package var player: String
    /// The key id the server audited with (not secret: it names the key).
    package var keyID: String
    /// `accepted` (the upload extends what the server saw), `replayed` (nothing new) or `rejected` (rollback or fork).
    package var outcome: String
    /// Records verified.
    package var records: UInt64
    /// Sessions audited.
    package var sessions: Int
    /// Seconds credited by the recomputed verdicts.
    package var creditedSeconds: Int64
    /// Gold the evidence justifies, recomputed by the server.
    package var recomputedGold: Int64
    /// Gold the game's claims say it paid.
    package var claimedGold: Int64
    /// Gold this upload made payable: proven beyond what earlier uploads paid, less sessions a ticket paid.
    package var payableGold: Int64
    /// Gold the server paid for this upload: the payable gold within the player's rolling daily budget.
    package var paidGold: Int64
    /// Payable gold the daily budget withheld.
    package var withheldByBudget: Int64
    /// True when nothing was found.
    package var clean: Bool
    /// One line per finding, `kind (session S, record N): detail`.
    package var findings: [String]
    /// True when the same bytes from the same player were accepted before and this repeats what that call paid
    /// (a fleet database; docs/fleet.md, "Exactly once"); the audit figures are then not repeated (zero).
    package var repeated = false
    /// How many times the server sent the upload to its database (more than 1 after a failover).
    package var attempts = 1

    /// Creates a body.
    package init(player: String, keyID: String, outcome: String, records: UInt64, sessions: Int, creditedSeconds: Int64,
                recomputedGold: Int64, claimedGold: Int64, payableGold: Int64, paidGold: Int64, withheldByBudget: Int64,
                clean: Bool, findings: [String]) {
        self.player = player
        self.keyID = keyID
        self.outcome = outcome
        self.records = records
        self.sessions = sessions
        self.creditedSeconds = creditedSeconds
        self.recomputedGold = recomputedGold
        self.claimedGold = claimedGold
        self.payableGold = payableGold
        self.paidGold = paidGold
        self.withheldByBudget = withheldByBudget
        self.clean = clean
        self.findings = findings
    }
}

/// `POST /grant` (and its 200 answer, which repeats it): the ad network's server-to-server callback, confirming that the player watched an ad for a
/// session (`EarningsServer.grant`). A real server authenticates the ad network (its signature on the callback);
/// the example, on loopback only, takes the request as it is.
package struct GrantRequest: Codable, Sendable, JSONRequestBody {
    /// The player.
    package var player: String
    /// The away session the ad was watched for (`AwayPayout.sessionID`).
    package var session: String
    /// The multiplier granted (a name the server's policy defines).
    package var multiplier: String

    /// `{"player", "session", "multiplier"}`, nothing else.
    package static let jsonShape = JSONShape.object(["player": .scalar, "session": .scalar, "multiplier": .scalar])

    /// Creates a body.
    package init(player: String, session: String, multiplier: String) {
        self.player = player
        self.session = session
        self.multiplier = multiplier
    }
}
