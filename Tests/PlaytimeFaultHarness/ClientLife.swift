import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport

/// One game's life through `OfflineEarnings`, each step a new start of the game on the same directory (so that the
/// harness can change the journal and the disk between two steps), with a manual clock, no NTP until the last step,
/// and anchors from a server key of its own. The same life in two directories writes records of the same sizes (the
/// clocks are the same values; ids and nonces have fixed lengths).
final class ClientLife {
    /// What a step does.
    enum Step: String, CaseIterable {
        case firstLaunch = "first-launch"
        case launch, heartbeat, background, foreground, anchor
        case secondBackground = "second-background"
        case rebootLaunch = "reboot-launch"
        case settle
    }

    let directory: String
    let clock: ManualClock
    let probe = ScriptedConnectivityProbe(Connectivity(state: .online, reason: "interfaces-up"))
    let network: ManualNetworkTimeSource
    let anchors = AnchorKey(serverSecret: Array(repeating: 7, count: 32))
    /// Gold paid over the life (every payout's `goldNow`).
    private(set) var paid: Int64 = 0
    /// Sessions paid, by id, with their number of payouts.
    private(set) var payouts: [String: Int] = [:]

    init(directory: String) {
        self.directory = directory
        clock = ManualClock()
        network = ManualNetworkTimeSource(clock: clock, mode: .offline)
    }

    /// The steps of the whole life, in order.
    static let steps = Step.allCases

    var journalPath: String { directory + "/journal.jsonl" }

    /// A start of the game.
    func open() throws(EarningsError) -> OfflineEarnings {
        var configuration = EarningsConfiguration(policy: .default)
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = probe
        return try OfflineEarnings(directory: directory, configuration: configuration)
    }

    /// The time that passes before `step` (nothing records it).
    func advance(before step: Step) {
        switch step {
        case .foreground, .rebootLaunch: clock.advance(nanoseconds: 2 * 3_600_000_000_000)
        case .secondBackground, .anchor: clock.advance(nanoseconds: 60_000_000_000)
        case .settle: clock.advance(nanoseconds: 5_000_000_000)
        default: break
        }
        if step == .rebootLaunch { clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 600_000_000_000, uptimeNanoseconds: 300_000_000_000) }
        network.set(step == .settle ? .answer : .offline)
    }

    /// Runs `step` in a new start of the game (the clock already advanced); the payouts are counted.
    func run(_ step: Step) async throws(EarningsError) {
        let earnings = try open()
        switch step {
        case .firstLaunch, .launch, .rebootLaunch:
            if let payout = try await earnings.launch() { count(payout) }
        case .heartbeat: try earnings.heartbeat(goldPerHour: 600)
        case .background, .secondBackground: try earnings.background(goldPerHour: 600)
        case .foreground:
            if let payout = try await earnings.foreground() { count(payout) }
        case .anchor:
            let request = earnings.anchorRequest()
            let token = anchors.issue(
                serverNanoseconds: clock.read().wallNanoseconds, account: "player", journalID: request.journalID,
                headSequence: request.headSequence, headMAC: request.headMAC)
            for payout in try earnings.recordAnchor(token.text, for: request) { count(payout) }
        case .settle:
            for payout in try await earnings.settle() { count(payout) }
        }
    }

    /// After a failed step (space is back): the step again, then a settlement, which pays a return whose claim failed.
    func recover(_ step: Step) async throws(EarningsError) {
        try await run(step)
        for payout in try await open().settle() { count(payout) }
    }

    private func count(_ payout: AwayPayout) {
        paid += payout.goldNow
        payouts[payout.sessionID, default: 0] += 1
    }

    /// The journal's bytes (empty when there is none).
    func journalBytes() -> [UInt8] {
        (try? FileSystem.readRegularFile(atPath: journalPath, byteLimit: 1 << 24)) ?? []
    }

    /// Appends a record of type `pad` (which every reader skips) of exactly `length` bytes, newline included, under the
    /// directory's key: the harness moves the journal's end to where it wants a page boundary.
    func pad(length: Int) throws {
        let key = try KeyFile.load(path: directory + "/player.key")
        var writer = try JournalWriter(path: journalPath, key: key)
        let sequence = String(writer.lastSequence + 1)
        // {"seq":N,"type":"pad","payload":{"p":"…"},"mac":"<64 hex>"}\n
        let fixed = #"{"seq":"#.utf8.count + sequence.utf8.count + #","type":"pad","payload":"#.utf8.count + #"{"p":""}"#.utf8.count + 75
        guard length >= fixed else { throw HarnessError("a pad line is at least \(fixed) bytes") }
        try writer.append(type: "pad", payload: #"{"p":""# + String(repeating: "x", count: length - fixed) + #""}"#)
        try writer.close()
    }

    /// The lengths of the journal's lines (newline included) from byte `offset` on.
    func lineLengths(from offset: Int) -> [Int] {
        let bytes = journalBytes()
        guard offset < bytes.count else { return [] }
        return bytes[offset...].split(separator: 0x0a, omittingEmptySubsequences: false).dropLast().map { $0.count + 1 }
    }
}
