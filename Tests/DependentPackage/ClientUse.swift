// A game's use of the client product, importing only PlaytimeGuard (the positive control of
// Tests/PlaytimeSurfaceTests/DependentPackageTests.swift and scripts/dependent-package.sh): every name here must
// resolve. It follows the client quick start (OfflineEarnings, docs/facades.md) and names every public declaration
// a game writes (docs/public-api.md); the clock its tests move by hand is the one `@_spi(Testing)` seam.
import Foundation
@_spi(Testing) import PlaytimeGuard

/// A clock that the game's tests move by hand.
struct HandClock: ClockSource {
    var reading: ClockReading
    func read() -> ClockReading { reading }
    func sleep(nanoseconds: Int64) async {}
}

/// The facade's quick start (docs/facades.md), configured with the names a game writes.
func facadeQuickStart(saveDirectory: String, policyJSON: Data, gold: inout Int64) async throws {
    var configuration = EarningsConfiguration(policy: try JSONDecoder().decode(RewardPolicy.self, from: policyJSON))
    configuration.retainedPolicies = [.default]
    configuration.ntpServers = [NTPServer(host: "time.example.org"), NTPServer(host: "time.example.net", port: 123)]
    configuration.roughtimeServers = [RoughtimeServer("roughtime.example.org:2002=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")].compactMap { $0 }
    configuration.clock = HandClock(reading: ClockReading(wallNanoseconds: 0, bootNanoseconds: 0, bootID: nil))
    let earnings = try OfflineEarnings(directory: saveDirectory, configuration: configuration)
    try earnings.background(goldPerHour: 600)
    await earnings.stampDeparture()
    if let payout: AwayPayout = try await earnings.foreground(multipliers: ["ad"]) {
        gold += payout.goldNow
        let pending: [String: Int64] = payout.pendingMultipliers
        let messages: [PlayerMessage] = payout.messages
        let key: String = payout.message.key
        _ = (
            pending, payout.goldPendingGrant, payout.goldInEscrow, messages.map(\.text), messages.map(\.values),
            key == "multiplierPending", payout.explanation, payout.sessionID
        )
    }
    _ = try earnings.heartbeat(goldPerHour: 600)
    if let payout = try await earnings.launch() { gold += payout.goldNow }
    for topUp in try await earnings.settle() { gold += topUp.goldNow }
    let upload: String = earnings.journalPath  // the bytes to send EarningsServer.acceptUpload
    _ = upload
}

/// The ten-line integration: the game's link to its server, through which the library enrolls and anchors by itself.
func linkedQuickStart(saveDirectory: String, send: @escaping @Sendable (String) async throws -> String) async throws -> Int64 {
    var configuration = EarningsConfiguration(policy: .default, gameServer: send)
    configuration.gameServer = { text in try await send(text) }
    let earnings = try OfflineEarnings(directory: saveDirectory, configuration: configuration)
    var gold: Int64 = try await earnings.launch()?.goldNow ?? 0
    try earnings.background(goldPerHour: 600)
    await earnings.stampDeparture()
    gold += try await earnings.foreground(multipliers: ["ad"])?.goldNow ?? 0
    return try await earnings.settle().reduce(gold) { $0 + $1.goldNow }
}

/// An enrolled device: the server's enrollment configures the journal, and each contact records an anchor.
func anchoredQuickStart(saveDirectory: String, enrollmentText: String, askServer: (String) throws -> String) throws -> Int64 {
    var configuration = EarningsConfiguration()
    configuration.enrollment = Enrollment(text: enrollmentText)
    let earnings = try OfflineEarnings(directory: saveDirectory, configuration: configuration)
    let request: AnchorRequest = earnings.anchorRequest()
    do {
        return try earnings.recordAnchor(try askServer(request.text), for: request).reduce(0) { $0 + $1.goldNow }
    } catch let error as EarningsError {
        switch error.code {
        case .anchor: return 0  // ask again later
        case .unknownPolicy, .invalidPolicy: throw error  // the game's configuration
        case .storage, .journal, .recorder: throw error  // the device's files
        default: throw error  // a code of a later version
        }
    }
}

/// What an error tells a game's log.
func logLine(_ error: EarningsError) -> String { "\(error.code.rawValue): \(error.description)" }
