// A game's use of the client product, importing only PlaytimeGuard (the positive control of
// Tests/PlaytimeSurfaceTests/DependentPackageTests.swift and scripts/dependent-package.sh): every name here must
// resolve. It follows the client quick start (OfflineEarnings, docs/facades.md) and names the types a game's
// configuration, error handling and tests need.
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
    if let payout: AwayPayout = try await earnings.foreground(multipliers: ["ad"]) {
        gold += payout.goldNow
        let pending: [PendingMultiplier] = payout.pendingMultipliers
        let messages: [PlayerMessage] = payout.messages
        let key: PlayerMessage.Key = payout.message.key
        _ = (pending.map(\.name), pending.map(\.gold), payout.goldPendingGrant, messages.map(\.text), key == .multiplierPending, payout.explanation)
    }
    if let payout = try await earnings.launch() { gold += payout.goldNow }
    for topUp in try await earnings.settle() { gold += topUp.goldNow }
}

/// An enrolled device: the server's enrollment configures the journal, and each contact records an anchor.
func anchoredQuickStart(saveDirectory: String, enrollment: Enrollment, askServer: (AnchorRequest) throws -> String) throws -> Int64 {
    var configuration = EarningsConfiguration()
    configuration.enrollment = enrollment
    let earnings = try OfflineEarnings(directory: saveDirectory, configuration: configuration)
    let request: AnchorRequest = earnings.anchorRequest()
    let names: (String, UInt64, String) = (request.journalID, request.headSequence, request.headMAC)
    _ = names
    do {
        return try earnings.recordAnchor(try askServer(request), for: request).reduce(0) { $0 + $1.goldNow }
    } catch let error as EarningsError where error.code == .anchor {
        let reason: AnchorError? = error.anchorError
        _ = reason
        return 0
    }
}

/// What a payout carries, for a game that shows more than the gold: the verdict, the breakdown, the claim.
func explain(_ payout: AwayPayout) -> String {
    let verdict: ElapsedVerdict = payout.verdict
    let breakdown: RewardBreakdown = payout.breakdown
    let claim: ClaimRecord = payout.claim
    let timeline: SessionTimeline = payout.timeline
    let flagged = verdict.flags.map { (flag: VerdictFlag) in flag.kind.rawValue }
    return "\(claim.sessionID): \(verdict.creditedSeconds) s (\(verdict.method.rawValue)), \(breakdown.paidNow) now, "
        + "\(breakdown.escrowed) held, flags \(flagged), \(timeline.sessionID)"
}

/// The names a game's configuration and error handling write.
func configurationNames(_ error: EarningsError, _ recorderError: RecorderError, _ keyError: KeyFileError,
                        _ journalError: JournalError, keyPath: String) throws -> [NTPServer] {
    let key: JournalKey = try KeyFile.load(path: keyPath)
    _ = key.keyIDHex
    let clock: any ClockSource = HandClock(reading: ClockReading(wallNanoseconds: 0, bootNanoseconds: 0, bootID: nil))
    _ = clock.read()
    let fix: NTPFix? = nil
    let failure: NTPError? = nil
    _ = (fix, failure, error.description, recorderError.description, keyError.description, journalError.description)
    return [NTPServer(host: "time.example.org")]
}
