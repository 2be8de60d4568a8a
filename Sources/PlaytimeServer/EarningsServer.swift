import Foundation
internal import PlaytimeAudit
internal import PlaytimeCrypto
public import PlaytimeFleet
internal import PlaytimeJournal
internal import PlaytimeRewards
internal import PlaytimeSystem
internal import PlaytimeTickets

/// A game server's side of offline earnings in one object: departure tickets when the player is online
/// (the server's clock measures the time away), journal uploads when the player played offline (the journal's
/// evidence, judged on the server's clock), one payment per session across both, within each player's
/// rolling daily budget.
///
/// Its stores are files in one directory (the processes of one machine share them) or the fleet's tables in
/// PostgreSQL (every host shares them): a ticket redeemed once stays redeemed after a restart, an upload
/// must extend what the server accepted before from that journal (a rollback, fork or replay pays nothing),
/// and a session paid by a ticket is not paid again by an upload (docs/tickets.md, docs/fleet.md).
/// Safe to call from any thread.
public final class EarningsServer: Sendable {
    /// The ticket issuer and redeemer (its replay guard and budget ledger are the server's stores).
    let authority: TicketAuthority
    /// The policy new tickets name and uploads are judged under (with the retained ones).
    package var policy: RewardPolicy { authority.policy }
    /// Where the stores are, for logs (a database URL without its password).
    package let storeDescription: String
    /// The configuration given at creation.
    package let configuration: ServerConfiguration

    let stores: ServerStores
    let audit: AuditConfiguration
    /// The server secret (the ticket secret): journal keys and the anchor key are derived from it.
    let secret: [UInt8]
    /// The key anchors are issued and verified with.
    let anchorKey: AnchorKey

    /// Opens the stores named by `store` — a directory (created if missing) or a `postgres://` URL (the
    /// schema is created or migrated) — and signs tickets with `ticketSecret` (at least 16 bytes; every
    /// server of a fleet the same). The same secret is the server secret of docs/anchors.md: enrolled
    /// journals' keys and the anchor key are derived from it.
    package init(
        store: String, ticketSecret: [UInt8], policy: RewardPolicy = .default,
        configuration: ServerConfiguration = ServerConfiguration()
    ) throws(ServerError) {
        let stores = try ServerStores.open(store, maximumConnections: configuration.maximumConnections)
        do {
            let key = try TicketKey(id: configuration.ticketKeyID, secret: ticketSecret)
            authority = try TicketAuthority(
                keys: TicketKeyRing(current: key), policy: policy,
                retainedPolicies: configuration.retainedPolicies.filter { $0.version != policy.version },
                lifetimeSeconds: configuration.ticketLifetimeSeconds, rates: configuration.rates,
                multiplierGrants: RecordedMultiplierGrants(
                    configured: configuration.multiplierGrants,
                    recorded: stores.grants),
                replayGuard: stores.replayGuard, budgetLedger: stores.budgetLedger)
        } catch {
            throw .setup("tickets: \(error)")
        }
        var retained: [String: RewardPolicy] = [:]
        for other in configuration.retainedPolicies where other.version != policy.version { retained[other.version] = other }
        // The time of judging is set per upload (the gate replaces it); 0 until then.
        var audit = AuditConfiguration(serverNowNanoseconds: 0, policy: policy, retainedPolicies: retained)
        let created = configuration.clock.read().wallNanoseconds
        for version in retained.keys { audit.policyRetirements[version] = configuration.policyRetirements[version] ?? created }
        audit.roughtimeKeys = configuration.roughtimeKeys
        audit.limits = configuration.limits
        self.stores = stores
        self.secret = ticketSecret
        self.anchorKey = AnchorKey(serverSecret: ticketSecret)
        self.audit = audit
        self.storeDescription = stores.description
        self.configuration = configuration
    }

    /// A second handle on `other`'s stores, keys and configuration (the async initializer opens them on a thread of
    /// its own, then shares them).
    init(sharing other: EarningsServer) {
        authority = other.authority
        storeDescription = other.storeDescription
        configuration = other.configuration
        stores = other.stores
        audit = other.audit
        secret = other.secret
        anchorKey = other.anchorKey
    }

    /// A departure ticket for `session` of `player`, at the server's rate for the player, by the server's clock.
    /// Send its ``DepartureTicket/text`` to the client; it comes back with the player's return.
    package func issueTicket(player: String, session: String) throws(ServerError) -> DepartureTicket {
        do { return try authority.issue(player: player, session: session, at: configuration.clock.read().wallNanoseconds) } catch { throw .ticket(error) }
    }

