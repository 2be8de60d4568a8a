import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// The server's ``ServerConfiguration/limits`` reach its upload gate: an upload beyond one is refused with
/// ``UploadError/overLimit(_:)`` naming the limit and its figure, and nothing is paid (docs/fleet.md, "Limits
/// and cost").
@Suite("Earnings server: input limits")
struct ServerLimitTests {
    static let key = try! JournalKey(bytes: Array(repeating: 0x42, count: 32))

    func server(_ fixture: ServerFixture, _ limits: (inout InputLimits) -> Void) throws -> EarningsServer {
        try fixture.server { configuration in
            configuration.clock = ManualClock(wallNanoseconds: CostlyJournals.judgedAfter)
            limits(&configuration.limits)
        }
    }

    func refusal(_ body: () throws(ServerError) -> UploadPayout) -> LimitExceeded? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case .overLimit(let exceeded)? = error.uploadError else { return nil }
            return exceeded
        }
    }

    @Test("an upload over the byte limit is refused before it is stored; one at the limit is paid")
    func bytes() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let journal = try CostlyJournals.networkSessions(count: 4, key: Self.key)
        let tight = try server(fixture) { $0.bytesPerUpload = journal.count - 1 }
        #expect(refusal { () throws(ServerError) in try tight.acceptUpload(journal, player: "p1", key: Self.key) } == .bytes(limit: journal.count - 1))
        let exact = try server(fixture) { $0.bytesPerUpload = journal.count }
        let payout = try exact.acceptUpload(journal, player: "p1", key: Self.key)
        #expect(payout.outcome == .accepted && payout.paidGold > 0)
    }

    @Test("an upload with more sessions than the limit pays nothing, and the refusal says so in plain words")
    func sessions() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let journal = try CostlyJournals.networkSessions(count: 4, key: Self.key)
        let server = try server(fixture) { $0.sessions = 3 }
        do {
            _ = try server.acceptUpload(journal, player: "p1", key: Self.key)
            Issue.record("an upload over the session limit was accepted")
        } catch {
            guard case .overLimit(.sessions(limit: 3))? = error.uploadError else {
                Issue.record("refused for another reason: \(error)")
                return
            }
            #expect(error.description == "refused unjudged: the upload holds more than 3 sessions (the limit on sessions per journal); nothing was paid")
        }
        // Nothing was recorded either: the same journal under a wider limit is a first upload, paid in full.
        let wider = try self.server(fixture) { $0.sessions = 4 }
        let payout = try wider.acceptUpload(journal, player: "p1", key: Self.key)
        #expect(payout.outcome == .accepted && payout.paidGold > 0)
    }
}
