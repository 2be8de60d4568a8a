import PlaytimeGuard
import PropertyTesting
import Testing

/// Honest sessions whose NTP answers are up to 60 s off at each end, beyond their stated error bounds (an
/// imperfect public server, or one that stepped): docs/guarantees.md V4b.
@Suite("Verdict properties: network time within the clock-step tolerance")
struct ClockStepTolerancePropertyTests {
    static let second = AwayCase.second
    static let step = Gen<Int64>.int(in: -60 * second...60 * second)

    /// An honest case (reboots, missing network, late proof, kills) with each end's network time `bias` off.
    static let imperfect: Gen<AwayCase> = Gen.zip(AwayGen.honest, step, step).map { value, departure, arrival in
        var copy = value
        copy.departureBias = departure
        copy.arrivalBias = arrival
        return copy
    }

    /// The server judges at least a minute after the return: network time that is ahead of the server's own
    /// clock when it judges is a separate rule (rule 0, 2 s of slack) that this tolerance does not widen.
    static func judge(_ value: AwayCase) -> ElapsedVerdict {
        ElapsedVerdict(timeline: value.timeline, serverNowNanoseconds: value.serverNow + 62 * second)
    }

    @Test("network time up to 60 s off at each end: never flagged, never more than the truth, ≥ 99 % credited")
    func imperfectNetworkTime() throws {
        try PropertyCheck.check(Self.imperfect, name: "imperfect NTP: unflagged, fair") { value in
            let verdict = Self.judge(value)
            try PropertyCheck.expect(!verdict.isFlagged, "flagged: \(verdict.suspiciousFlags)")
            try PropertyCheck.expect(verdict.heldNanoseconds == 0, "held \(verdict.heldNanoseconds) ns in escrow")
            let networkProves = value.rebooted && value.departureHasNetwork && (value.arrivalHasNetwork || value.proofDelay != nil)
            if !value.rebooted {
                // One boot: the boot clock decides; the tolerance never credits more than it proves.
                try PropertyCheck.expect(verdict.status == .verified, "status \(verdict.status)")
                try PropertyCheck.expect(verdict.lowerNanoseconds <= value.away, "credited \(verdict.lowerNanoseconds) > true \(value.away)")
                if value.killedAfterHeartbeat == nil {
                    try PropertyCheck.expect(verdict.lowerNanoseconds >= value.away / 100 * 99, "credited \(verdict.lowerNanoseconds) < 99 % of \(value.away)")
                }
            } else if networkProves {
                // Across a reboot network time is the proof: its figure, as before, whatever its error.
                let said = value.away + value.arrivalBias - value.departureBias
                try PropertyCheck.expect(verdict.status == .verified && verdict.method == .network, "\(verdict.status) \(verdict.method)")
                try PropertyCheck.expect(verdict.lowerNanoseconds <= max(0, said), "credited \(verdict.lowerNanoseconds) > network's \(said)")
                if value.killedAfterHeartbeat == nil {
                    // A later fix projected back along the boot clock grows by its drift allowance (100 ppm).
                    let drift = value.arrivalHasNetwork ? 0 : (value.proofDelay ?? 0) / 10_000 + 1
                    let errors = value.departureError + value.arrivalError + drift
                    try PropertyCheck.expect(verdict.lowerNanoseconds >= said - errors, "credited \(verdict.lowerNanoseconds) < network's \(said)")
                }
            }
        }
    }
}