    /// Pays a departure ticket once: the time since its issue by the server's clock, at its rate, with the
    /// multipliers the server granted, less the share of its interval uploads of the same player were already
    /// paid for, within the player's daily budget; the interval joins the player's paid intervals, so uploads
    /// of the same hours are not paid again. The daily budget is debited by exactly the gold paid: a ticket
    /// trimmed to 0 gold debits nothing. A second redemption of the session with another ticket throws
    /// ``TicketError/alreadyRedeemed``.
    ///
    /// The redemption is recorded under the ticket's nonce with its payment record (``TicketPayout/payment``, the
    /// payment log): the same ticket redeemed again answers that redemption (``TicketPayout/isRepeat``), never a
    /// refusal and never a second payment — on a fleet database in one transaction, on files under the nonce's lock
    /// (docs/service.md, "Exactly once"). On a fleet database a failure whose outcome is unknown (the database failed
    /// over) is retried here until ``ServerConfiguration/retryDeadlineMilliseconds`` (``TicketPayout/attempts``;
    /// docs/fleet.md, "Exactly once").
    package func redeem(_ ticket: String, player: String) throws(ServerError) -> TicketPayout {
        let parsed: DepartureTicket
        do { parsed = try DepartureTicket.parse(ticket) } catch { throw .ticket(.malformed(error)) }
        // A forged ticket, or another player's, is refused before any record is looked up.
        do { try authority.verify(parsed, player: player, at: configuration.clock.read().wallNanoseconds) } catch { throw .ticket(error) }
        let key = [0x02] + parsed.nonce.bytes
        let budget = audit.policy.dailyBudgetGold
        guard let fleet = stores.fleet else {
            let files = stores.filePayments!
            let now = configuration.clock.read().wallNanoseconds
            let (payout, record, _, unrecorded) = try files.once(
                key: key, account: player, paidAt: now,
                { () throws(ServerError) in
                    let payout = try pay(ticket, player: player, at: now, authority: authority, accounts: stores.accounts)
                    let record = PaymentRecord(redemption: payout, key: key, player: player, paidAt: now, dailyBudgetGold: budget)
                    return (payout, try Self.record(payout.redemption), PaymentJSON.text(record))
                },
                repeated: { result throws(ServerError) in
                    var redemption: Redemption = try Self.decoded(result)
                    redemption.isRepeat = true
                    return TicketPayout(redemption)
                }, failed: { .store("\($0)") })
            var answered = payout
            answered.payment = PaymentJSON.decode(PaymentRecord.self, from: record)
            answered.unrecorded = unrecorded?.description
            return answered
        }
        let (payout, attempts) = try exactlyOnce(fleet, key: key, expiresAt: parsed.expiresAt) { stores, now in
            let bound = authority.with(
                replayGuard: stores.replayGuard, budgetLedger: stores.budgetLedger,
                multiplierGrants: grants(recordedIn: stores))
            do throws(ServerError) {
                var payout = try pay(ticket, player: player, at: now, authority: bound, accounts: stores.accountIntervals)
                let record = PaymentRecord(redemption: payout, key: key, player: player, paidAt: now, dailyBudgetGold: budget)
                do { try stores.paymentLog.append(account: player, key: key, paidAt: now, record: PaymentJSON.text(record)) } catch {
                    throw .store("\(error)")
                }
                payout.payment = record
                return .success((payout, try Self.record(payout.redemption)))
            } catch {
                return .failure(error)
            }
        } repeated: { record, byThisCall throws(ServerError) in
            var redemption: Redemption = try Self.decoded(record)
            redemption.isRepeat = !byThisCall
            return TicketPayout(redemption)
        }
        var answered = payout
        answered.attempts = attempts
        if answered.payment == nil { answered.payment = try loggedPayment(key: key) }
        return answered
    }

    /// The payment record written under `key` (a repeated call's answer).
    private func loggedPayment(key: [UInt8]) throws(ServerError) -> PaymentRecord? {
        let text: String?
        do { text = try stores.paymentLog.record(key: key) } catch { throw .store("\(error)") }
        return text.flatMap { PaymentJSON.decode(PaymentRecord.self, from: $0) }
    }

