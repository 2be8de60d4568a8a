// The newcomer's case of issue 18, run by a package that depends on this one (scripts/dependent-package.sh): a
// game away 65 s that watched an ad, and its server, each importing only what a game and a game server import.
// It prints what the device showed and what the server paid, and exits 1 unless they agree to the coin: the
// device's gold now is what the server pays without the grant, and with it the pending gold on top.
import Foundation
@_spi(Testing) import PlaytimeGuard
@_spi(Testing) import PlaytimeServer

/// A clock that stands still at one reading (each process of the game reads one instant here).
struct StillClock: ClockSource {
    var reading: ClockReading
    func read() -> ClockReading { reading }
    func sleep(nanoseconds: Int64) async {}
}

@main
enum Newcomer {
    static func main() async {
        let directory = NSTemporaryDirectory() + "playtime-newcomer-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            exit(try await run(directory) ? 0 : 1)
        } catch {
            print("newcomer: \(error)")
            exit(1)
        }
    }

    static func run(_ directory: String) async throws -> Bool {
        let left: Int64 = 1_798_000_000_000_000_000
        let second: Int64 = 1_000_000_000
        let serverClock = ServerClock()
        var configuration = ServerConfiguration()
        configuration.clock = serverClock
        let server = try await EarningsServer(
            store: directory + "/server", ticketSecret: Array("the newcomer's server secret".utf8),
            configuration: configuration)
        // The device enrolls once, a second before the player leaves: its journal is the server's from then on.
        serverClock.now = left - second
        let enrollment = try await server.enroll(player: "newcomer").text
        func game(at wall: Int64) throws -> OfflineEarnings {
            var configuration = EarningsConfiguration()
            configuration.ntpServers = []
            configuration.enrollment = Enrollment(text: enrollment)
            configuration.clock = StillClock(
                reading: ClockReading(
                    wallNanoseconds: wall, bootNanoseconds: 300 * second + wall - left,
                    bootID: "newcomer-boot"))
            return try OfflineEarnings(directory: directory + "/game", configuration: configuration)
        }
        try game(at: left).background(goldPerHour: 600)
        // The game's next process, 65 s later, after the player watched an ad.
        let back = try game(at: left + 65 * second)
        guard let payout = try await back.launch(multipliers: ["ad"]) else { return false }
        print(
            "device: \(payout.goldNow) gold now, \(payout.goldPendingGrant) pending: "
                + payout.messages.map(\.text).joined(separator: " "))

        serverClock.now = left + 66 * second
        let journal = Array(try Data(contentsOf: URL(fileURLWithPath: back.journalPath)))
        let first = try await server.acceptUpload(journal, player: "newcomer")
        try await server.grant("ad", player: "newcomer", session: payout.sessionID)
        _ = try back.heartbeat(goldPerHour: 600)
        let extended = Array(try Data(contentsOf: URL(fileURLWithPath: back.journalPath)))
        let granted = try await server.acceptUpload(extended, player: "newcomer")
        print("server: \(first.paidGold) gold paid (\(first.message.text)), then \(granted.paidGold) once it granted the ad")
        return first.paidGold == payout.goldNow && granted.paidGold == payout.goldPendingGrant && payout.goldPendingGrant > 0
            && first.isClean && granted.isClean
    }
}

/// The server's clock, whose wall time this one-threaded run moves by hand.
final class ServerClock: ClockSource, @unchecked Sendable {
    var now: Int64 = 0
    func read() -> ClockReading { ClockReading(wallNanoseconds: now, bootNanoseconds: SystemClockSource().read().bootNanoseconds, bootID: nil) }
    func sleep(nanoseconds: Int64) async {}
}
