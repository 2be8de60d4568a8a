extension TicketAuthority {
    /// Issues a signed ticket for a departure at `now` (server clock, Unix nanoseconds), at the rate the
    /// server's ``rates`` give for `player`, with a fresh random nonce from the system's secure generator.
    ///
    /// - Parameters:
    ///   - player: the player's id (1–256 UTF-8 bytes).
    ///   - session: the departing session's id (1–256 UTF-8 bytes).
    /// - Throws: ``TicketError/storeFailure(_:)`` when the rate cannot be read, ``TicketError/malformed(_:)``
    ///   when a field (or the rate) is out of range.
    package func issue(player: String, session: String, at now: Int64) throws(TicketError) -> DepartureTicket {
        let rate: Int64
        do {
            rate = try rates.goldPerHour(for: PlayerKey(player), at: now)
        } catch {
            throw .storeFailure(error)
        }
        do {
            return try issue(player: player, session: session, rate: rate, at: now, nonce: .random())
        } catch {
            throw .malformed(error)
        }
    }

    /// Issues a signed ticket at an explicit `rate`, gold per hour, snapshotted into the ticket.
    ///
    /// The rate must be the server's own figure (its state and policy), never a value from the client's
    /// request: prefer ``issue(player:session:at:)``, which asks ``rates``.
    /// - Throws: ``TicketFormatError`` when a field is out of range.
    package func issue(player: String, session: String, rate: Int64, at now: Int64) throws(TicketFormatError) -> DepartureTicket {
        try issue(player: player, session: session, rate: rate, at: now, nonce: .random())
    }

    /// Issues a ticket with a given nonce: for test vectors and deterministic tests only, since a
    /// repeated nonce makes the second ticket unredeemable.
    package func issue(
        player: String, session: String, rate: Int64, at now: Int64, nonce: TicketNonce
    ) throws(TicketFormatError) -> DepartureTicket {
        let lifetime = lifetimeSeconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue
        let expiry = now.addingReportingOverflow(lifetime)
        var ticket = DepartureTicket(
            keyID: keys.current.id, playerID: player, sessionID: session, policyVersion: policy.version,
            issuedAt: now, expiresAt: expiry.overflow ? .max : expiry.partialValue, goldPerHour: rate,
            nonce: nonce, tag: [])
        ticket.tag = keys.current.tag(for: try ticket.canonicalBytes())
        return ticket
    }
}