    /// The redemption: consume, place and trim, settle — on the given stores.
    private func pay(
        _ ticket: String, player: String, at now: Int64, authority: TicketAuthority,
        accounts: any AccountIntervalStore
    ) throws(ServerError) -> TicketPayout {
        let consumed: ConsumedTicket
        do { consumed = try authority.consume(ticket, player: player, at: now) } catch { throw .ticket(error) }
        // Trim before the budget is debited (docs/tickets.md): the ledger then records what is paid, not the
        // untrimmed reward. A failure here leaves the ticket used up with nothing paid or debited.
        var gold = consumed.breakdown.paidNow
        let start = consumed.ticket.issuedAt
        if start < now, gold > 0 {
            // The ticket's interval is exact server time: it takes up to the time it pays for from the part of
            // its interval no other ticket or session of the account holds (docs/anchors.md, "Conservation").
            let considered = consumed.breakdown.consideredSeconds.multipliedReportingOverflow(by: 1_000_000_000)
            let placement = Placement.ticket(
                consumed.ticket.nonce.description, interval: start..<now,
                nanoseconds: considered.overflow ? .max : considered.partialValue)
            do {
                let (trimmed, held) = try accounts.placeAndTrim([(gold, placement)], account: player, journalID: "ticket")[0]
                gold = held < placement.nanoseconds ? max(trimmed, min(gold, Self.gold(for: held, of: consumed, authority: authority) ?? trimmed)) : gold
            } catch {
                throw .store("account intervals: \(error)")
            }
        }
        let redemption: Redemption
        do { redemption = try authority.settle(consumed, paying: gold) } catch { throw .ticket(error) }
        return TicketPayout(redemption)
    }

    /// Accepts an upload of a player's journal (its bytes, verified under the player's journal `key`): it must
    /// extend what the server accepted before from that journal; it is judged on the server's clock; each
    /// session is paid what its evidence proves beyond what was paid for it (by earlier uploads or a ticket),
    /// at most at the server's rate and with the multipliers it granted, within the player's daily budget.
    /// A replayed or rolled-back upload pays nothing (``UploadPayout/outcome`` says which). An upload beyond the
    /// configuration's ``ServerConfiguration/limits`` throws ``UploadError/overLimit(_:)`` (as ``ServerError/uploadError``)
    /// and pays nothing; its bytes are refused before they are stored.
    ///
    /// The key given here is the player's own (a journal this server did not enroll): its sessions are placed
    /// on the server's clock only by the server's anchors it records; those before its first anchor share
    /// the account's provisional allowance (docs/anchors.md).
    package func acceptUpload(_ journal: [UInt8], player: String, key: JournalKey) throws(ServerError) -> UploadPayout {
        try accept(journal, player: player, key: key)
    }

    /// Accepts an upload of a journal this server enrolled (``enroll(player:)``): its key is derived from the
    /// server secret and its header's journal id, and nothing in it is older than the enrollment. Otherwise as
    /// ``acceptUpload(_:player:key:)``. Bytes that are not a journal this server enrolled throw
    /// ``UploadError/notAJournal(_:)`` (as ``ServerError/uploadError``).
    package func acceptUpload(_ journal: [UInt8], player: String) throws(ServerError) -> UploadPayout {
        let header = journal.prefix(1024).split(separator: 0x0a, maxSplits: 1, omittingEmptySubsequences: false).first.map(Array.init) ?? []
        guard let id = JournalHeader.peekJournalID(header) else { throw .upload(.notAJournal("no journal id in the header")) }
        // Its sessions are placed from its enrollment anchor (record 1), which must name this player and be the one this
        // server issued at the enrollment time the id carries: the time in the id alone binds no account, and a journal
        // written under the id without that anchor is refused whole (docs/anchors.md §2).
        return try accept(
            journal, player: player, key: JournalKey(serverSecret: secret, journalID: id),
            enrolledAt: Enrollments.time(ofJournalID: id))
    }

    private func accept(_ journal: [UInt8], player: String, key: JournalKey, enrolledAt: Int64? = nil) throws(ServerError) -> UploadPayout {
        guard journal.count <= configuration.limits.bytesPerUpload else {
            throw .upload(.overLimit(.bytes(limit: configuration.limits.bytesPerUpload)))
        }
        // The idempotency key: these bytes from this player. The same upload sent again (its answer was lost)
        // answers what it paid; anything new is a new upload.
        let idempotency = [0x03] + SHA256.hash(Array("playtime-upload-payment".utf8) + [0] + Array(player.utf8) + [0] + journal)
        let budget = audit.policy.dailyBudgetGold
        guard let fleet = stores.fleet else {
            let files = stores.filePayments!
            let now = configuration.clock.read().wallNanoseconds
            let (payout, record, _, unrecorded) = try files.once(
                key: idempotency, account: player, paidAt: now,
                { () throws(ServerError) in
                    let payout = try pay(upload: journal, player: player, key: key, enrolledAt: enrolledAt, at: now, stores: stores)
                    let record = PaymentRecord(upload: payout, key: idempotency, player: player, paidAt: now, dailyBudgetGold: budget)
                    return (payout, try Self.record(UploadReceipt(payout)), PaymentJSON.text(record))
                },
                repeated: { result throws(ServerError) in
                    let receipt: UploadReceipt = try Self.decoded(result)
                    return receipt.payout(isRepeat: true)
                }, failed: { .store("\($0)") })
            var answered = payout
            answered.payment = PaymentJSON.decode(PaymentRecord.self, from: record)
            answered.unrecorded = unrecorded?.description
            return answered
        }
        let now = configuration.clock.read().wallNanoseconds
        let (payout, attempts) = try exactlyOnce(fleet, key: idempotency, expiresAt: Self.adding(sessionMemory, to: now)) { bound, now in
            var paying = stores
            paying.replayGuard = bound.replayGuard
            paying.budgetLedger = bound.budgetLedger
            paying.registry = bound.deviceRegistry
            paying.accounts = bound.accountIntervals
            do throws(ServerError) {
                var payout = try pay(
                    upload: journal, player: player, key: key, enrolledAt: enrolledAt, at: now, stores: paying,
                    grants: grants(recordedIn: bound))
                let record = PaymentRecord(upload: payout, key: idempotency, player: player, paidAt: now, dailyBudgetGold: budget)
                do { try bound.paymentLog.append(account: player, key: idempotency, paidAt: now, record: PaymentJSON.text(record)) } catch {
                    throw .store("\(error)")
                }
                payout.payment = record
                return .success((payout, try Self.record(UploadReceipt(payout))))
            } catch {
                return .failure(error)
            }
        } repeated: { record, byThisCall throws(ServerError) in
            let receipt: UploadReceipt = try Self.decoded(record)
            return receipt.payout(isRepeat: !byThisCall)
        }
        var answered = payout
        answered.attempts = attempts
        if answered.payment == nil { answered.payment = try loggedPayment(key: idempotency) }
        return answered
    }

