internal import PlaytimeFleet
internal import PlaytimeRewards
internal import PlaytimeTickets

extension EarningsServer {
    /// Records that the server grants the one-shot multiplier `multiplier` to `session` of `player` — for example
    /// when its ad network confirms, server to server, that the player watched an ad for that session. The game
    /// showed it as pending (``AwayPayout/pendingMultipliers`` in PlaytimeGuard); the ticket redemption or journal
    /// upload that pays the session applies it, once, and the game's server sends that payout to the game. A grant
    /// recorded after its session was paid by a ticket pays nothing; after an upload paid it, the journal's next
    /// upload pays what it adds (docs/tickets.md, "Multiplier grants"). Granting a name twice changes nothing.
    ///
    /// A name that no policy of this server defines, or an empty session id, throws ``ServerError`` with code ``ServerError/Code/grant``; a
    /// store failure throws one with code ``ServerError/Code/store`` (the grant may not be recorded: call again).
    package func grant(_ multiplier: String, player: String, session: String) throws(ServerError) {
        guard !session.isEmpty else { throw .grant("the session id is empty") }
        let known = authority.calculators.values.contains { calculator in
            calculator.policy.multipliers.contains { $0.name == multiplier }
        }
        guard known else { throw .grant("no policy of this server defines the multiplier '\(multiplier)'") }
        let now = configuration.clock.read().wallNanoseconds
        do {
            try stores.grants.record(
                multiplier, for: SessionKey(player: player, session: session),
                expiresAt: Self.adding(sessionMemory, to: now), now: now)
        } catch {
            throw .store("multiplier grants: \(error)")
        }
    }

    /// The grants a payment inside a fleet transaction reads: the configured ones, then those recorded, read on the
    /// transaction's connection.
    func grants(recordedIn stores: FleetStores) -> any MultiplierGrants {
        RecordedMultiplierGrants(configured: configuration.multiplierGrants, recorded: stores.multiplierGrants)
    }
}
