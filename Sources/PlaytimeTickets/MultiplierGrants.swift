/// The multipliers the server itself recorded for a departure (for example an ad view its ad network
/// confirmed server to server), never names taken from the client's redeem request.
///
/// Contract: answers from server-side state only; compares keys byte for byte; a thrown error means nothing
/// is consumed or paid. Each name applies at most once, since a (player, session) is paid once.
package protocol MultiplierGrants: Sendable {
    /// The multiplier names granted to `session` (of its player), in the order they apply.
    func multipliers(for session: SessionKey) throws(TicketStoreError) -> [String]
}

/// Grants the operator configures: per player (every session of that player) and per (player, session).
package struct StaticMultiplierGrants: MultiplierGrants, Equatable {
    /// Names granted to every session of a player.
    package var perPlayer: [PlayerKey: [String]]
    /// Names granted to one session.
    package var perSession: [SessionKey: [String]]

    /// Creates a grant table (empty by default: no multipliers).
    package init(perPlayer: [PlayerKey: [String]] = [:], perSession: [SessionKey: [String]] = [:]) {
        self.perPlayer = perPlayer
        self.perSession = perSession
    }

    /// The player's names, then the session's, without repeats.
    package func multipliers(for session: SessionKey) throws(TicketStoreError) -> [String] {
        var seen = Set<[UInt8]>()
        return ((perPlayer[session.player] ?? []) + (perSession[session] ?? [])).filter { seen.insert(Array($0.utf8)).inserted }
    }
}
