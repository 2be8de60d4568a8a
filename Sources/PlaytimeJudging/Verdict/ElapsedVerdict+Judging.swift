package import PlaytimeSystem

extension ElapsedVerdict {
    /// Judges a timeline (the rules and the threats they answer are listed in docs/guarantees.md).
    ///
    /// - Parameters:
    ///   - configuration: drift, clock-step tolerance, heartbeat cadence and server-clock slack.
    ///   - serverNowNanoseconds: the game server's own clock when it judges the claim, if the judge is a
    ///     server. Network time later than it (beyond the slack) cannot be honest and is not used.
    ///   - firstSeen: when the server first saw this journal's records (its accepted uploads): each record is
    ///     checked against the server's clock of then, never later.
    package init(
        timeline: SessionTimeline, configuration: VerdictConfiguration = .standard, serverNowNanoseconds: Int64? = nil,
        firstSeen: FirstSeenTimes = FirstSeenTimes()
    ) {
        self = VerdictRules(configuration: configuration, serverNow: serverNowNanoseconds, firstSeen: firstSeen).judge(timeline)
    }
}

/// The rules, one function per situation.
struct VerdictRules {
    let configuration: VerdictConfiguration
    let serverNow: Int64?
    let firstSeen: FirstSeenTimes

    /// Which network times this judge may use (rule 0); the session assembler asks the same one.
    var networkJudge: NetworkTimeJudge {
        NetworkTimeJudge(serverNowNanoseconds: serverNow, firstSeen: firstSeen, configuration: configuration)
    }

    /// The server's clock a record is checked against: when it was first seen, else now.
    private func judgingTime(_ sequence: UInt64?) -> UnixInstant? {
        serverNow.map { UnixInstant(nanoseconds: firstSeen.judgingTime(of: sequence, now: $0)) }
    }

