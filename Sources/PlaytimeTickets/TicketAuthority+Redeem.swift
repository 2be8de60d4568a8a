package import PlaytimeRewards

extension TicketAuthority {
    /// Parses the text form, then redeems it as ``redeem(_:player:at:)-(DepartureTicket,_,_)``.
    package func redeem(_ text: String, player: String, at now: Int64) throws(TicketError) -> Redemption {
        try redeem(try Self.parsed(text), player: player, at: now)
    }

    /// The ticket `text` encodes, or ``TicketError/malformed(_:)``.
    private static func parsed(_ text: String) throws(TicketError) -> DepartureTicket {
        do { return try DepartureTicket.parse(text) } catch { throw .malformed(error) }
    }

    /// Verifies `ticket` for `player` at `now` (server clock, Unix nanoseconds), marks it and its
    /// (player, session) used, debits the player's rolling daily budget, and returns what it pays.
    ///
    /// Checks, in order: well-formed, accepted key, tag (constant time), player (byte for byte), known
    /// policy, not issued after `now` + skew, not expired. Then, with nothing recorded yet: the multipliers
    /// the server's ``multiplierGrants`` recorded for the session, and the reward (status verified, the
    /// ticket's rate). Then the two stores, in this order:
    ///
    /// 1. the ``replayGuard`` consumes the nonce and the (player, session) key together — refused as
    ///    ``TicketError/alreadyRedeemed`` if either was used; a failure here (``TicketError/storeFailure(_:)``)
    ///    consumed nothing, so the ticket can be retried;
    /// 2. the ``budgetLedger`` grants up to the reward's `paidNow` under the ticket policy's
    ///    `dailyBudgetGold`; the redemption pays exactly what it granted (``Redemption/paidGold``) and reports
    ///    the rest as withheld. A failure here (``TicketError/ledgerFailure(_:)``) pays nothing, and the
    ///    ticket is used up.
    ///
    /// Why this order: consuming first means no crash or failure can pay a ticket twice (a second attempt
    /// finds it consumed), and nothing is paid without a durable grant, so nothing is paid past the budget.
    /// The price falls on the honest player only when the ledger fails (or the server crashes) between the
    /// two steps: that one ticket's gold is lost; no budget is lost.
    ///
    /// With a guard that grants from the same database as the ledger (``OneStepRedeeming``: the fleet's
    /// PostgreSQL stores), both steps and a record of the payment are one transaction and one round trip, so
    /// nothing can fall between them; and a ticket redeemed before whose payment was recorded answers that
    /// payment (``Redemption/isRepeat``), never a refusal and never a second payment, so that a caller that lost
    /// the answer (its database failed over) can retry (docs/fleet.md, "Exactly once").
    package func redeem(_ ticket: DepartureTicket, player: String, at now: Int64) throws(TicketError) -> Redemption {
        if let oneStep = replayGuard as? any OneStepRedeeming, oneStep.grantsWith(budgetLedger) {
            return try redeemInOneStep(ticket, player: player, at: now, guard: oneStep)
        }
        let consumed = try consume(ticket, player: player, at: now)
        return try settle(consumed, paying: consumed.breakdown.paidNow)
    }

    private func redeemInOneStep(
        _ ticket: DepartureTicket, player: String, at now: Int64,
        guard oneStep: any OneStepRedeeming
    ) throws(TicketError) -> Redemption {
        let priced = try price(ticket, player: player, at: now)
        let answer: OneStepRedemption
        do {
            answer = try oneStep.redeem(priced.claim, gold: priced.breakdown.paidNow, limit: priced.breakdown.dailyBudgetGold, now: now)
        } catch {
            throw .storeFailure(error)
        }
        switch answer {
        case .paid(let grant):
            return Redemption(ticket: ticket, redeemedAt: now, elapsedSeconds: priced.elapsed, breakdown: priced.breakdown, budget: grant)
        case .repeated(var grant, let redeemedAt):
            // The original redemption's figures: the same ticket priced at the instant it was redeemed.
            let original = (try? price(ticket, player: player, at: redeemedAt, checkingExpiry: false)) ?? priced
            grant.requested = max(original.breakdown.paidNow, grant.granted)
            var redemption = Redemption(
                ticket: ticket, redeemedAt: redeemedAt, elapsedSeconds: original.elapsed,
                breakdown: original.breakdown, budget: grant)
            redemption.isRepeat = true
            return redemption
        case .refused(.expired): throw .expired(expiresAt: ticket.expiresAt, now: now)
        case .refused: throw .alreadyRedeemed
        }
    }

    /// Parses the text form, then consumes it as ``consume(_:player:at:)-(DepartureTicket,_,_)``.
    package func consume(_ text: String, player: String, at now: Int64) throws(TicketError) -> ConsumedTicket {
        try consume(try Self.parsed(text), player: player, at: now)
    }

