// The game server's API: every call that waits on the disk or the database is async and runs its blocking work on a
// thread of its own (`BlockingWork`), never on the cooperative pool. The synchronous calls of the same names are
// the package's (its tests, the example server's threads, the fleet worker).
extension EarningsServer {
    /// Opens the stores named by `store` — a directory (created if missing) or a `postgres://` URL (the schema is
    /// created or migrated) — and signs tickets with `ticketSecret` (at least 16 bytes; every server of a fleet the
    /// same). The same secret is the server secret of docs/anchors.md: enrolled journals' keys and the anchor key
    /// are derived from it. Throws ``ServerError/Code/setup`` for an invalid secret, policy or store.
    public convenience init(
        store: String, ticketSecret: [UInt8], policy: RewardPolicy = .default,
        configuration: ServerConfiguration = ServerConfiguration()
    ) async throws(ServerError) {
        let opened = try await BlockingWork.run { () throws(ServerError) in
            try EarningsServer(store: store, ticketSecret: ticketSecret, policy: policy, configuration: configuration)
        }
        self.init(sharing: opened)
    }

    /// A departure ticket for `session` of `player`, at the server's rate for the player, by the server's clock:
    /// send its ``DepartureTicket/text`` to the device; it comes back with the player's return (``redeem(_:player:)``).
    public func issueTicket(player: String, session: String) async throws(ServerError) -> DepartureTicket {
        try await BlockingWork.run { () throws(ServerError) in try self.issueTicket(player: player, session: session) }
    }

    /// Verifies and pays a ticket once: the time since it was issued by the server's clock, with the multipliers
    /// the server granted, within the player's daily budget (docs/tickets.md). A repeat answers the first payment
    /// (``TicketPayout/isRepeat``); a refusal throws ``ServerError/Code/ticket``.
    public func redeem(_ ticket: String, player: String) async throws(ServerError) -> TicketPayout {
        try await BlockingWork.run { () throws(ServerError) in try self.redeem(ticket, player: player) }
    }

    /// Accepts the bytes of a journal this server enrolled (``enroll(player:)``), read once in memory: it must
    /// extend what was accepted before from that journal (a rollback, fork or replay pays nothing), is judged on the
    /// server's clock, and pays each session what its evidence proves beyond what was paid, within the budget.
    public func acceptUpload(_ journal: [UInt8], player: String) async throws(ServerError) -> UploadPayout {
        try await BlockingWork.run { () throws(ServerError) in try self.acceptUpload(journal, player: player) }
    }

    /// A new device's enrollment: a journal id, its key derived from the server secret and the first anchor
    /// (nothing is stored). Send its ``Enrollment/text`` to the device over an authenticated channel.
    public func enroll(player: String) async throws(ServerError) -> Enrollment {
        try await BlockingWork.run { () throws(ServerError) in try self.enroll(player: player) }
    }

    /// An anchor for the device's request (the text of its `AnchorRequest`, docs/anchors.md): the token the device
    /// records. Throws ``ServerError/Code/anchor`` for a request not in the `pr1` layout; nothing is stored.
    public func anchor(_ request: String, player: String) async throws(ServerError) -> String {
        try await BlockingWork.run { () throws(ServerError) in try self.anchor(request, player: player) }
    }

    /// Records that the server grants the multiplier `multiplier` to `session` of `player` (after its ad network's
    /// server-to-server callback): the ticket or upload that pays the session applies it, once. Throws
    /// ``ServerError/Code/grant`` for a name no policy defines.
    public func grant(_ multiplier: String, player: String, session: String) async throws(ServerError) {
        try await BlockingWork.run { () throws(ServerError) in try self.grant(multiplier, player: player, session: session) }
    }

    /// Collects expired rows of a database store (run it hourly); `nil` for file stores, which compact themselves.
    public func collectExpired() async throws(ServerError) -> FleetCollection? {
        try await BlockingWork.run { () throws(ServerError) in try self.collectExpired() }
    }
}
