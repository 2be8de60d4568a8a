internal import PlaytimeSystem

/// Rule S of docs/journal-format.md §10: signed time outranks every device clock.
///
/// A departure stamp proves the departure record existed by `D` (its signed midpoint plus radius), and the
/// return's signed answer proves the return came after `A` (midpoint minus radius). Neither rests on the
/// device's clocks, network path or journal key, so `A − D` is paid, nothing more: a device-attested figure
/// that is larger is not added (a player who extracted the journal key could have written it).
struct SignedTimeRule {
    let configuration: VerdictConfiguration

    /// The bounds of a timeline that has both, or `nil`.
    static func bounds(of timeline: SessionTimeline) -> (departureLatest: UnixInstant, arrivalEarliest: UnixInstant)? {
        guard timeline.departure.origin != "heartbeat", let latest = timeline.departureSignedLatestNanoseconds,
            let earliest = timeline.arrivalSignedEarliestNanoseconds
        else { return nil }
        return (UnixInstant(nanoseconds: latest), UnixInstant(nanoseconds: earliest))
    }

    /// The signed lower bound and the flags naming device evidence that contradicts it.
    func judge(
        _ timeline: SessionTimeline, departureLatest: UnixInstant, arrivalEarliest: UnixInstant,
        departureNetwork: TrustedNetworkTime?, arrivalNetwork: TrustedNetworkTime?,
        flags: inout [VerdictFlag]
    ) -> TimeSpan {
        let lower = max(.zero, arrivalEarliest - departureLatest)
        let slack = configuration.signedTimeSlack
        if let arrival = timeline.arrival, let boot = arrival.clock.bootID, boot == timeline.departure.clock.bootID {
            let delta = arrival.clock.boot - timeline.departure.clock.boot
            let most = delta + max(.zero, delta).driftAllowance(ppm: configuration.driftPPM)
            let short = lower - most
            if short > slack { flags.append(VerdictFlag(.signedTimeContradictsBootClock, amount: short)) }
        }
        var contradiction = TimeSpan.zero
        if let start = departureNetwork { contradiction = max(contradiction, start.earliest - departureLatest) }
        if let end = arrivalNetwork { contradiction = max(contradiction, arrivalEarliest - end.latest) }
        // Network time also gets the clock-step tolerance: an NTP server a minute off is not named here either.
        let networkSlack = slack + configuration.clockStepTolerance
        if contradiction > networkSlack { flags.append(VerdictFlag(.signedTimeContradictsNetwork, amount: contradiction)) }
        return lower
    }
}