    func judge(_ timeline: SessionTimeline) -> ElapsedVerdict {
        guard let arrival = timeline.arrival else {
            return ElapsedVerdict(
                sessionID: timeline.sessionID, lowerNanoseconds: 0, upperNanoseconds: nil, method: .none,
                status: .provisional, flags: [VerdictFlag(.evidenceMissing)])
        }
        var flags: [VerdictFlag] = []
        let departureNetwork = checked(timeline.departure.network, at: timeline.departureSequence, flags: &flags)
        let arrivalNetwork = checked(arrival.network, at: timeline.arrivalSequence, flags: &flags)
        if let signed = signedVerdict(timeline, departureNetwork: departureNetwork, arrivalNetwork: arrivalNetwork, flags: &flags) {
            return signed
        }
        var outcome: Outcome
        if let boot = timeline.departure.clock.bootID, boot == arrival.clock.bootID {
            outcome = sameBoot(
                departure: timeline.departure.clock, arrival: arrival.clock,
                departureNetwork: departureNetwork, arrivalNetwork: arrivalNetwork, flags: &flags)
            if outcome.status == .provisional {
                settleDisagreement(timeline, outcome: &outcome, flags: &flags)
            }
        } else {
            var proven = arrivalNetwork
            if proven == nil, let proof = timeline.laterProof, timeline.isProof(proof),
                let network = checked(proof.network, at: timeline.laterProofSequence, flags: &flags),
                timeline.proofKeepsArrivalInThePast(proof, judge: networkJudge, driftPPM: configuration.driftPPM)
            {
                proven = network.projected(by: arrival.clock.boot - proof.clock.boot, driftPPM: configuration.driftPPM)
            }
            outcome = acrossReboot(
                departure: timeline.departure.clock, arrival: arrival.clock,
                assertedUptime: arrival.payloadVersion >= 2 ? .some(arrival.rebootCreditNanoseconds.map(TimeSpan.init(nanoseconds:))) : nil,
                departureNetwork: departureNetwork, arrivalNetwork: proven,
                departureNotBefore: timeline.departureNotBeforeNanoseconds.map(UnixInstant.init(nanoseconds:)), flags: &flags)
        }
        // The wall clock against absolute time matters only where unproven uptime rests on it (a device whose
        // clock is merely set a few minutes off is not flagged for every session).
        let unprovenUptime = outcome.method == .uptimeBound && outcome.status == .provisional
        if unprovenUptime, let serverNow = judgingTime(timeline.arrivalSequence) {
            let ahead = arrival.clock.wall - serverNow
            if ahead > configuration.clockStepTolerance { flags.append(VerdictFlag(.wallAheadOfServer, amount: ahead)) }
        }
        if unprovenUptime, let notBefore = timeline.departureNotBeforeNanoseconds, timeline.departure.network == nil {
            let behind = UnixInstant(nanoseconds: notBefore) - timeline.departure.clock.wall
            if behind > configuration.clockStepTolerance { flags.append(VerdictFlag(.wallBehindProvenTime, amount: behind)) }
        }
        if unprovenUptime, flags.contains(where: { $0.kind.withholdsUnprovenUptime }) {
            // Unproven uptime is credited only while nothing contradicts it: a wall clock that moved less than
            // the uptime (or was moved to hide that), or a new boot that began before the departure, withholds
            // it until network proof arrives (docs/guarantees.md, V3 and V20).
            outcome.lower = .zero
        }
        if timeline.departure.origin == "heartbeat", outcome.status != .rejected {
            let interval = configuration.heartbeatInterval
            flags.append(VerdictFlag(.departureFromHeartbeat, amount: interval))
            outcome.lower = max(.zero, outcome.lower - interval)
            outcome.bootClockLower = outcome.bootClockLower.map { max(.zero, $0 - interval) }
        }
        let held = outcome.status == .provisional ? outcome.bootClockLower.map { max(.zero, $0 - outcome.lower) } ?? .zero : .zero
        if configuration.requireSignedTime, outcome.status == .verified {
            // The device's clocks alone are not proof for this server: worth the provisional cap at most.
            flags.append(VerdictFlag(.signedTimeMissing))
            outcome.status = .provisional
        }
        return ElapsedVerdict(
            sessionID: timeline.sessionID, lowerNanoseconds: outcome.lower.nanoseconds, upperNanoseconds: outcome.upper?.nanoseconds,
            method: outcome.method, status: outcome.status, flags: flags, heldNanoseconds: held.nanoseconds)
    }

    /// Rule S: with signed time at both ends (and not from the future), the signed bound is the verdict.
    private func signedVerdict(
        _ timeline: SessionTimeline, departureNetwork: TrustedNetworkTime?, arrivalNetwork: TrustedNetworkTime?,
        flags: inout [VerdictFlag]
    ) -> ElapsedVerdict? {
        guard let bounds = SignedTimeRule.bounds(of: timeline) else { return nil }
        if let serverNow = judgingTime(timeline.arrivalSignedSequence ?? timeline.arrivalSequence) {
            let ahead = bounds.arrivalEarliest - serverNow
            if ahead > configuration.serverClockTolerance {
                flags.append(VerdictFlag(.signedTimeAheadOfServer, amount: ahead))
                return nil
            }
        }
        if let arrival = timeline.arrival, arrival.clock.bootID == nil || arrival.clock.bootID != timeline.departure.clock.bootID {
            flags.append(VerdictFlag(.reboot))
        }
        let lower = SignedTimeRule(configuration: configuration).judge(
            timeline, departureLatest: bounds.departureLatest,
            arrivalEarliest: bounds.arrivalEarliest,
            departureNetwork: departureNetwork, arrivalNetwork: arrivalNetwork,
            flags: &flags)
        return ElapsedVerdict(
            sessionID: timeline.sessionID, lowerNanoseconds: lower.nanoseconds, upperNanoseconds: nil, method: .signedTime,
            status: .verified, flags: flags)
    }

    struct Outcome {
        var lower: TimeSpan
        var upper: TimeSpan?
        var method: VerdictMethod
        var status: ProofStatus
        /// Within one boot, when network time fell short of it: the boot clock's figure, verified if a later fix agrees.
        var bootClockLower: TimeSpan? = nil
    }