    /// The first half of ``redeem(_:player:at:)-(DepartureTicket,_,_)``: every check, the reward, and step 1
    /// (the ``replayGuard`` consumes the nonce and the (player, session) key). Nothing is debited from the
    /// budget yet: call ``settle(_:paying:)`` next with what the ticket actually pays, so a server that trims
    /// the reward (hours already paid by an upload) debits only the trimmed gold. If the caller never
    /// settles (it failed, or crashed), the ticket is used up and nothing is paid or debited.
    package func consume(_ ticket: DepartureTicket, player: String, at now: Int64) throws(TicketError) -> ConsumedTicket {
        let priced = try price(ticket, player: player, at: now)
        let decision: ReplayDecision
        do {
            decision = try replayGuard.consume(priced.claim, now: now)
        } catch {
            throw .storeFailure(error)
        }
        switch decision {
        case .firstUse: break
        case .alreadyUsed, .sessionAlreadyPaid: throw .alreadyRedeemed
        case .expired: throw .expired(expiresAt: ticket.expiresAt, now: now)
        }
        return ConsumedTicket(ticket: ticket, redeemedAt: now, elapsedSeconds: priced.elapsed, breakdown: priced.breakdown)
    }

    /// Every check, the multipliers granted and the reward of `ticket` redeemed at `now`, and the claim its replay
    /// guard records; nothing is recorded.
    private func price(
        _ ticket: DepartureTicket, player: String, at now: Int64,
        checkingExpiry: Bool = true
    ) throws(TicketError) -> (breakdown: RewardBreakdown, elapsed: Int64, claim: ReplayClaim) {
        let calculator = try verify(ticket, player: player, at: checkingExpiry ? now : min(now, ticket.expiresAt - 1))
        let session = SessionKey(of: ticket)
        let multipliers: [String]
        do {
            multipliers = try multiplierGrants.multipliers(for: session)
        } catch {
            throw .storeFailure(error)
        }
        let elapsed = TicketAuthority.elapsedSeconds(from: ticket.issuedAt, to: now)
        let breakdown: RewardBreakdown
        do {
            // A (player, session) pays once, so no multiplier can have been used for it before.
            breakdown = try calculator.calculate(
                RewardClaim(
                    creditedSeconds: elapsed, status: .verified, goldPerHour: ticket.goldPerHour,
                    requestedMultipliers: multipliers, usedMultipliers: []))
        } catch {
            throw .malformed(.negativeRate(ticket.goldPerHour))
        }
        let claim = ReplayClaim(
            nonce: ticket.nonce, expiresAt: ticket.expiresAt, session: session,
            sessionExpiresAt: sessionMemoryEnd(after: now))
        return (breakdown, elapsed, claim)
    }

    /// Step 2 of ``redeem(_:player:at:)-(DepartureTicket,_,_)`` for a ticket ``consume(_:player:at:)-(DepartureTicket,_,_)``
    /// used up: the ``budgetLedger`` grants up to `gold` (clamped to `0 ... breakdown.paidNow`) under the ticket
    /// policy's `dailyBudgetGold`, so the budget is debited by exactly what is paid: a ticket trimmed to 0 gold
    /// debits nothing. A failure (``TicketError/ledgerFailure(_:)``) pays nothing.
    package func settle(_ consumed: ConsumedTicket, paying gold: Int64) throws(TicketError) -> Redemption {
        let amount = min(max(0, gold), max(0, consumed.breakdown.paidNow))
        let grant: BudgetGrant
        do {
            grant = try budgetLedger.grant(
                amount, to: SessionKey(of: consumed.ticket).player,
                limit: consumed.breakdown.dailyBudgetGold, at: consumed.redeemedAt)
        } catch {
            throw .ledgerFailure(error)
        }
        return Redemption(
            ticket: consumed.ticket, redeemedAt: consumed.redeemedAt, elapsedSeconds: consumed.elapsedSeconds,
            breakdown: consumed.breakdown, budget: grant)
    }

    /// Until when a (player, session) paid at `now` is remembered: `now + lifetime + allowed skew`
    /// (saturating), after which no ticket issued before `now` is still redeemable under this lifetime.
    func sessionMemoryEnd(after now: Int64) -> Int64 {
        let seconds = lifetimeSeconds + allowedSkewSeconds
        let end = now.addingReportingOverflow(seconds * 1_000_000_000)
        return end.overflow ? .max : end.partialValue
    }

    /// Every check except single use and the budget; returns the calculator of the ticket's policy.
    ///
    /// Use it to show a returning player the pending reward without consuming the ticket.
    @discardableResult
    package func verify(_ ticket: DepartureTicket, player: String, at now: Int64) throws(TicketError) -> RewardCalculator {
        let message: [UInt8]
        do {
            message = try ticket.canonicalBytes()
        } catch {
            throw .malformed(error)
        }
        guard ticket.tag.count == 32 else { throw .malformed(.invalidTagLength(ticket.tag.count)) }
        guard let key = keys.key(id: ticket.keyID) else { throw .unknownKey(ticket.keyID) }
        guard key.isValid(tag: ticket.tag, for: message) else { throw .forged }
        // Byte for byte: `String ==` would accept a canonically equivalent id (NFC for NFD).
        guard ticket.playerID.utf8.elementsEqual(player.utf8) else { throw .otherPlayer }
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
