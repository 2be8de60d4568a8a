import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// The game server of a simulation: it reads uploaded journals (the same code path as the auditor),
/// judges each session against its own clock, pays through one account ledger, and remembers what it
/// has paid so that nothing is paid twice.
struct SimulatedGameServer {
    /// What the server remembers about one claimed session.
    struct PaidClaim {
        var status: ProofStatus
        var breakdown: RewardBreakdown
        var escrowID: UInt64?
        var granted: Int64
    }

    let calculator: RewardCalculator
    let configuration: VerdictConfiguration
    private(set) var ledger: RewardLedger
    private(set) var claims: [String: PaidClaim] = [:]
    private(set) var verdicts: [String: ElapsedVerdict] = [:]
    /// Per device: the record count and head MAC of the last accepted upload (rollback detection).
    private var heads: [String: (count: UInt64, head: [UInt8])] = [:]
    /// Account-wide credited intervals in server time, when overlapping devices are checked (threat 12).
    private var accountIntervals: [(start: Int64, end: Int64)] = []
    private(set) var paid: Int64 = 0
    /// A server-side detection: refused journal, rollback, replayed claim, or overlapping time.
    private(set) var detected = false

    init(calculator: RewardCalculator, configuration: VerdictConfiguration = .standard) {
        self.calculator = calculator
        self.configuration = configuration
        ledger = RewardLedger(policy: calculator.policy)
    }

    /// Every verdict suspicious, or the server noticed something.
    var flagged: Bool { detected || verdicts.values.contains { $0.isFlagged } }

    /// Credited nanoseconds over all sessions judged (their latest verdicts).
    var creditedNanoseconds: Int64 { verdicts.values.reduce(0) { Saturating.add($0, $1.lowerNanoseconds) } }

    /// Processes one upload of `device`'s journal at server time `now`.
    mutating func ingest(
        device: String, path: String, key: JournalKey, now: Int64, multipliers: [String] = ["ad"],
        trimOverlaps: Bool = false
    ) {
        var timelines: [SessionTimeline] = []
        let verification: JournalVerification
        do {
            // Assembled with the clock the verdicts below use: a proof from the future is passed over (rule 0).
            verification = try SessionJournal.read(
                path: path, key: key,
                networkJudge: NetworkTimeJudge(serverNowNanoseconds: now, configuration: configuration)
            ) {
                timelines.append($0)
            }
        } catch {
            detected = true
            return
        }
        guard verification.isIntact else {
            detected = true  // edited, spliced, reordered or forged: nothing in it is paid
            return
        }
        if let previous = heads[device],
            verification.recordCount < previous.count || (verification.recordCount == previous.count && verification.headMAC != previous.head)
        {
            detected = true  // an older copy (or a fork of one): refused
            return
        }
        heads[device] = (verification.recordCount, verification.headMAC)
        let seconds = TimeSpan.floorSeconds(now)
        for timeline in timelines where timeline.arrival != nil {
            var verdict = ElapsedVerdict(timeline: timeline, configuration: configuration, serverNowNanoseconds: now)
            if let record = claims[timeline.sessionID] {
                if record.status == .provisional, verdict.status == .verified {
                    settle(timeline, verdict: verdict, record: record, at: seconds)
                } else {
                    detected = true  // the same session presented again: single use
                }
                continue
            }
            if trimOverlaps { verdict = trimmed(verdict, endingAt: now) }
            verdicts[timeline.sessionID] = verdict
            guard let breakdown = try? calculator.calculate(verdict, of: timeline, requestedMultipliers: multipliers) else { continue }
            let receipt = ledger.record(breakdown, at: seconds)
            paid += receipt.granted
            claims[timeline.sessionID] = PaidClaim(status: verdict.status, breakdown: breakdown, escrowID: receipt.escrow?.id, granted: receipt.granted)
        }
    }

    private mutating func settle(_ timeline: SessionTimeline, verdict: ElapsedVerdict, record: PaidClaim, at seconds: Int64) {
        guard
            let settlement = try? ledger.settle(
                provisional: record.breakdown, escrowEntryID: record.escrowID, alreadyPaid: record.granted,
                verified: verdict, of: timeline, calculator: calculator, at: seconds)
        else { return }
        paid += settlement.granted
        verdicts[timeline.sessionID] = verdict
        claims[timeline.sessionID] = PaidClaim(
            status: .verified, breakdown: settlement.breakdown, escrowID: nil,
            granted: record.granted + settlement.granted)
    }

    /// Removes from `verdict` the part of its interval (ending at `now`, server time) that another device of
    /// the account already claimed.
    private mutating func trimmed(_ verdict: ElapsedVerdict, endingAt now: Int64) -> ElapsedVerdict {
        let start = Saturating.subtract(now, verdict.lowerNanoseconds)
        var overlap: Int64 = 0
        for interval in accountIntervals {
            let low = max(start, interval.start)
            let high = min(now, interval.end)
            if high > low { overlap = Saturating.add(overlap, high - low) }
        }
        accountIntervals.append((start, now))
        guard overlap > 0 else { return verdict }
        detected = true
        var result = verdict
        result.lowerNanoseconds = max(0, Saturating.subtract(verdict.lowerNanoseconds, overlap))
        return result
    }
}
