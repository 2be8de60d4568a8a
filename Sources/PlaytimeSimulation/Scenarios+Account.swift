import PlaytimeGuard

/// Threats 12 and 14: several devices of one account, and tier farming.
extension TrialWorld {
    /// Threat 12 (server-side): device B leaves while device A is away and returns after A; the server
    /// removes from B's claim the time A already claimed.
    mutating func twoDevices() async throws(RecorderError) -> TrialOutcome {
        let a = try await device("a")
        let b = try await device("b", startingAt: a.clock.trueNanoseconds)
        let rate = rate()
        let x = random.duration(seconds: 60...3_600)
        let y = random.duration(seconds: 120...18_000)
        let z = random.duration(seconds: 60...3_600)
        func pass(_ nanoseconds: Int64) {
            a.clock.pass(nanoseconds)
            b.clock.pass(nanoseconds)
        }
        try a.app().enteredBackground(goldPerHour: rate, policyVersion: "sim")
        pass(x)
        try b.app().enteredBackground(goldPerHour: rate, policyVersion: "sim")
        pass(y)
        _ = try await arrive(a)
        upload(a, as: "a", latency: 0, trimOverlaps: true)
        pass(z)
        _ = try await arrive(b)
        upload(b, as: "b", latency: 0, trimOverlaps: true)
        // The account was away x + y + z; honestly claimable once: A's x + y, then B's z.
        return TrialOutcome(
            paid: server.paid, honest: HonestReference.gold(periods: [x + y, z], rate: rate, calculator: calculator),
            flagged: server.flagged, credited: server.creditedNanoseconds, trueAway: x + y + z)
    }

    /// Threat 14: 5-40 away periods of 5 s to minimum + 2 min, with short play between, all claimed in
    /// one day. The reference is the most any honest pattern earns for the same total away time.
    mutating func tinyPeriods() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let minimum = calculator.policy.minimumAwaySeconds
        var total: Int64 = 0
        for _ in 0..<random.int(in: 5...40) {
            try device.app().enteredBackground(goldPerHour: rate, policyVersion: "sim")
            let departed = device.clock.trueNanoseconds
            device.clock.pass(random.duration(seconds: 5...(minimum + 120)))
            total += try await arrive(device) - departed
            device.clock.pass(random.duration(seconds: 5...120))
        }
        upload(device)
        return TrialOutcome(
            paid: server.paid, honest: HonestReference.bestPatternGold(totalNanoseconds: total, rate: rate, calculator: calculator),
            flagged: server.flagged, credited: server.creditedNanoseconds, trueAway: total)
    }
}
