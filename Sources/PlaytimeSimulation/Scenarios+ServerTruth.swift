import PlaytimeGuard
import PlaytimeSystem

/// The attacks found on the real binary (a forged reboot, liars after a reboot, a spoofer on an honest
/// player's path, offline farming), replayed through the real recorder, journal and server path.
extension TrialWorld {
    /// A rooted device gives itself a new boot id while away; its boot clock keeps counting. With
    /// `hideWithWall` the wall clock is moved forward by the uptime at return so that it does not contradict it.
    mutating func forgedReboot(hideWithWall: Bool) async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        device.clock.pass(random.duration(seconds: 86_400...30 * 86_400))
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away)
        device.kill()
        device.clock.forgeReboot()
        if hideWithWall || random.chance(50) { device.network.set(.unreachable) }
        if hideWithWall { device.clock.shiftWall(device.clock.read().bootNanoseconds) }
        let arrived = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// After an honest reboot every NTP answer says 30 years later, and the wall clock agrees.
    mutating func fakeNTPHijackThirtyYears() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        rebootDuring(device, away: away)
        let thirtyYears: Int64 = 30 * 365 * 86_400 * TimeSpan.nanosecondsPerSecond
        device.network.set(.hijacked(lie: thirtyYears))
        device.clock.shiftWall(thirtyYears)
        let arrived = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// A spoofer on an honest player's path answers 5 h behind at the return (same boot). The credit waits
    /// for a later honest fix; it is delayed, never erased, and never more than the honest run.
    mutating func spooferBehind() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away)
        device.network.set(.hijacked(lie: -5 * 3_600 * TimeSpan.nanosecondsPerSecond))
        let arrived = try await arrive(device)
        upload(device)
        device.clock.pass(random.duration(seconds: 10...3_600))
        device.network.set(SimulatedDevice.honest(&random))
        _ = try await device.app().settlePending()
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Twelve 2 h sessions in one boot with the network blocked throughout, each uploaded and paid: the
    /// server's ledger holds them to the daily budget.
    mutating func offlineFarming() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        device.setOnline(false)
        device.network.set(.unreachable)
        let rate = rate()
        var periods: [Int64] = []
        for _ in 0..<12 {
            let departed = try depart(device, rate: rate)
            device.clock.pass(2 * 3_600 * TimeSpan.nanosecondsPerSecond)
            let arrived = try await arrive(device)
            periods.append(arrived - departed)
            upload(device)
        }
        return outcome(rate: rate, periods: periods)
    }
}
