package import PlaytimeAudit
public import PlaytimeCrypto
internal import PlaytimeRewards
public import PlaytimeSystem
internal import PlaytimeTickets

/// How an ``EarningsServer`` pays beyond its policy: the server's own rates and multiplier grants, older
/// policies, ticket lifetime, signed-time keys, and the server's clock.
public struct ServerConfiguration: Sendable {
    /// Earlier policies: outstanding tickets and journal sessions that name them are paid under their terms —
    /// a session only when the server's anchors place it before that policy's retirement
    /// (``policyRetirements``); otherwise the server's current policy pays it (docs/anchors.md).
    public var retainedPolicies: [RewardPolicy] = []
    /// When each retained policy stopped being the server's, by version (server time, Unix nanoseconds). A
    /// retained policy not named here counts as retired when the ``EarningsServer`` was created.
    public var policyRetirements: [String: Int64] = [:]
    /// The server's earn rate per player (default: the policy's `goldPerHour` for everyone). Tickets snapshot
    /// it; an upload's departure snapshot above it is paid at it.
    package var rates: (any RateProvider)?
    /// The one-shot multipliers the server granted (an ad view its ad network confirmed); nothing else pays.
    package var multiplierGrants: any MultiplierGrants = StaticMultiplierGrants()
    /// How long a ticket stays redeemable, in seconds (default 7 days).
    public var ticketLifetimeSeconds: Int64 = TicketAuthority.defaultLifetimeSeconds
    /// The id of the ticket signing key (written into each ticket; rotate by changing it with the secret).
    public var ticketKeyID = "k1"
    /// The operator's Roughtime public keys: signed time in uploaded journals proves time away under them
    /// (docs/journal-format.md §12). Default: none.
    public var roughtimeKeys: [Ed25519PublicKey] = []
    /// How long, in milliseconds, a redemption or an upload on a `postgres://` store keeps trying after a failure
    /// whose outcome is unknown or that a failover caused (the primary went away or became read-only), before it
    /// throws a ``ServerError`` with code ``ServerError/Code/store`` (default 30 000; 0 tries once). Each try is one transaction recorded under
    /// the call's idempotency key, so a retry never pays twice (docs/fleet.md, "Exactly once").
    public var retryDeadlineMilliseconds: Int64 = 30_000
    /// Connections to a `postgres://` store (default 4).
    public var maximumConnections = 4
    /// How much one upload may hold — bytes, records, sessions, claims, multiplier names per claim — before it
    /// is refused unjudged with ``UploadError/overLimit(_:)`` (docs/fleet.md, "Limits and cost"). The defaults
    /// are far above what an honest game uploads; within them an upload is judged in time linear in its bytes.
    package var limits = InputLimits()
    /// The server's clock: its wall time (Unix nanoseconds) is the authority for tickets, anchors and judging
    /// uploads; its boot time measures a database call's retry deadline, and its pause is the wait between two
    /// attempts. The system's clock by default; a test passes one it moves by hand, and nothing of the server
    /// reads time elsewhere.
    @_spi(Testing) public var clock: any ClockSource = SystemClockSource()

    /// The defaults.
    public init() {}
}
