import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeGuardC
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

extension CInterfaceTests {
    static let secret = Array("the game server's secret for C tests".utf8)

    /// The game's server on the fixture's clock (its store beside the game's directory).
    static func server(_ fixture: CFixture) throws -> EarningsServer {
        var configuration = ServerConfiguration()
        configuration.clock = fixture.clock
        return try EarningsServer(store: fixture.directory + "-server", ticketSecret: secret, configuration: configuration)
    }

    @Test(
        "An enrollment text opens the journal; the server's anchor for a request is recorded once, settles the reboot, and the upload pays what the device paid"
    )
    func anchorsThroughC() async throws {
        let fixture = CFixture()
        defer {
            fixture.cleanUp()
            try? FileManager.default.removeItem(atPath: fixture.directory + "-server")
        }
        let server = try Self.server(fixture)
        let enrollment = try await server.enroll(player: "ann")
        let configuration = #"{"enrollment":"\#(enrollment.text)"}"#
        fixture.network.set(.unreachable)
        let (handle, first, request) = try await offPool { () throws -> (UInt64, [[String: any Sendable]], String?) in
            let departed = try fixture.open(configuration)
            let launched = CAnswer { ptgLaunch(departed, nil, $0) }
            #expect(launched.payouts.isEmpty)
            _ = CAnswer { ptgBackground(departed, 600, $0) }
            #expect(ptgClose(departed) == 0)
            fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 2 * Self.hour - 300 * Self.s, uptimeNanoseconds: 300 * Self.s)
            let handle = try fixture.open(configuration)
            let first = CAnswer { ptgLaunch(handle, nil, $0) }.payouts
            return (handle, first, CAnswer { ptgAnchorRequest(handle, $0) }.object["text"] as? String)
        }
        #expect(first.count == 1)
        #expect((first.first?["goldInEscrow"] as? NSNumber)?.int64Value ?? 0 > 0, "provisional after the reboot: part held")

        // One contact: the request, 20 ms each way, the server's token recorded: a fix that settles the session.
        let text = try #require(request)
        #expect(text.hasPrefix("pr1." + enrollment.journalID + "."))
        fixture.clock.advance(nanoseconds: 20_000_000)
        let token = try await server.anchor(text, player: "ann")
        fixture.clock.advance(nanoseconds: 20_000_000)
        let journalID = enrollment.journalID
        let (settled, again, stale, unknown) = try await offPool {
            (
                CAnswer { ptgRecordAnchor(handle, text, token, $0) }, CAnswer { ptgRecordAnchor(handle, text, token, $0) },
                CAnswer { ptgRecordAnchor(handle, text, "pa1.not-a-token", $0) },
                CAnswer { ptgRecordAnchor(handle, "pr1." + journalID + ".99.-", token, $0) }
            )
        }
        #expect(settled.status == 0, "\(settled.json)")
        #expect(settled.payouts.count == 1)
        #expect(again.status == 0 && again.payouts.isEmpty, "the same token again writes and pays nothing")
        #expect(stale.status == 1 && stale.code == "anchor", "\(stale.json)")
        #expect(unknown.status == 7 && unknown.code == "unknown-anchor-request", "\(unknown.json)")
        let device = (first + settled.payouts).compactMap { ($0["goldNow"] as? NSNumber)?.int64Value }.reduce(0, +)
        let closed = try await offPool { ptgClose(handle) }
        #expect(closed == 0)

        fixture.clock.advance(nanoseconds: 10 * Self.s)
        let journal = try Data(contentsOf: URL(fileURLWithPath: fixture.directory + "/journal.jsonl"))
        let upload = try await server.acceptUpload(Array(journal), player: "ann")
        #expect(upload.isClean)
        #expect(upload.paidGold == device, "the server pays what the device paid through C")
    }

    @Test("The asynchronous record_anchor calls back once, on a thread of the library, with the blocking form's JSON")
    func asynchronousAnchor() async throws {
        let fixture = CFixture()
        defer { fixture.cleanUp() }
        try await offPool { try Self.asynchronousAnchor(fixture) }
    }

    static func asynchronousAnchor(_ fixture: CFixture) throws {
        let handle = try fixture.open()
        let request = try #require(CAnswer { ptgAnchorRequest(handle, $0) }.object["text"] as? String)
        let replies = CallbackReplies()
        let started = ptgRecordAnchorAsync(handle, request, "pa1.bad", CallbackReplies.record, Unmanaged.passUnretained(replies).toOpaque())
        #expect(started == 0)
        let reply = try #require(replies.wait())
        #expect(reply.status == 1)
        #expect(reply.json.contains(#""code":"anchor""#))
        #expect(!reply.onCallerThread)
        #expect(ptgRecordAnchorAsync(handle, request, "pa1.bad", nil, nil) == 2, "no callback: PTG_NULL_ARGUMENT")
        #expect(ptgClose(handle) == 0)
        #expect(replies.count == 1, "called exactly once")
    }
}

/// Replies a C callback delivered (the user data of the tests' asynchronous calls).
final class CallbackReplies: @unchecked Sendable {
    // @unchecked: every field is touched only while `condition` is locked.
    private let condition = NSCondition()
    private var replies: [(status: Int32, json: String, onCallerThread: Bool)] = []
    private let caller = Thread.current

    /// The callback: copies the JSON (the library frees it after this returns).
    static let record: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = { userData, status, json in
        guard let userData else { return }
        let replies = Unmanaged<CallbackReplies>.fromOpaque(userData).takeUnretainedValue()
        replies.condition.lock()
        replies.replies.append((status, json.map { String(cString: $0) } ?? "", Thread.current == replies.caller))
        replies.condition.broadcast()
        replies.condition.unlock()
    }

    /// The first reply, waiting up to 10 s for it.
    func wait() -> (status: Int32, json: String, onCallerThread: Bool)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(10)
        while replies.isEmpty, condition.wait(until: deadline) {}
        return replies.first
    }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return replies.count
    }
}
