import PlaytimeGuard
import PlaytimeSystem
import PropertyTesting
import Testing

/// Rule 2c of docs/journal-format.md §10 (guarantee V18): a later fix settles a same-boot disagreement only when
/// its error bound in that comparison, `netErr_d + netErr_p + drift + T`, is smaller than the disagreement,
/// `|(net_a − net_d) − Δ|`: a fix with an absurd bound agrees with anything and proves nothing.
@Suite("Rule 2c: a settling fix's bound is smaller than the disagreement")
struct SettlingFixBoundTests {
    let s = Readings.s, t0 = Readings.t0
    static let hour: Int64 = 3_600 * Readings.s

    /// A boot clock shifted 7 h forward within one boot, network time honest (1 h really passed).
    var shifted: (departure: Evidence, arrival: Evidence) {
        (
            Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0),
            Readings.evidence(.foreground, wall: t0 + Self.hour, boot: 100 * s + 8 * Self.hour, network: t0 + Self.hour)
        )
    }

    @Test("a fix with netErr Int64.max does not release a shifted boot clock's figure: provisional, held")
    func absurdBoundDoesNotSettle() {
        let (departure, arrival) = shifted
        // The fix sides with the shifted boot clock; with an unbounded error it would agree with anything.
        for network in [t0 + 8 * Self.hour + 60 * s, t0 + Self.hour + 60 * s] {
            let fix = Readings.evidence(
                .settlement, wall: t0 + Self.hour + 60 * s, boot: 100 * s + 8 * Self.hour + 60 * s,
                network: network, error: .max)
            let verdict = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: fix))
            #expect(verdict.status == .provisional)
            #expect(!verdict.has(.laterProofAgreesWithBootClock))
            #expect(verdict.has(.networkBootDisagreement))
            #expect(verdict.creditedSeconds <= 3_600)
            #expect(verdict.heldSeconds >= 7 * 3_600 - 5)
        }
    }

    @Test("a fix whose bound is just under the disagreement, siding with the honest network time, does not settle")
    func boundJustUnderDisagreementWithHonestNetwork() {
        let (departure, arrival) = shifted
        // netErr_p = disagreement − 1 ns: netErr_p alone is smaller, but with netErr_d, drift and T the fix agrees
        // with the return's network time as well (the bypass of a rule on netErr_p alone).
        let fix = Readings.evidence(
            .settlement, wall: t0 + Self.hour + 60 * s, boot: 100 * s + 8 * Self.hour + 60 * s,
            network: t0 + Self.hour + 60 * s, error: 7 * Self.hour - 1)
        let verdict = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: fix))
        #expect(verdict.status == .provisional)
        #expect(verdict.creditedSeconds <= 3_600)
    }

    @Test("an honest settling fix (small error) still settles a spoofer's shortfall")
    func honestFixSettles() {
        let departure = Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0)
        let arrival = Readings.evidence(.foreground, wall: t0 + 6 * Self.hour, boot: 100 * s + 6 * Self.hour, network: t0 + Self.hour)
        let fix = Readings.evidence(.settlement, wall: t0 + 7 * Self.hour, boot: 100 * s + 7 * Self.hour, network: t0 + 7 * Self.hour)
        let verdict = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: fix))
        #expect(verdict.status == .verified)
        #expect(verdict.has(.laterProofAgreesWithBootClock))
        #expect(verdict.creditedSeconds == 6 * 3_600 - 3)
        #expect(verdict.heldNanoseconds == 0)
    }

    /// With no drift, no tolerance and an exact departure, the fix's bound is its own `netErr`: the boundary is
    /// exactly `netErr_p < |(net_a − net_d) − Δ|`.
    static let twoHours: Int64 = 7_200_000_000_000
    static let boundaryCases: [(Int64, Bool)] = [(twoHours, false), (twoHours - 1, true), (0, true), (twoHours + 1, false), (.max, false)]

    @Test("boundary: a bound equal to the disagreement does not settle, one nanosecond less does", arguments: boundaryCases)
    func boundary(error: Int64, settles: Bool) {
        let exact = VerdictConfiguration(driftPPM: 0, clockStepToleranceNanoseconds: 0)
        let departure = Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0, error: 0)
        let arrival = Readings.evidence(.foreground, wall: t0 + 3 * Self.hour, boot: 100 * s + 3 * Self.hour, network: t0 + Self.hour, error: 0)
        // The fix agrees exactly with the boot clock; only its bound decides.
        let fix = Readings.evidence(.settlement, wall: t0 + 4 * Self.hour, boot: 100 * s + 4 * Self.hour, network: t0 + 4 * Self.hour, error: error)
        let verdict = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: fix), configuration: exact)
        #expect(verdict.status == (settles ? .verified : .provisional))
        #expect(verdict.has(.laterProofAgreesWithBootClock) == settles)
        #expect(verdict.creditedSeconds == (settles ? 3 * 3_600 : 3_600))
    }

    @Test("boundary at the default configuration: the whole bound netErr_d + netErr_p + drift + T is compared")
    func boundaryWithAllowances() {
        let configuration = VerdictConfiguration.standard
        let departure = Readings.evidence(.background, wall: t0, boot: 100 * s, network: t0)  // netErr_d 20 ms
        let arrival = Readings.evidence(.foreground, wall: t0 + 3 * Self.hour, boot: 100 * s + 3 * Self.hour, network: t0 + Self.hour)
        let along = 4 * Self.hour
        let drift = (along * configuration.driftPPM + 999_999) / 1_000_000
        let allowance = 20_000_000 + drift + configuration.clockStepToleranceNanoseconds
        let disagreement = 2 * Self.hour
        for (error, settles) in [(disagreement - allowance, false), (disagreement - allowance - 1, true)] {
            let fix = Readings.evidence(.settlement, wall: t0 + along, boot: 100 * s + along, network: t0 + along, error: error)
            let verdict = ElapsedVerdict(timeline: Readings.timeline(departure, arrival, proof: fix), configuration: configuration)
            #expect(verdict.status == (settles ? .verified : .provisional), "netErr_p \(error)")
        }
    }

    @Test("any Int64 clocks, network times and error bounds: no trap, and a settled verdict's fix bound is below the disagreement")
    func anyValuesNeverTrap() {
        var random = SplitMix64(seed: 17)
        let edges: [Int64] = [.min, .min + 1, -1, 0, 1, .max - 1, .max]
        func draw() -> Int64 { random.next(upTo: 3) == 0 ? edges[Int(random.next(upTo: UInt64(edges.count - 1)))] : Int64(bitPattern: random.next()) }
        for _ in 0..<5_000 {
            let departure = Readings.evidence(.background, wall: draw(), boot: draw(), network: draw(), error: draw())
            let arrival = Readings.evidence(.foreground, wall: draw(), boot: draw(), network: draw(), error: draw())
            let fix = Readings.evidence(.settlement, wall: draw(), boot: draw(), network: draw(), error: draw())
            let timeline = Readings.timeline(departure, arrival, proof: fix)
            let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: random.next(upTo: 1) == 0 ? nil : draw())
            guard verdict.has(.laterProofAgreesWithBootClock), let d = departure.network, let a = arrival.network,
                let p = fix.network
            else { continue }
            let (networkDelta, o1) = a.unixNanoseconds.subtractingReportingOverflow(d.unixNanoseconds)
            let (bootDelta, o2) = arrival.clock.bootNanoseconds.subtractingReportingOverflow(departure.clock.bootNanoseconds)
            let (gap, o3) = networkDelta.subtractingReportingOverflow(bootDelta)
            guard !o1, !o2, !o3, gap != .min else { continue }
            #expect(p.errorBoundNanoseconds < gap.magnitude, "a settling fix's own error is below the disagreement")
        }
    }
}
