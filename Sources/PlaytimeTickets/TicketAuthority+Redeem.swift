import PlaytimeRewards

extension TicketAuthority {
    /// Parses the text form, then redeems it as ``redeem(_:player:at:requestedMultipliers:usedMultipliers:)-(DepartureTicket,_,_,_,_)``.
    public func redeem(
        _ text: String, player: String, at now: Int64,
        requestedMultipliers: [String] = [], usedMultipliers: Set<String> = []
    ) throws(TicketError) -> Redemption {
        let ticket: DepartureTicket
        do {
            ticket = try DepartureTicket.parse(text)
        } catch {
            throw .malformed(error)
        }
        return try redeem(ticket, player: player, at: now, requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers)
    }

    /// Verifies `ticket` for `player` at `now` (server clock, Unix nanoseconds), marks it used, and
    /// returns what it pays.
    ///
    /// Checks, in order: well-formed, accepted key, tag (constant time), player, known policy,
    /// not issued after `now` + skew, not expired, first use. The reward is computed before the
    /// nonce is consumed, so nothing can fail after consumption: a thrown error means nothing
    /// was paid and, unless it is ``TicketError/alreadyRedeemed``, the ticket was not used up.
    /// Status is verified (the server's own clock measured the time); the rate is the ticket's.
    public func redeem(
        _ ticket: DepartureTicket, player: String, at now: Int64,
        requestedMultipliers: [String] = [], usedMultipliers: Set<String> = []
    ) throws(TicketError) -> Redemption {
        let calculator = try verify(ticket, player: player, at: now)
        let elapsed = TicketAuthority.elapsedSeconds(from: ticket.issuedAt, to: now)
        let breakdown: RewardBreakdown
        do {
            breakdown = try calculator.calculate(RewardClaim(
                creditedSeconds: elapsed, status: .verified, goldPerHour: ticket.goldPerHour,
                requestedMultipliers: requestedMultipliers, usedMultipliers: usedMultipliers))
        } catch {
            throw .malformed(.negativeRate(ticket.goldPerHour))
        }
        let decision: ReplayDecision
        do {
            decision = try replayGuard.consume(nonce: ticket.nonce, expiresAt: ticket.expiresAt, now: now)
        } catch {
            throw .storeFailure(error)
        }
        switch decision {
        case .firstUse: return Redemption(ticket: ticket, redeemedAt: now, elapsedSeconds: elapsed, breakdown: breakdown)
        case .alreadyUsed: throw .alreadyRedeemed
        case .expired: throw .expired(expiresAt: ticket.expiresAt, now: now)
        }
    }

    /// Every check except single use; returns the calculator of the ticket's policy.
    ///
    /// Use it to show a returning player the pending reward without consuming the ticket.
    @discardableResult
    public func verify(_ ticket: DepartureTicket, player: String, at now: Int64) throws(TicketError) -> RewardCalculator {
        let message: [UInt8]
        do {
            message = try ticket.canonicalBytes()
        } catch {
            throw .malformed(error)
        }
        guard ticket.tag.count == 32 else { throw .malformed(.invalidTagLength(ticket.tag.count)) }
        guard let key = keys.key(id: ticket.keyID) else { throw .unknownKey(ticket.keyID) }
        guard key.isValid(tag: ticket.tag, for: message) else { throw .forged }
        guard ticket.playerID == player else { throw .otherPlayer }
        guard let calculator = calculators[ticket.policyVersion] else { throw .unknownPolicy(ticket.policyVersion) }
        let skew = allowedSkewSeconds * 1_000_000_000
        let latestIssue = now.addingReportingOverflow(skew)
        if !latestIssue.overflow, ticket.issuedAt > latestIssue.partialValue {
            throw .notYetValid(issuedAt: ticket.issuedAt, now: now)
        }
        guard now < ticket.expiresAt else { throw .expired(expiresAt: ticket.expiresAt, now: now) }
        return calculator
    }

    /// Whole seconds from `start` to `end` (nanoseconds), 0 when `end` is not after `start`.
    static func elapsedSeconds(from start: Int64, to end: Int64) -> Int64 {
        guard end > start else { return 0 }
        let difference = end.subtractingReportingOverflow(start)
        // Both are Int64; the true difference fits in UInt64 even when the signed one overflows.
        let magnitude = difference.overflow ? UInt64(bitPattern: difference.partialValue) : UInt64(difference.partialValue)
        return Int64(magnitude / 1_000_000_000)
    }
}
