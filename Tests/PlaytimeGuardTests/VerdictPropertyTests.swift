@_spi(Testing) import PlaytimeGuard
import PropertyTesting
import Testing

/// Invariants of the verdict, 1 000 cases each by default (`PLAYTIME_PROPERTY_COUNT=x10` for a deeper run).
@Suite("Verdict properties")
struct VerdictPropertyTests {
    static let calculator = try! RewardCalculator(policy: .default)

    static func gold(_ value: AwayCase) throws -> Int64 {
        let timeline = value.timeline
        let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: value.serverNow)
        return try calculator.calculate(verdict, of: timeline, requestedMultipliers: ["ad"]).paidNow
    }

    @Test("credited time never exceeds the true time away, whatever the adversary does")
    func creditedWithinTruth() throws {
        try PropertyCheck.check(AwayGen.adversarial, name: "credited <= true away") { value in
            let verdict = ElapsedVerdict(timeline: value.timeline, serverNowNanoseconds: value.serverNow)
            try PropertyCheck.expect(verdict.lowerNanoseconds <= value.away, "credited \(verdict.lowerNanoseconds) > true \(value.away)")
            try PropertyCheck.expect(verdict.lowerNanoseconds >= 0, "negative credit")
            if let upper = verdict.upperNanoseconds, value.arrivalLie == 0, value.killedAfterHeartbeat == nil {
                try PropertyCheck.expect(upper >= value.away, "upper \(upper) < true \(value.away)")
            }
        }
    }

    @Test("wall-clock manipulation and hijacked NTP never yield more gold than the honest run")
    func manipulationNeverPays() throws {
        try PropertyCheck.check(AwayGen.adversarial, name: "manipulated gold <= honest gold") { value in
            let cheated = try Self.gold(value)
            let honest = try Self.gold(value.honest)
            try PropertyCheck.expect(cheated <= honest, "manipulated \(cheated) > honest \(honest)")
        }
    }

    @Test("the wall clock never raises the credit nor changes a proven one, the status or the bounds (timezone, DST, any shift)")
    func wallClockIgnored() throws {
        let gen = Gen.zip(AwayGen.honest, Gen<Int64>.int(in: -14 * 3_600...14 * 3_600))
        try PropertyCheck.check(gen, name: "wall shift changes nothing credited") { value, offsetSeconds in
            var shifted = value
            shifted.wallShift = offsetSeconds * AwayCase.second
            let base = ElapsedVerdict(timeline: value.timeline, serverNowNanoseconds: value.serverNow)
            let moved = ElapsedVerdict(timeline: shifted.timeline, serverNowNanoseconds: value.serverNow)
            if base.status == .provisional, base.method == .uptimeBound {
                // Unproven uptime: a wall clock that contradicts it withholds it until proof (V3, V20); never more.
                try PropertyCheck.expect(moved.lowerNanoseconds <= base.lowerNanoseconds, "a wall shift raised unproven credit")
            } else {
                try PropertyCheck.expect(base.lowerNanoseconds == moved.lowerNanoseconds, "credit moved with the wall clock")
            }
            try PropertyCheck.expect(base.status == moved.status && base.method == moved.method, "status or method moved")
            try PropertyCheck.expect(base.upperNanoseconds == moved.upperNanoseconds, "upper bound moved")
            // A timezone or DST change is not even a wall shift: UTC readings are identical, so is the verdict.
            try PropertyCheck.expect(ElapsedVerdict(timeline: value.timeline, serverNowNanoseconds: value.serverNow) == base, "not deterministic")
        }
    }

    @Test("NTP step corrections up to 60 s are never flagged")
    func ntpStepsNeverFlag() throws {
        let gen = Gen.zip(AwayGen.honest, Gen<Int64>.int(in: -60_000_000_000...60_000_000_000))
        try PropertyCheck.check(gen, name: "steps <= 60 s never flag") { value, step in
            var stepped = value
            stepped.wallShift = step
            let verdict = ElapsedVerdict(timeline: stepped.timeline, serverNowNanoseconds: stepped.serverNow)
            try PropertyCheck.expect(!verdict.isFlagged, "flagged: \(verdict.suspiciousFlags)")
        }
    }

    @Test("honest evidence is never flagged as suspicious")
    func honestNeverFlagged() throws {
        try PropertyCheck.check(AwayGen.honest, name: "honest unflagged") { value in
            let verdict = ElapsedVerdict(timeline: value.timeline, serverNowNanoseconds: value.serverNow)
            try PropertyCheck.expect(!verdict.isFlagged, "flagged: \(verdict.suspiciousFlags)")
        }
    }

    @Test("the reward is monotone in proven time, end to end through the verdict")
    func monotoneThroughVerdict() throws {
        let gen = Gen.zip(AwayGen.honest, Gen<Int64>.int(in: 0...86_400 * AwayCase.second))
        try PropertyCheck.check(gen, name: "gold monotone in proven time") { value, extra in
            var longer = value
            longer.away += extra
            longer.uptime += value.rebooted ? extra : 0
            let short = ElapsedVerdict(timeline: value.timeline, serverNowNanoseconds: value.serverNow)
            let long = ElapsedVerdict(timeline: longer.timeline, serverNowNanoseconds: longer.serverNow)
            try PropertyCheck.expect(short.lowerNanoseconds <= long.lowerNanoseconds, "proven time shrank")
            guard short.status == long.status else { return }
            let (low, high) = (try Self.gold(value), try Self.gold(longer))
            try PropertyCheck.expect(low <= high, "gold shrank while proven time grew: \(low) > \(high)")
        }
    }

    @Test("no input traps: extreme readings, error bounds and rates")
    func noTraps() throws {
        let any = Gen<Int64>.int64
        let gen = Gen.zip(Gen.zip(any, any, any, any), Gen.zip(any, any, any, any), Gen.zip(Gen<Bool>.bool, Gen<Bool>.bool, any, any))
        try PropertyCheck.check(gen, name: "never traps") { a, b, c in
            let departure = Evidence(
                event: .background, sessionID: "x", clock: ClockReading(wallNanoseconds: a.0, bootNanoseconds: a.1, bootID: c.0 ? "A" : nil),
                network: NetworkTime(unixNanoseconds: a.2, errorBoundNanoseconds: a.3), connectivity: .unknown, goldPerHour: max(0, c.2))
            let arrival = Evidence(
                event: .foreground, sessionID: "x", clock: ClockReading(wallNanoseconds: b.0, bootNanoseconds: b.1, bootID: c.1 ? "A" : "B"),
                network: NetworkTime(unixNanoseconds: b.2, errorBoundNanoseconds: b.3), connectivity: .unknown)
            let verdict = ElapsedVerdict(timeline: SessionTimeline(sessionID: "x", departure: departure, arrival: arrival), serverNowNanoseconds: c.3)
            _ = verdict.explanation
            try PropertyCheck.expect(verdict.lowerNanoseconds >= 0 && verdict.creditedSeconds >= 0, "negative credit")
            _ = try Self.calculator.calculate(verdict, of: SessionTimeline(sessionID: "x", departure: departure, arrival: arrival))
        }
    }
}
