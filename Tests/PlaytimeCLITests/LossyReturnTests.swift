import Foundation
import PlaytimeNTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// The built `playtime` on a bad network: `record foreground --ntp` through `LossyUDPProxy` at 50 % loss per
/// datagram (both ways), in front of the chronyd that scripts/test.sh starts (PLAYTIME_CHRONY_SERVER) or, without
/// it, in-process `FakeNTPServer`s.
@Suite("playtime record foreground through a lossy path (binary)", .serialized)
struct LossyReturnTests {
    @Test("50 % loss each way, three servers: at least 18 of 20 returns carry network time, within the 1.5 s budget")
    func halfLossReturns() async throws {
        let chrony = ProcessInfo.processInfo.environment["PLAYTIME_CHRONY_SERVER"].flatMap { NTPServer(parsing: $0) }
        let fakes = chrony == nil ? try (0..<3).map { _ in try FakeNTPServer(.honest()) } : []
        defer { fakes.forEach { $0.stop() } }
        let upstreams: [SocketAddress] =
            try chrony.map { server in
                let address = try #require(SocketAddress(numericHost: server.host, port: server.port))
                return [address, address, address]
            } ?? fakes.map(\.address)
        let seed = UInt64.random(in: 0...UInt64.max)
        print("lossy return: seed \(seed), upstream \(chrony == nil ? "FakeNTPServer" : "chronyd")")
        let impairment = PathImpairment(loss: 0.5, delayNanoseconds: 1_000_000, jitterNanoseconds: 20_000_000, duplication: 0.1, reordering: 0.1)
        let proxies = try upstreams.enumerated().map { try LossyUDPProxy(upstream: $1, impairment: impairment, seed: seed &+ UInt64($0)) }
        defer { proxies.forEach { $0.stop() } }
        let ntp = proxies.flatMap { ["--ntp", $0.serverArgument] }

        var withFix = 0
        var slowest: Int64 = 0
        for _ in 0..<20 {
            let directory = NSTemporaryDirectory() + "playtime-lossy-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let common = ["--journal", directory + "/journal", "--key-file", directory + "/key", "--json"]
            let background = try await PlaytimeBinary.run(["record", "background", "--create-key"] + common)
            #expect(background.status == 0, "\(background.standardError)")
            let start = SystemClock.bootNanoseconds()
            let foreground = try await PlaytimeBinary.run(["record", "foreground"] + common + ntp)
            slowest = max(slowest, SystemClock.bootNanoseconds() - start)
            #expect(foreground.status == 0, "\(foreground.standardError)")
            let object = try jsonObject(foreground.standardOutput)
            if let network = object["networkNanoseconds"] as? Int64, let bound = object["networkErrorNanoseconds"] as? Int64,
                let wall = object["wallNanoseconds"] as? Int64
            {
                withFix += 1
                // Both the fake servers and chronyd follow this machine's clock: network time is the wall time.
                #expect(abs(network - wall) <= bound + 50_000_000)
            }
        }
        print("lossy return: \(withFix)/20 returns got a fix at 50 % loss; slowest run \(Double(slowest) / 1e9) s")
        // The goal is 19 of 20 (95 %). The client's expected share is 1 − 0.75^15 ≈ 98.7 %, so a run of 20 shows
        // 19 or 20 about 97 % of the time; asserting 18 keeps this test from failing by chance (0.3 %) while any
        // loss of the retries (one request per server: 1 − 0.75^3 ≈ 58 %) fails it at once.
        #expect(withFix >= 18)
        // A process start, the 1.5 s budget, and a loaded 2-core machine's slack (a whole suite has stretched one
        // 1.5 s check to 15 s of wall time): only a hang fails (the budget itself is proven in simulated time by
        // Tests/PlaytimeNTPTests/RetryTests.swift).
        #expect(slowest < 60_000_000_000)
    }
}