    /// How long a paid (player, session) is remembered: the ticket lifetime plus the allowed skew, as tickets do.
    var sessionMemory: Int64 { (authority.lifetimeSeconds + authority.allowedSkewSeconds) &* 1_000_000_000 }

    /// The upload's bytes judged and paid on the given stores (read once, in memory: never written anywhere).
    private func pay(
        upload journal: [UInt8], player: String, key: JournalKey, enrolledAt: Int64?, at now: Int64, stores: ServerStores,
        grants: (any MultiplierGrants)? = nil
    ) throws(ServerError) -> UploadPayout {
        let gate = UploadGate(
            key: key, configuration: audit, registry: stores.registry, accounts: stores.accounts,
            decisions: ServerRateDecisions(rates: authority.rates, grants: grants ?? authority.multiplierGrants, now: now),
            anchorKey: anchorKey, enrollmentAnchorAt: enrolledAt)
        let decision: UploadDecision
        do {
            decision = try gate.accept(bytes: journal, now: now, account: player)
        } catch {
            throw .upload(error)
        }
        // On file stores the registry already counts these sessions as paid: a crash before the grant loses that
        // gold for the player, never pays it twice (the order of ticket redemption, docs/tickets.md). On a fleet
        // database all of it is one transaction.
        let sessions = SessionPaymentGuard(replayGuard: stores.replayGuard, memoryNanoseconds: sessionMemory)
        var payable: Int64 = 0
        do {
            for gold in try sessions.payable(decision.payments, journalID: decision.paymentScope, player: player, at: now) {
                payable = payable.addingReportingOverflow(gold).overflow ? .max : payable + gold
            }
        } catch {
            throw .store("replay guard: \(error)")
        }
        var grant: BudgetGrant?
        if payable > 0 {
            do { grant = try stores.budgetLedger.grant(payable, to: PlayerKey(player), limit: audit.policy.dailyBudgetGold, at: now) } catch {
                throw .store("budget ledger: \(error)")
            }
        }
        return UploadPayout(
            outcome: decision.outcome, payableGold: payable, paidGold: grant?.granted ?? 0,
            withheldByBudget: grant?.withheld ?? 0, decision: decision)
    }

    /// Collects expired rows of a database store (redeemed tickets past their lifetime, stale budget grants);
    /// run it now and then (hourly). `nil` for file stores, which compact themselves.
    package func collectExpired() throws(ServerError) -> FleetCollection? {
        guard let fleet = stores.fleet else { return nil }
        do { return try fleet.collect(now: configuration.clock.read().wallNanoseconds) } catch { throw .store("collection: \(error)") }
    }

    /// What `ticket` is worth for `held` nanoseconds of its interval, exactly, with the multipliers it applied.
    private static func gold(for held: Int64, of ticket: ConsumedTicket, authority: TicketAuthority) -> Int64? {
        let breakdown = ticket.breakdown
        let applied = breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name)
        let claim = RewardClaim(
            creditedSeconds: held / 1_000_000_000, status: .verified, goldPerHour: breakdown.goldPerHour,
            requestedMultipliers: applied)
        return try? authority.calculators[breakdown.policyVersion]?.calculate(claim).paidNow
    }

    /// 32 random hex digits.
    static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ -> String in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
