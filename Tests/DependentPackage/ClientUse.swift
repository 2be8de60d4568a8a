// A game's use of the client product, importing only PlaytimeGuard (the positive control of
// Tests/PlaytimeSurfaceTests/DependentPackageTests.swift and scripts/dependent-package.sh): every name here must
// resolve. It follows the client quick starts (OfflineEarnings, docs/facades.md; the recorder underneath) and
// names the types a game's configuration and tests need.
import PlaytimeGuard

/// A clock that the game's tests move by hand.
struct HandClock: ClockSource {
    var reading: ClockReading
    func read() -> ClockReading { reading }
    func sleep(nanoseconds: Int64) async {}
}

/// The facade's quick start (docs/facades.md), configured with the names a game writes.
func facadeQuickStart(saveDirectory: String, gold: inout Int64) async throws {
    var configuration = EarningsConfiguration(policy: .default)
    configuration.ntpServers = [NTPServer(host: "time.example.org")]
    configuration.roughtimeServers = [try RoughtimeServer(parsing: "roughtime.example.org:2002=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")]
    configuration.clock = HandClock(reading: ClockReading(wallNanoseconds: 0, bootNanoseconds: 0, bootID: nil))
    let earnings = try OfflineEarnings(directory: saveDirectory, configuration: configuration)
    try earnings.background(goldPerHour: 600)
    await earnings.stampDeparture()
    if let payout: AwayPayout = try await earnings.foreground(multipliers: ["ad"]) { gold += payout.goldNow; _ = payout.explanation }
    if let payout = try await earnings.launch() { gold += payout.goldNow }
    for topUp in try await earnings.settle() { gold += topUp.goldNow }
}

/// The recorder underneath the facade: record a departure and a return, judge, pay, record the claim.
func payOneAwaySession(journalPath: String, keyPath: String) async throws {
    let key: JournalKey = try KeyFile.load(path: keyPath)
    let recorder = try SessionRecorder(journalPath: journalPath, key: key, clock: SystemClockSource())
    try recorder.enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
    let back = try await recorder.enteredForeground()
    if let departure = back.departure, let timeline = back.timeline {
        let verdict = ElapsedVerdict(timeline: timeline)
        let gold: RewardBreakdown = try RewardCalculator(policy: .default).calculate(verdict, of: timeline, requestedMultipliers: ["ad"])
        try recorder.recordClaim(ClaimRecord(sessionID: departure.sessionID, creditedSeconds: verdict.creditedSeconds,
                                             status: verdict.status, paidGold: gold.paidNow, escrowedGold: gold.escrowed,
                                             multipliers: ["ad"], goldPerHour: departure.goldPerHour,
                                             policyVersion: departure.policyVersion))
    }
    _ = try await recorder.settlePending()
}

/// The names a game's configuration and error handling write.
func configurationNames(_ error: RecorderError, _ keyError: KeyFileError, _ journalError: JournalError) -> [NTPServer] {
    let clock: any ClockSource = HandClock(reading: ClockReading(wallNanoseconds: 0, bootNanoseconds: 0, bootID: nil))
    _ = clock.read()
    let fix: NTPFix? = nil
    let failure: NTPError? = nil
    _ = (fix, failure, error.description, keyError.description, journalError.description)
    return [NTPServer(host: "time.example.org")]
}
