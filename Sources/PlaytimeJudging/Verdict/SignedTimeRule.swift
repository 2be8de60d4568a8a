/// Rule S of docs/journal-format.md §10: signed time outranks every device clock.
///
/// A departure stamp proves the departure record existed by `D` (its signed midpoint plus radius), and the
/// return's signed answer proves the return came after `A` (midpoint minus radius). Neither rests on the
/// device's clocks, network path or journal key, so `A − D` is paid, nothing more: a device-attested figure
/// that is larger is not added (a player who extracted the journal key could have written it).
struct SignedTimeRule {
    let configuration: VerdictConfiguration

    /// The bounds of a timeline that has both, or `nil`.
    static func bounds(of timeline: SessionTimeline) -> (departureLatest: Int64, arrivalEarliest: Int64)? {
        guard timeline.departure.origin != "heartbeat", let latest = timeline.departureSignedLatestNanoseconds,
              let earliest = timeline.arrivalSignedEarliestNanoseconds else { return nil }
        return (latest, earliest)
    }

    /// The signed lower bound and the flags naming device evidence that contradicts it.
    func judge(_ timeline: SessionTimeline, departureLatest: Int64, arrivalEarliest: Int64,
               departureNetwork: TrustedNetworkTime?, arrivalNetwork: TrustedNetworkTime?,
               flags: inout [VerdictFlag]) -> Int64 {
        let lower = max(0, Nanoseconds.subtract(arrivalEarliest, departureLatest))
        let slack = max(0, configuration.signedTimeSlackNanoseconds)
        if let arrival = timeline.arrival, let boot = arrival.clock.bootID, boot == timeline.departure.clock.bootID {
            let delta = Nanoseconds.subtract(arrival.clock.bootNanoseconds, timeline.departure.clock.bootNanoseconds)
            let most = Nanoseconds.add(delta, Nanoseconds.driftAllowance(for: max(0, delta), ppm: configuration.driftPPM))
            let short = Nanoseconds.subtract(lower, most)
            if short > slack { flags.append(VerdictFlag(.signedTimeContradictsBootClock, amountNanoseconds: short)) }
        }
        var contradiction: Int64 = 0
        if let start = departureNetwork { contradiction = max(contradiction, Nanoseconds.subtract(start.earliest, departureLatest)) }
        if let end = arrivalNetwork { contradiction = max(contradiction, Nanoseconds.subtract(arrivalEarliest, end.latest)) }
        // Network time also gets the clock-step tolerance: an NTP server a minute off is not named here either.
        let networkSlack = Nanoseconds.add(slack, max(0, configuration.clockStepToleranceNanoseconds))
        if contradiction > networkSlack { flags.append(VerdictFlag(.signedTimeContradictsNetwork, amountNanoseconds: contradiction)) }
        return lower
    }
}
