/// The server's own source of a player's earn rate at departure: its account state and policy, never a
/// field of the client's request.
///
/// Contract: answers from server-side state only; compares players byte for byte; a thrown error means no
/// ticket is issued.
package protocol RateProvider: Sendable {
    /// The earn rate of `player` at `now` (Unix nanoseconds), gold per hour (≥ 0).
    func goldPerHour(for player: PlayerKey, at now: Int64) throws(TicketStoreError) -> Int64
}

/// Rates the server operator configures: one default (typically the policy's `goldPerHour`) and per-player
/// overrides (keys compared byte for byte).
package struct PlayerRates: RateProvider, Equatable {
    /// The rate of every player without an override, gold per hour.
    package var defaultGoldPerHour: Int64
    /// Per-player rates, gold per hour.
    package var perPlayer: [PlayerKey: Int64]

    /// Creates a rate table.
    package init(defaultGoldPerHour: Int64, perPlayer: [PlayerKey: Int64] = [:]) {
        self.defaultGoldPerHour = defaultGoldPerHour
        self.perPlayer = perPlayer
    }

    /// The override of `player`, else the default.
    package func goldPerHour(for player: PlayerKey, at now: Int64) throws(TicketStoreError) -> Int64 {
        perPlayer[player] ?? defaultGoldPerHour
    }
}
