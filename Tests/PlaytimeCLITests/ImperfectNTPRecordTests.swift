import Foundation
import PlaytimeTestSupport
import Testing

/// Issue 20 on the real binary: an NTP server a minute fast at the departure (an imperfect public server, or one
/// that stepped) on loopback, an honest one at the return, real clocks in between (docs/journal-format.md §10).
/// The in-process fake server answers with this machine's clock plus the offset, so no wall clock is faked.
@Suite("playtime record with an NTP server 60 s fast at the departure (binary, real clocks)")
struct ImperfectNTPRecordTests {
    @Test("the device's verdict and the audit agree: verified, no networkBootDisagreement, nothing held, clean (exit 0)")
    func departureMinuteFast() async throws {
        let fast = try FakeNTPServer(.honest(offsetNanoseconds: 60_000_000_000))
        let honest = try FakeNTPServer(.honest())
        defer {
            fast.stop()
            honest.stop()
        }
        let directory = NSTemporaryDirectory() + "playtime-imperfect-ntp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/journal"
        let common = ["--journal", journal, "--key-file", directory + "/key", "--create-key", "--json"]
        // The departure is network-free: its network time is the last fix of the boot (here the launch's, from
        // the fast server) carried along the boot clock, so it is a minute fast too.
        let launch = try await PlaytimeBinary.run(["record", "launch", "--ntp", fast.serverArgument] + common)
        #expect(launch.status == 0, "\(launch.standardError)")
        let background = try await PlaytimeBinary.run(["record", "background"] + common)
        #expect(background.status == 0, "\(background.standardError)")
        let departure = try jsonObject(background.standardOutput)
        let network = try #require(departure["networkNanoseconds"] as? Int, "no fix at the departure: \(background.standardOutput)")
        let wall = try #require(departure["wallNanoseconds"] as? Int)
        #expect(abs(network - wall - 60_000_000_000) < 1_000_000_000, "the departure's network time is a minute fast")
        try await runOffCooperativePool { Thread.sleep(forTimeInterval: 1.2) }  // real time away, on real clocks
        let foreground = try await PlaytimeBinary.run(["record", "foreground", "--ntp", honest.serverArgument] + common)
        #expect(foreground.status == 0, "\(foreground.standardError)")
        #expect(fast.requestCount >= 1 && honest.requestCount >= 1, "both ends asked their server")
        let device = try jsonObject(foreground.standardOutput)
        #expect(device["needsSettlement"] as? Bool == false, "\(foreground.standardOutput)")
        let reported = try #require(device["creditedSeconds"] as? Int, "\(foreground.standardOutput)")
        #expect(reported >= 1)

        // The server judges when the journal arrives, two minutes later: the departure's network time (a
        // minute fast) is not ahead of its clock then (rule 0 is a separate rule, not widened by the tolerance).
        let now = String(Int(Date().timeIntervalSince1970) + 120)
        let audit = try await PlaytimeBinary.run(["audit", "--key-file", directory + "/key", "--json", "--now", now, journal])
        #expect(audit.status == 0, "\(audit.standardOutput) \(audit.standardError)")
        let lines = audit.standardOutput.split(separator: "\n").compactMap { try? jsonObject(String($0)) }
        let sessions = lines.filter { $0["sessionId"] != nil }
        let session = try #require(sessions.first, "\(audit.standardOutput)")
        #expect(sessions.count == 1)
        #expect(session["proof"] as? String == "verified", "\(audit.standardOutput)")
        #expect(session["method"] as? String == "bootClock")
        #expect((session["flags"] as? [String])?.contains("networkBootDisagreement") == false, "\(audit.standardOutput)")
        #expect((session["flags"] as? [String])?.isEmpty == true, "\(audit.standardOutput)")
        #expect(session["creditedSeconds"] as? Int == reported, "the server recomputes the device's figure")
        let summary = try #require(lines.compactMap { $0["summary"] as? [String: Any] }.first)
        #expect(summary["status"] as? String == "clean", "\(audit.standardOutput)")
    }
}