    /// Network time usable by this judge: a sane error bound, and not ahead of the server's clock.
    private func checked(_ time: NetworkTime?, at sequence: UInt64?, flags: inout [VerdictFlag]) -> TrustedNetworkTime? {
        guard let trusted = TrustedNetworkTime(time) else { return nil }
        if let ahead = networkJudge.ahead(trusted, at: sequence) {
            flags.append(VerdictFlag(.networkAheadOfServer, amount: ahead))
            return nil
        }
        return trusted
    }

    /// Same boot: the boot-clock delta is the proof; network time is a cross-check; the wall a witness.
    private func sameBoot(
        departure: ClockReading, arrival: ClockReading, departureNetwork: TrustedNetworkTime?,
        arrivalNetwork: TrustedNetworkTime?, flags: inout [VerdictFlag]
    ) -> Outcome {
        let bootDelta = arrival.boot - departure.boot
        guard bootDelta >= .zero else {
            flags.append(VerdictFlag(.bootClockWentBackwards, amount: bootDelta.magnitude))
            return Outcome(lower: .zero, upper: nil, method: .bootClock, status: .rejected)
        }
        let drift = bootDelta.driftAllowance(ppm: configuration.driftPPM)
        let lower = max(.zero, bootDelta - drift)
        let upper = bootDelta + drift
        flags.append(
            contentsOf: WallClockCheck.flags(
                departure: departure, arrival: arrival, expected: bootDelta, slack: drift,
                tolerance: configuration.clockStepTolerance))
        if let start = departureNetwork, let end = arrivalNetwork {
            // Within the clock-step tolerance the two agree: the boot clock's figure stands, unflagged and
            // unheld (a server a minute off is not a liar). Beyond it, rule 2a/2b of docs/journal-format.md §10.
            let found = SameBootAgreement.gap(
                first: start, last: end, bootDelta: bootDelta, driftPPM: configuration.driftPPM,
                tolerance: configuration.clockStepTolerance)
            if found.disagrees {
                flags.append(VerdictFlag(.networkBootDisagreement, amount: found.gap))
                let networkLower = max(.zero, end.earliest - start.latest)
                if networkLower < lower {
                    // Network time says less than the boot clock: one of them lies. The smaller figure is
                    // credited and the session waits for a later fix (settleDisagreement); the difference is
                    // what a spoofer on the path can delay, never erase.
                    return Outcome(
                        lower: networkLower, upper: upper, method: .bootClock, status: .provisional,
                        bootClockLower: lower)
                }
            }
        }
        return Outcome(lower: lower, upper: upper, method: .bootClock, status: .verified)
    }

    /// A same-boot disagreement settled by a later fix of that boot: if the fix agrees with the departure's
    /// network time along the boot clock and its error bound is smaller than the disagreement
    /// (``SameBootAgreement/settles(departure:arrival:later:driftPPM:tolerance:)``, rule 2c), the arrival's
    /// network time was the liar and the boot clock's figure is verified; otherwise the smaller figure stays,
    /// provisionally.
    private func settleDisagreement(_ timeline: SessionTimeline, outcome: inout Outcome, flags: inout [VerdictFlag]) {
        guard let bootClockLower = outcome.bootClockLower, let proof = timeline.laterProof, timeline.isProof(proof),
            checked(proof.network, at: timeline.laterProofSequence, flags: &flags) != nil,
            timeline.proofKeepsArrivalInThePast(proof, judge: networkJudge, driftPPM: configuration.driftPPM),
            let arrival = timeline.arrival,
            SameBootAgreement.settles(
                departure: timeline.departure, arrival: arrival, later: proof, driftPPM: configuration.driftPPM,
                tolerance: configuration.clockStepToleranceNanoseconds)
        else { return }
        // The boot clock is confirmed: the return's network time was the liar, not the player's clocks.
        let gap = flags.first { $0.kind == .networkBootDisagreement }?.amountNanoseconds ?? 0
        flags.removeAll { $0.kind == .networkBootDisagreement }
        flags.append(VerdictFlag(.laterProofAgreesWithBootClock, amountNanoseconds: gap))
        outcome.lower = bootClockLower
        outcome.status = .verified
    }

