import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

/// A game server's side of anchors for these tests: one secret, enrollments and answers to `POST /anchor`
/// issued at the manual clock's wall time (the true time: these tests never move the wall clock).
struct AnchorTestServer {
    let secret = Array("the game server's secret, 32 bytes".utf8)
    var key: AnchorKey { AnchorKey(serverSecret: secret) }
    let clock: ManualClock

    /// An enrollment of a fresh journal id, its anchor issued now.
    func enroll(account: String = "player-1", idByte: UInt8 = 0x42) -> Enrollment {
        let id = [UInt8](repeating: idByte, count: 16)
        let hex = id.map { String(format: "%02x", $0) }.joined()
        let anchor = key.issue(serverNanoseconds: clock.read().wallNanoseconds, account: account, journalID: hex, headSequence: 0, headMAC: "")
        return Enrollment(journalID: hex, key: JournalKey.derivedBytes(serverSecret: secret, journalID: id), anchor: anchor.text)
    }

    /// The answer to `request`: issued `delay` after it left, and arriving `delay` after that (a round trip of 2 × delay).
    func answer(_ request: AnchorRequest, delay: Int64 = 20_000_000, account: String = "player-1", time: Int64? = nil) -> String {
        clock.advance(nanoseconds: delay)
        let token = key.issue(
            serverNanoseconds: time ?? clock.read().wallNanoseconds, account: account, journalID: request.journalID,
            headSequence: request.headSequence, headMAC: request.headMAC)
        clock.advance(nanoseconds: delay)
        return token.text
    }
}

