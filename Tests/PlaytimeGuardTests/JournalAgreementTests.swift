import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PropertyTesting
import Testing

/// The client and the server compute the same gold from the same journal.
@Suite("Client and server agree")
struct JournalAgreementTests {
    static let calculator = try! RewardCalculator(policy: .default)
    static let key = try! JournalKey(bytes: Array(repeating: 0x42, count: 32))

    /// Gold per session from timelines, as both sides compute it.
    static func gold(_ timelines: [SessionTimeline], serverNow: Int64) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for timeline in timelines {
            let verdict = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: serverNow)
            result[timeline.sessionID] = (try? calculator.calculate(verdict, of: timeline, requestedMultipliers: ["ad"]))?.paidNow ?? -1
        }
        return result
    }

    @Test(
        "encode to a journal, read back through JournalReader + SessionAssembler + verdict: same gold as in process",
        arguments: [1, 2])
    func sameGold(version: Int) throws {
        let directory = (FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()) + "/playtime-agree-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases = AwayGen.adversarial.array(count: 1...4)
        var counter = 0
        try PropertyCheck.check(cases, name: "client gold == server gold") { values in
            counter += 1
            var evidence: [Evidence] = []
            for (index, value) in values.enumerated() {
                let timeline = value.timeline
                for var item in [timeline.departure, timeline.arrival!] + (timeline.laterProof.map { [$0] } ?? []) {
                    item.sessionID = item.event == .settlement || item.sessionID.isEmpty ? item.sessionID : "s\(index)"
                    item.payloadVersion = Int64(version)
                    // Version 2 (docs/journal-format.md §13): a return after a reboot carries the device's asserted uptime.
                    if version == 2, item.event == .foreground || item.event == .launch,
                        item.clock.bootID != timeline.departure.clock.bootID, item.clock.bootID != nil
                    {
                        item.rebootCreditNanoseconds = max(0, item.clock.bootNanoseconds)
                    }
                    evidence.append(item)
                }
            }
            let serverNow = values.map(\.serverNow).max() ?? 0
            // Client: the evidence values it recorded, assembled in process.
            var assembler = SessionAssembler()
            var client: [SessionTimeline] = []
            for (offset, item) in evidence.enumerated() { client += assembler.add(sequence: UInt64(offset + 1), evidence: item) }
            client += assembler.finish()
            // Server: the same evidence through the journal file.
            let path = directory + "/case-\(counter).journal"
            do {
                var writer = try JournalWriter(path: path, key: Self.key, newJournalVersion: version)
                for item in evidence { try writer.append(type: item.event.recordType, payload: EvidenceCodec.encode(item)) }
                try writer.close()
            }
            var server: [SessionTimeline] = []
            let verification = try SessionJournal.read(path: path, key: Self.key) { server.append($0) }
            try? FileManager.default.removeItem(atPath: path)
            try PropertyCheck.expect(verification.isIntact, "journal did not verify")
            try PropertyCheck.expect(client == server, "timelines differ")
            try PropertyCheck.expect(Self.gold(client, serverNow: serverNow) == Self.gold(server, serverNow: serverNow), "gold differs")
        }
    }
}