    /// Across a reboot: network time at both ends proves the interval; otherwise only the new boot's uptime.
    ///
    /// `assertedUptime` is `nil` for a version-1 journal (the uptime is the return's boot clock) and, for a
    /// version-2 journal, the return's `rebootCredit` (docs/journal-format.md §13): the device's own figure,
    /// which is never verified by rule 3b and is `nil` when the device did not know of a reboot.
    private func acrossReboot(
        departure: ClockReading, arrival: ClockReading, assertedUptime: TimeSpan??, departureNetwork: TrustedNetworkTime?,
        arrivalNetwork: TrustedNetworkTime?, departureNotBefore: UnixInstant?, flags: inout [VerdictFlag]
    ) -> Outcome {
        flags.append(VerdictFlag(.reboot))
        let identified: Bool
        let uptimeLower: TimeSpan
        if let assertedUptime {
            identified = departure.bootID != nil && arrival.bootID != nil && assertedUptime != nil
            uptimeLower = identified ? max(.zero, assertedUptime ?? .zero) : .zero
        } else {
            identified = departure.bootID != nil && arrival.bootID != nil
            let uptime = max(.zero, TimeSpan(nanoseconds: arrival.bootNanoseconds))
            uptimeLower = identified ? max(.zero, uptime - uptime.driftAllowance(ppm: configuration.driftPPM)) : .zero
        }
        if let start = departureNetwork, let end = arrivalNetwork {
            let lower = max(.zero, end.earliest - start.latest)
            let upper = max(.zero, end.latest - start.earliest)
            // The uptime exceeding what network time allows is named only beyond the clock-step tolerance (an
            // honest server a minute off, or stepped); the credit is the network's either way (rule 3a).
            let excess = uptimeLower - upper
            if excess > configuration.clockStepTolerance {
                flags.append(VerdictFlag(.networkBootDisagreement, amount: excess))
            }
            flags.append(
                contentsOf: WallClockCheck.flags(
                    departure: departure, arrival: arrival, expected: end.estimate - start.estimate,
                    slack: start.error + end.error, tolerance: configuration.clockStepTolerance))
            return Outcome(lower: lower, upper: upper, method: .network, status: .verified)
        }
        flags.append(VerdictFlag(.networkMissing))
        flags.append(
            contentsOf: WallClockCheck.flags(
                departure: departure, arrival: arrival, atLeast: uptimeLower,
                tolerance: configuration.clockStepTolerance))
        if identified, assertedUptime != nil { flags.append(VerdictFlag(.uptimeAssertedByDevice, amount: uptimeLower)) }
        if identified, departureNetwork == nil, let end = arrivalNetwork, let notBefore = departureNotBefore {
            // The return's time is proven and earlier records prove the earliest the departure can have been.
            // An honest reboot began after the departure, so (return − uptime) cannot lie before it. An uptime
            // the device asserts is never verified this way: only contradicted (docs/journal-format.md §13).
            // Network time (of the return, and behind E) may be off by the clock-step tolerance, as in rule 2: a
            // new boot that seems to begin up to that much before E is not named, and counts as beginning after it.
            let bootStartLatest = end.latest - uptimeLower
            let early = notBefore - bootStartLatest
            if early <= configuration.clockStepTolerance, assertedUptime == nil {
                flags.append(VerdictFlag(.bootStartAfterDeparture))
                return Outcome(lower: uptimeLower, upper: nil, method: .uptimeBound, status: .verified)
            }
            if early > configuration.clockStepTolerance {
                flags.append(VerdictFlag(.bootStartedBeforeDeparture, amount: early))
            }
        }
        return Outcome(lower: uptimeLower, upper: nil, method: identified ? .uptimeBound : .none, status: .provisional)
    }
}
