import Foundation
internal import PlaytimeAudit
internal import PlaytimeFleet
internal import PlaytimePostgres
internal import PlaytimeSystem
internal import PlaytimeTickets

extension EarningsServer {
    /// Runs `pay` once per `key` on the fleet database (``FleetDatabase/once(key:paidAt:expiresAt:_:)``): a key paid
    /// before answers `repeated(record, byThisCall)` — `byThisCall` when an earlier attempt of this same call committed
    /// it and its answer was lost; a failure whose outcome is unknown, or that a failover caused, is tried
    /// again — with the server's clock read afresh — after 50 ms doubling to 1 s (paused on the server's clock), until
    /// ``ServerConfiguration/retryDeadlineMilliseconds`` after the first attempt (docs/fleet.md, "Exactly once").
    /// Returns the value and the attempts it took.
    func exactlyOnce<Value>(
        _ fleet: FleetDatabase, key: [UInt8], expiresAt: Int64,
        _ pay: (FleetStores, Int64) -> Result<(Value, record: String), ServerError>,
        repeated: (_ record: String, _ byThisCall: Bool) throws(ServerError) -> Value
    ) throws(ServerError) -> (Value, attempts: Int) {
        // The record names the call that wrote it, so that an attempt's commit whose answer was lost is recognised
        // by the next attempt as this call's own payment, not an earlier call's.
        let call = Self.randomName()
        let started = configuration.clock.read().bootNanoseconds
        let deadline = Saturating.add(started, TimeSpan.milliseconds(max(0, configuration.retryDeadlineMilliseconds)).nanoseconds)
        var pause: Int64 = 50_000_000
        var attempts = 0
        while true {
            attempts += 1
            let now = configuration.clock.read().wallNanoseconds
            let outcome: FleetOnce<Value>
            do throws(FleetOnceFailure<ServerError>) {
                outcome = try fleet.once(
                    key: key, paidAt: now, expiresAt: expiresAt,
                    { stores in
                        pay(stores, now).map { value, record in (value, call + " " + record) }
                    })
            } catch {
                switch error {
                case .refused(let refusal):
                    throw refusal
                case .database(let failure):
                    guard FleetDatabase.mayRetry(failure), Saturating.add(configuration.clock.read().bootNanoseconds, pause) < deadline else {
                        throw .store(Self.unpaid(failure, attempts: attempts))
                    }
                    configuration.clock.pause(nanoseconds: pause)
                    pause = min(pause * 2, 1_000_000_000)
                    continue
                }
            }
            switch outcome {
            case .paid(let value): return (value, attempts)
            case .repeated(let stored):
                let writer = stored.prefix { $0 != " " }
                return (try repeated(String(stored.dropFirst(writer.count + 1)), writer == call), attempts)
            }
        }
    }

    /// Why a paying call on the fleet database gave up, for the operator: whether it may have paid.
    static func unpaid(_ failure: PostgresError, attempts: Int) -> String {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        if case .commitOutcomeUnknown = failure {
            return "fleet database: \(failure) after \(tries); the payment may have been recorded: send the same call again to learn it"
        }
        return "fleet database: \(failure) after \(tries); nothing was paid"
    }

    /// `value` as the JSON text of its payment record.
    static func record<Value: Encodable>(_ value: Value) throws(ServerError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { throw .store("cannot encode the payment record") }
        return String(decoding: data, as: UTF8.self)
    }

    /// A payment record read back.
    static func decoded<Value: Decodable>(_ record: String) throws(ServerError) -> Value {
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(record.utf8)) else {
            throw .store("the fleet database's payment record is unreadable")
        }
        return value
    }

    /// `now + span`, saturating.
    static func adding(_ span: Int64, to now: Int64) -> Int64 {
        let sum = now.addingReportingOverflow(span)
        return sum.overflow ? (span > 0 ? .max : .min) : sum.partialValue
    }
}

/// What an upload paid, as its payment record keeps it: the figures and the payments per session (the audit's
/// summary and findings are not kept; audit the journal for them).
struct UploadReceipt: Codable {
    var outcome: UploadDecision.Outcome
    var journalID: String
    var payments: [SessionPayment]
    var payableGold: Int64
    var paidGold: Int64
    var withheldByBudget: Int64

    init(_ payout: UploadPayout) {
        outcome = payout.outcome
        journalID = payout.decision.journalID
        payments = payout.decision.payments
        payableGold = payout.payableGold
        paidGold = payout.paidGold
        withheldByBudget = payout.withheldByBudget
    }

    /// The payout it records, marked as a repeat unless this call paid it (an attempt whose answer was lost).
    func payout(isRepeat: Bool) -> UploadPayout {
        var payout = UploadPayout(
            outcome: outcome, payableGold: payableGold, paidGold: paidGold, withheldByBudget: withheldByBudget,
            decision: UploadDecision(
                outcome: outcome, journalID: journalID, summary: AuditSummary(),
                payments: payments, findings: [], record: nil))
        payout.isRepeat = isRepeat
        return payout
    }
}
