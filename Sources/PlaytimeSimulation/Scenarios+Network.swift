import PlaytimeGuard

/// Threat 7: fake or hijacked NTP.
extension TrialWorld {
    /// One of three servers lies by hours; the majority selection follows the honest two (reboot while away,
    /// so network time is what the verdict rests on).
    mutating func fakeNTPMinority() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        rebootDuring(device, away: away)
        device.network.set(.minorityLiar(lie: random.sign() * hours()))
        let arrived = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Every NTP answer is hijacked (+hours) at return. Same boot: the boot clock contradicts it.
    /// After a reboot: the game server's own clock is earlier than the claimed network time.
    mutating func fakeNTPHijack(reboot: Bool) async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        if reboot { rebootDuring(device, away: away) } else { device.clock.pass(away) }
        device.network.set(.hijacked(lie: hours()))
        let arrived = try await arrive(device, launch: reboot)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }
}
