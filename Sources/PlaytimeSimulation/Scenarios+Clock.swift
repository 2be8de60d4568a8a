import PlaytimeGuard

/// Threats 1-6: the wall clock, timezones, reboots and airplane mode.
extension TrialWorld {
    /// Threats 1 and 2: the wall clock moved by `direction` × 1-48 h while away (same boot, online).
    mutating func wallShift(direction: Int64) async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away)
        device.clock.shiftWall(direction * hours())
        let arrived = try await arrive(device)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 3: forward while away, claim, set back, leave briefly, claim again.
    mutating func forwardClaimBack() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let shift = hours()
        let firstDeparture = try depart(device, rate: rate)
        device.clock.pass(away())
        device.clock.shiftWall(shift)
        let firstArrival = try await arrive(device)
        upload(device)
        device.clock.shiftWall(-shift)
        let secondDeparture = try depart(device, rate: rate)
        device.clock.pass(random.duration(seconds: 60...900))
        let secondArrival = try await arrive(device)
        upload(device)
        return outcome(rate: rate, periods: [firstArrival - firstDeparture, secondArrival - secondDeparture])
    }

    /// Threat 4 and the honest timezone/DST cases: the player's local offset changes by `hours`;
    /// every clock the recorder reads is UTC or a boot counter, so nothing it records changes.
    mutating func perceivedOffset(hoursRange: ClosedRange<Int64>) async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        var localOffsetHours = random.int(in: -12...14)
        let departed = try depart(device, rate: rate)
        device.clock.pass(away)
        localOffsetHours += random.sign() * random.int(in: hoursRange)  // what the player sees on screen
        _ = localOffsetHours
        let arrived = try await arrive(device)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 5: reboot while away, then the clock forward; NTP reachable or blocked at return.
    mutating func rebootThenClock(online: Bool) async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        rebootDuring(device, away: away)
        device.clock.shiftWall(hours())
        if !online { device.network.set(.unreachable) }
        let arrived = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 6: airplane mode at return so no check can run, clock forward (same boot).
    mutating func airplaneMode() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away)
        device.setOnline(false)
        device.clock.shiftWall(hours())
        let arrived = try await arrive(device)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }
}
