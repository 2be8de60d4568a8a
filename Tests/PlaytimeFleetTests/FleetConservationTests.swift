import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import Testing

/// Time conservation across a fleet (docs/anchors.md): two services on one database, each enrolling
/// one device of the same player; both devices' journals claim the same interval of time away, proven by network
/// time, and are uploaded to the two servers at the same moment. Those seconds are paid once.
@Suite("Fleet: one player's hours paid once across servers", .serialized, .enabled(if: FleetTestServer.available))
struct FleetConservationTests {
    /// A device's journal, enrolled by a game server, with one session of `away` nanoseconds that network time
    /// proves: departing at `departure` on the real clock.
    static func journal(_ enrollmentText: String, departure: Int64, away: Int64, id: String) throws -> String {
        let enrollment = try #require(Enrollment(text: enrollmentText))
        let journalID = enrollment.journalID
        let token = enrollment.anchor
        let key = try JournalKey(bytes: enrollment.key)
        let idBytes = stride(from: 0, to: 32, by: 2).map { UInt8(String(Array(journalID)[$0..<($0 + 2)]), radix: 16) ?? 0 }
        var encoder = JournalEncoder(key: key, journalID: idBytes)
        var bytes = encoder.headerLine
        bytes += try encoder.encodeRecord(
            type: AnchorCodec.recordType,
            payload: AnchorCodec.encode(
                AnchorRecord(token: token, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil, wallNanoseconds: 0)))
        let boot = "fleet-boot-" + id
        let departed = Evidence(
            event: .background, sessionID: id, clock: ClockReading(wallNanoseconds: departure, bootNanoseconds: 10_000_000_000, bootID: boot),
            network: NetworkTime(unixNanoseconds: departure, errorBoundNanoseconds: 1_000_000),
            connectivity: Connectivity(state: .online, reason: "ntp-ok"), goldPerHour: 36_000, policyVersion: "demo-1")
        let returned = Evidence(
            event: .foreground, sessionID: id,
            clock: ClockReading(wallNanoseconds: departure + away, bootNanoseconds: 10_000_000_000 + away, bootID: boot),
            network: NetworkTime(unixNanoseconds: departure + away, errorBoundNanoseconds: 1_000_000),
            connectivity: Connectivity(state: .online, reason: "ntp-ok"))
        bytes += try encoder.encodeRecord(type: "session.background", payload: EvidenceCodec.encode(departed))
        bytes += try encoder.encodeRecord(type: "session.foreground", payload: EvidenceCodec.encode(returned))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("two services on one database, two enrolled journals of one player for the same seconds, uploaded at the same moment: paid once")
    func sameSecondsOnce() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let base = NSTemporaryDirectory() + "playtime-fleet-conservation-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: base) }
            // One secret for the fleet: enrollments and anchors of either server verify on the other.
            try (String(repeating: "5a", count: 32) + "\n").write(toFile: base + "/fleet.secret", atomically: true, encoding: .utf8)
            let servers = try await StoreContracts.concurrently(2) { index in
                try FleetServiceProcess(state: base + "/s\(index)", ["--store", test.url, "--secret-file", base + "/fleet.secret", "--policy", "demo"])
            }
            defer { servers.forEach { $0.stop() } }
            var enrollments: [String] = []
            for server in servers {
                let answer = try server.call("POST", "/v1/players/alice/enrollments")
                #expect(answer.status == 200, "\(answer.text)")
                enrollments.append(try #require(answer.object["enrollment"] as? String))
            }
            // Both devices away over the same 1.5 s after the enrollments, by network time (the demo policy pays
            // 10 gold a second); the uploads come after it on the servers' clocks.
            let departure = SystemClock.wallNanoseconds() + 50_000_000
            let away: Int64 = 1_500_000_000
            let journals = try (0..<2).map { try Self.journal(enrollments[$0], departure: departure, away: away, id: String(format: "%016x", 0xF1EE7 + $0)) }
            let wait = departure + away + 100_000_000 - SystemClock.wallNanoseconds()
            if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait)) }
            let answers = try await StoreContracts.concurrently(2) { index in
                let answer = try servers[index].call("POST", "/v1/players/alice/uploads", body: Array(journals[index].utf8))
                return (status: answer.status, gold: answer.object["gold"] as? Int ?? 0, text: answer.text)
            }
            var paid = 0
            for answer in answers {
                #expect(answer.status == 200, "\(answer.text)")
                paid += answer.gold
            }
            // One journal alone is paid 10 (1 s credited); both together the same 10, not 20.
            #expect(paid == 10, "\(answers.map(\.text))")
            #expect(try test.count("SELECT count(*) FROM playtime_account") == 1)
        }
    }
}