@Suite("Offline earnings: server anchors and enrollment")
struct OfflineEarningsAnchorTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    func records(_ fixture: EarningsFixture, key: JournalKey) throws -> [JournalRecord] {
        var records: [JournalRecord] = []
        let verification = try JournalReader.read(path: fixture.directory + "/journal.jsonl", key: key) { records.append($0) }
        #expect(verification.isIntact)
        return records
    }

    func open(_ fixture: EarningsFixture, _ enrollment: Enrollment?) throws -> OfflineEarnings {
        var configuration = fixture.configuration()
        configuration.enrollment = enrollment
        return try OfflineEarnings(directory: fixture.directory, configuration: configuration)
    }

    @Test("An enrollment creates the journal with its id and key; its anchor is the first record, written once")
    func enrollmentCreatesJournal() throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let server = AnchorTestServer(clock: fixture.clock)
        let enrollment = server.enroll()
        var earnings: OfflineEarnings? = try open(fixture, enrollment)
        #expect(!earnings!.createdKey)
        #expect(!FileManager.default.fileExists(atPath: fixture.directory + "/player.key"), "no key file is created")
        let key = try JournalKey(bytes: enrollment.key)
        #expect(earnings!.journalKey.keyID == key.keyID)
        #expect(earnings!.anchorRequest().journalID == enrollment.journalID)
        let written = try records(fixture, key: key)
        #expect(written.map(\.type) == ["anchor"])
        let first = try #require(AnchorCodec.decode(written[0].payload))
        #expect(first.token == enrollment.anchor)
        #expect(first.bootID == nil, "the enrollment's round trip was not measured: no fix")
        earnings = nil
        earnings = try open(fixture, enrollment)
        _ = try earnings!.background(goldPerHour: 600)
        #expect(try records(fixture, key: key).map(\.type) == ["anchor", "session.background"], "reopening writes the enrollment once")
        #expect(earnings!.anchorRequest().headSequence == 2)
    }

    @Test("A journal of another id is refused under an enrollment, untouched; an enrollment naming another journal is refused")
    func otherJournalRefused() throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let server = AnchorTestServer(clock: fixture.clock)
        let first = server.enroll(idByte: 0x01)
        _ = try open(fixture, first)
        let path = fixture.directory + "/journal.jsonl"
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var second = server.enroll(idByte: 0x02)
        second.key = first.key  // the same key: only the id differs
        #expect(throws: EarningsError.recorder(.journal(.otherJournal(expected: second.journalID, found: first.journalID)))) {
            _ = try open(fixture, second)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        var mismatched = first
        mismatched.journalID = second.journalID
        #expect(throws: EarningsError.anchor(.wrongJournal)) { _ = try open(fixture, mismatched) }
        // Without an enrollment a journal keeps its random id.
        let plain = try EarningsFixture()
        defer { plain.cleanUp() }
        #expect(try plain.open().anchorRequest().journalID != first.journalID)
    }

    @Test("recordAnchor refuses another journal's token, an older head, a malformed token and a time that is no fix; nothing is written")
    func recordAnchorChecks() throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let server = AnchorTestServer(clock: fixture.clock)
        let enrollment = server.enroll()
        let earnings = try open(fixture, enrollment)
        let key = try JournalKey(bytes: enrollment.key)
        let old = earnings.anchorRequest()
        let oldToken = server.answer(old)
        _ = try earnings.heartbeat(goldPerHour: 600)
        let request = earnings.anchorRequest()
        #expect(request.headSequence == old.headSequence + 1)
        let count = try records(fixture, key: key).count

        #expect(throws: EarningsError.anchor(.wrongHead("it names record 1, the request reported record 2"))) {
            _ = try earnings.recordAnchor(oldToken, for: request)
        }
        let other = server.key.issue(
            serverNanoseconds: 1, account: "player-1", journalID: String(repeating: "9", count: 32),
            headSequence: request.headSequence, headMAC: request.headMAC)
        #expect(throws: EarningsError.anchor(.wrongJournal)) { _ = try earnings.recordAnchor(other.text, for: request) }
        let sameSequence = server.key.issue(
            serverNanoseconds: 1, account: "player-1", journalID: request.journalID,
            headSequence: request.headSequence, headMAC: String(repeating: "0", count: 64))
        #expect(throws: EarningsError.anchor(.wrongHead("it names record 2, the request reported record 2 with another MAC"))) {
            _ = try earnings.recordAnchor(sameSequence.text, for: request)
        }
        #expect(throws: EarningsError.anchor(.malformed("not a pa1 anchor"))) { _ = try earnings.recordAnchor("pa1.x", for: request) }
        // Time 0 with an odd round trip: the earliest time the fix allows is before 1970.
        let zero = server.key.issue(
            serverNanoseconds: 0, account: "player-1", journalID: request.journalID,
            headSequence: request.headSequence, headMAC: request.headMAC)
        fixture.clock.advance(nanoseconds: 3)
        #expect(throws: EarningsError.anchor(.malformed("its time is no fix: 0 ns with a round trip of 3 ns"))) {
            _ = try earnings.recordAnchor(zero.text, for: request)
        }
        #expect(try records(fixture, key: key).count == count, "nothing written")

        // The right answer is written once, however often it is handed over.
        let token = server.answer(request)
        #expect(try earnings.recordAnchor(token, for: request).isEmpty)
        #expect(try earnings.recordAnchor(token, for: request).isEmpty)
        let after = try records(fixture, key: key)
        #expect(after.count == count + 1)
        #expect(after.last?.type == "anchor")
        #expect(AnchorCodec.decode(after.last!.payload)?.token == token)
    }

    @Test("An answer arriving after more than 64 records is refused (a server would not place it); 64 back is recorded")
    func headReach() throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        let server = AnchorTestServer(clock: fixture.clock)
        let earnings = try open(fixture, server.enroll())
        let late = earnings.anchorRequest()
        for _ in 0..<64 { _ = try earnings.heartbeat(goldPerHour: 600) }
        #expect(throws: EarningsError.anchor(.wrongHead("it names record 1, more than 64 records back: ask again"))) {
            _ = try earnings.recordAnchor(server.answer(late), for: late)
        }
        let request = earnings.anchorRequest()
        for _ in 0..<63 { _ = try earnings.heartbeat(goldPerHour: 600) }
        #expect(try earnings.recordAnchor(server.answer(request), for: request).isEmpty)
        #expect(earnings.anchorRequest().headSequence == request.headSequence + 64)
    }

    @Test("The anchor's round trip is a fix: departures carry network time from it, before and after a reopen")
    func replayAfterReopen() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.unreachable)
        let server = AnchorTestServer(clock: fixture.clock)
        let enrollment = server.enroll()
        var earnings: OfflineEarnings? = try open(fixture, enrollment)
        #expect(try await earnings!.launch() == nil)
        let request = earnings!.anchorRequest()
        let token = server.answer(request, delay: 30_000_000)
        let issuedAt = try ServerAnchor(text: token).serverNanoseconds
        #expect(try earnings!.recordAnchor(token, for: request).isEmpty)
        fixture.clock.advance(nanoseconds: 10 * s)
        let departure = try earnings!.background(goldPerHour: 600)
        let network = try #require(departure.evidence.network)
        // Token time + half the 60 ms round trip at the answer, then 10 s along the boot clock (drift: 100 ppm).
        #expect(network.unixNanoseconds == issuedAt + 30_000_000 + 10 * s)
        #expect(network.errorBoundNanoseconds == 30_000_000 + 1_000_000)
        _ = try await earnings!.foreground()
        earnings = nil
        fixture.clock.advance(nanoseconds: 20 * s)
        earnings = try open(fixture, enrollment)
        let again = try earnings!.background(goldPerHour: 600)
        #expect(again.evidence.network?.unixNanoseconds == issuedAt + 30_000_000 + 30 * s)
        // The reopened process knows the token: handing it over again writes nothing.
        let key = try JournalKey(bytes: enrollment.key)
        let count = try records(fixture, key: key).count
        #expect(try earnings!.recordAnchor(token, for: request).isEmpty)
        #expect(try records(fixture, key: key).count == count)
    }

    /// The issue's case: a reboot while away, no NTP ever; the departure boot saw its server (an anchor at
    /// launch), the return boot sees it after the return. `anchorInDepartureBoot` false: today's behaviour.
    func rebootWithoutNTP(anchorInDepartureBoot: Bool) async throws -> (first: AwayPayout, settled: [AwayPayout], awaiting: [String]) {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.unreachable)
        let server = AnchorTestServer(clock: fixture.clock)
        let enrollment = server.enroll()
        var earnings: OfflineEarnings? = try open(fixture, enrollment)
        #expect(try await earnings!.launch() == nil)
        if anchorInDepartureBoot {
            let request = earnings!.anchorRequest()
            #expect(try earnings!.recordAnchor(server.answer(request), for: request).isEmpty)
        }
        fixture.clock.advance(nanoseconds: 60 * s)
        let departure = try earnings!.background(goldPerHour: 600)
        #expect((departure.evidence.network != nil) == anchorInDepartureBoot)
        earnings = nil
        // Two hours away in all: down for 2 h less 5 min, then 5 min of the new boot before the relaunch.
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 2 * hour - 300 * s, uptimeNanoseconds: 300 * s)
        earnings = try open(fixture, enrollment)
        let first = try #require(try await earnings!.launch())
        #expect(first.verdict.status == .provisional)
        #expect(first.awaitingProof)
        #expect(try await earnings!.settle().isEmpty, "no NTP: nothing settles")
        let request = earnings!.anchorRequest()
        let settled = try earnings!.recordAnchor(server.answer(request), for: request)
        return (first, settled, earnings!.sessionsAwaitingProof)
    }

    @Test("A reboot without any NTP fix: an anchor in the departure boot and one after the return verify the session, paid in full")
    func rebootSettledByAnchors() async throws {
        let (first, settled, awaiting) = try await rebootWithoutNTP(anchorInDepartureBoot: true)
        // The provisional share of the new boot's 5 min of uptime (half now), as without anchors.
        #expect(first.goldNow <= 13)
        #expect(settled.count == 1)
        let topUp = try #require(settled.first)
        #expect(topUp.sessionID == first.sessionID)
        #expect(topUp.verdict.status == .verified)
        #expect(topUp.verdict.method == .network)
        // Two hours, less the fixes' error bounds (20 ms each, plus drift) rounded down to whole seconds.
        #expect((7_199...7_200).contains(topUp.verdict.creditedSeconds))
        // The default policy pays 300 gold for each of the first 2 h: about 600 in all.
        #expect(first.goldNow + topUp.goldNow == topUp.claim.paidGold)
        #expect((599...600).contains(topUp.claim.paidGold))
        #expect(topUp.claim.status == .verified)
        #expect(!topUp.awaitingProof)
        #expect(awaiting.isEmpty)
    }

    @Test("Without an anchor in the departure boot the old behaviour stands: provisional, an anchor after the return settles nothing")
    func rebootWithoutDepartureAnchor() async throws {
        let (first, settled, awaiting) = try await rebootWithoutNTP(anchorInDepartureBoot: false)
        #expect(first.goldNow <= 13)
        // The anchor after the return is this boot's fix: it settles the wait, but with no network time at the
        // departure it proves no more than the boot clock did; nothing more is paid.
        #expect(settled.count == 1)
        #expect(settled.allSatisfy { $0.goldNow == 0 && $0.verdict.status == .provisional })
        #expect(awaiting.isEmpty)
    }

    @Test("An anchor in the return boot before the return: the return itself carries the server's time and is verified")
    func anchorBeforeReturn() async throws {
        let fixture = try EarningsFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.unreachable)
        let server = AnchorTestServer(clock: fixture.clock)
        let enrollment = server.enroll()
        var earnings: OfflineEarnings? = try open(fixture, enrollment)
        var request = earnings!.anchorRequest()
        #expect(try earnings!.recordAnchor(server.answer(request), for: request).isEmpty)
        _ = try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: hour, uptimeNanoseconds: 60 * s)
        earnings = try open(fixture, enrollment)
        request = earnings!.anchorRequest()
        #expect(try earnings!.recordAnchor(server.answer(request), for: request).isEmpty, "nothing waits yet")
        let paid = try #require(try await earnings!.launch())
        #expect(paid.verdict.status == .verified)
        #expect(paid.verdict.method == .network)
        #expect(!paid.awaitingProof)
        #expect((3_659...3_660).contains(paid.verdict.creditedSeconds))
    }
}
