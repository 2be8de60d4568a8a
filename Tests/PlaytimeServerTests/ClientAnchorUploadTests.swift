import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// The device side of anchors (OfflineEarnings with an enrollment, anchorRequest, recordAnchor) against the
/// server's (EarningsServer.enroll, anchor, acceptUpload): what the facade writes is what the server verifies.
@Suite("Client anchors uploaded to the server")
struct ClientAnchorUploadTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    func game(_ fixture: ServerFixture, _ enrollment: Enrollment) throws -> OfflineEarnings {
        var configuration = EarningsConfiguration()
        configuration.clock = fixture.clock
        configuration.networkTime = fixture.network
        configuration.connectivityProbe = fixture.probe
        configuration.enrollment = enrollment
        return try OfflineEarnings(directory: fixture.directory + "/game", configuration: configuration)
    }

    /// One contact with the server: the request, 20 ms each way, the answer recorded; the payouts it settled.
    func contact(_ game: OfflineEarnings, _ server: EarningsServer, _ fixture: ServerFixture) throws -> [AwayPayout] {
        let request = game.anchorRequest()
        fixture.clock.advance(nanoseconds: 20_000_000)
        let anchor = try server.anchor(player: "ann", journalID: request.journalID, headSequence: request.headSequence, headMAC: request.headMAC)
        fixture.clock.advance(nanoseconds: 20_000_000)
        return try game.recordAnchor(anchor.text, for: request)
    }

    @Test("An enrolled game's reboot without NTP, anchored in both boots: verified on the device and paid the same on upload, every anchor verified")
    func rebootWithoutNTP() async throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        fixture.network.set(.unreachable)
        let server = try fixture.server()
        let enrollment = try await server.enroll(player: "ann")
        var earnings: OfflineEarnings? = try game(fixture, enrollment)
        #expect(try await earnings!.launch() == nil)
        #expect(try contact(earnings!, server, fixture).isEmpty)
        fixture.clock.advance(nanoseconds: 60 * s)
        _ = try earnings!.background(goldPerHour: 600)
        earnings = nil
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 2 * hour - 300 * s, uptimeNanoseconds: 300 * s)
        earnings = try game(fixture, enrollment)
        let first = try #require(try await earnings!.launch())
        #expect(first.verdict.status == .provisional)
        let settled = try contact(earnings!, server, fixture)
        let topUp = try #require(settled.first)
        #expect(topUp.verdict.status == .verified)
        #expect(topUp.verdict.method == .network)
        let device = first.goldNow + topUp.goldNow

        fixture.clock.advance(nanoseconds: 10 * s)
        let upload = try await server.acceptUpload(try fixture.journalBytes(), player: "ann")
        #expect(upload.decision.findings.allSatisfy { $0.kind != .anchorRejected }, "\(upload.decision.findings)")
        #expect(upload.paidGold == device, "\(upload.decision.findings) \(upload.decision.payments)")
        #expect(upload.isClean, "\(upload.decision.findings)")
    }
}
