import PlaytimeGuard

/// The honest catalogue: none of it may be flagged, and proven time must be credited.
extension TrialWorld {
    /// Away, back, claimed; `during` runs while away (same boot).
    mutating func honestAway(during: (inout TrialWorld, SimulatedDevice) -> Void = { _, _ in }) async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away())
        during(&self, device)
        let arrived = try await arrive(device)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// The OS steps the wall clock (NTP step corrections), by at most 60 s in total.
    mutating func ntpStep() async throws(RecorderError) -> TrialOutcome {
        try await honestAway { world, device in
            let first = world.random.int(in: -30_000_000_000...30_000_000_000)
            device.clock.shiftWall(first)
            device.clock.shiftWall(world.random.int(in: -30_000_000_000...30_000_000_000))
        }
    }

    /// Rebooted while away, NTP reachable at return.
    mutating func rebootWhileAway() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        rebootDuring(device, away: away)
        let arrived = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// NTP unreachable at return (same boot): the boot clock proves the time.
    mutating func flakyNetwork() async throws(RecorderError) -> TrialOutcome {
        try await honestAway { _, device in device.network.set(.unreachable) }
    }

    /// Rebooted while away and NTP unreachable at return: a provisional claim, settled when NTP answers later.
    mutating func flakyNetworkReboot() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        rebootDuring(device, away: away)
        device.network.set(.unreachable)
        let arrived = try await arrive(device, launch: true)
        upload(device)
        device.clock.pass(random.duration(seconds: 10...3_600))
        device.network.set(SimulatedDevice.honest(&random))
        _ = try await device.app().settlePending()
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Offline (airplane mode) at return, same boot.
    mutating func offlineSameBoot() async throws(RecorderError) -> TrialOutcome {
        try await honestAway { _, device in device.setOnline(false) }
    }
}
