import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeTestSupport
import Testing

/// A journal written record by record, as a device (honest or not) would, with the server's anchors recorded
/// where the device asked for them (docs/anchors.md).
struct AnchoredJournal {
    var encoder: JournalEncoder
    var bytes: [UInt8]
    let journalID: String
    let player: String
    static let bootID = "7c1d2a9e-0b4f-4c51-8d0e-2b7f4a9c1e35"
    static let second: Int64 = 1_000_000_000

    /// A journal the server enrolled for `player`, its enrollment anchor as record 1.
    init(enrolledBy server: EarningsServer, player: String) throws {
        let enrollment = try server.enroll(player: player)
        let key = try JournalKey(bytes: enrollment.key)
        encoder = JournalEncoder(key: key, journalID: Array(hexDecoding: enrollment.journalID))
        bytes = encoder.headerLine
        journalID = enrollment.journalID
        self.player = player
        try record(token: enrollment.anchor, boot: 0)
    }

    /// A journal under the player's own key, not enrolled (with the id given, or a random one).
    init(key: JournalKey, player: String, journalID id: [UInt8]? = nil) {
        encoder = JournalEncoder(key: key, journalID: id)
        bytes = encoder.headerLine
        journalID = encoder.journalID.map { String(format: "%02x", $0) }.joined()
        self.player = player
    }

    /// Asks `server` for an anchor at the journal's head and records it.
    mutating func anchor(_ server: EarningsServer, boot: Int64, bootID: String = AnchoredJournal.bootID) throws {
        let head = encoder.lastSequence
        let mac = head == 0 ? "" : encoder.headMAC.map { String(format: "%02x", $0) }.joined()
        let anchor = try server.anchor(player: player, journalID: journalID, headSequence: head, headMAC: mac)
        try record(token: anchor.text, boot: boot, bootID: bootID)
    }

    /// Appends an anchor record carrying `token`.
    mutating func record(token: String, boot: Int64, bootID: String = AnchoredJournal.bootID) throws {
        let record = AnchorRecord(token: token, sentBootNanoseconds: boot, receivedBootNanoseconds: boot, bootID: bootID, wallNanoseconds: 0)
        bytes += try encoder.encodeRecord(type: AnchorCodec.recordType, payload: AnchorCodec.encode(record))
    }

    /// One lifecycle record with the clocks given.
    mutating func event(_ kind: SessionEventKind, _ id: String, wall: Int64, boot: Int64, bootID: String, network: NetworkTime?, rate: Int64) throws {
        let evidence = Evidence(
            event: kind, sessionID: id, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
            network: network, connectivity: Connectivity(state: network == nil ? .offline : .online, reason: network == nil ? "no-route" : "ntp-ok"),
            goldPerHour: rate, policyVersion: kind == .background ? RewardPolicy.default.version : "")
        bytes += try encoder.encodeRecord(type: "session." + kind.rawValue, payload: EvidenceCodec.encode(evidence))
    }

    /// One away session the boot clock proves (`awaySeconds` of it), departing at `wall`/`boot`, with a claim-free
    /// return; `policy` is the version the departure snapshots.
    mutating func session(
        _ id: String, wall: Int64, boot: Int64, awaySeconds: Int64, rate: Int64 = 300,
        policy: String = RewardPolicy.default.version
    ) throws {
        let away = awaySeconds * Self.second
        let departure = Evidence(
            event: .background, sessionID: id, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: Self.bootID),
            network: nil, connectivity: Connectivity(state: .offline, reason: "no-route"), goldPerHour: rate, policyVersion: policy)
        let arrival = Evidence(
            event: .foreground, sessionID: id,
            clock: ClockReading(wallNanoseconds: wall + away, bootNanoseconds: boot + away, bootID: Self.bootID),
            network: nil, connectivity: Connectivity(state: .offline, reason: "no-route"))
        bytes += try encoder.encodeRecord(type: "session.background", payload: EvidenceCodec.encode(departure))
        bytes += try encoder.encodeRecord(type: "session.foreground", payload: EvidenceCodec.encode(arrival))
    }
}

/// What a session verified for `seconds` is paid at 300 gold/h under the default policy.
func verifiedGold(_ seconds: Int64) throws -> Int64 {
    try RewardCalculator(policy: .default).calculate(
        RewardClaim(
            creditedSeconds: seconds, status: .verified, goldPerHour: 300,
            requestedMultipliers: [])
    ).paidNow
}

extension Array where Element == UInt8 {
    init(hexDecoding text: String) {
        let digits = Array(text.utf8)
        self = stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(String(decoding: digits[$0...($0 + 1)], as: UTF8.self), radix: 16) ?? 0 }
    }
}

/// No account is paid for more time away than the server's clock saw pass (docs/anchors.md, "Conservation"):
/// through `EarningsServer`, on its file stores, on a manual clock.
@Suite("Time conservation through the server")
struct ConservationTests {
    let s: Int64 = 1_000_000_000
    let hour: Int64 = 3_600_000_000_000

    /// What an honest session verified for `seconds` is paid at 300 gold/h under the default policy.
    func honestGold(_ seconds: Int64) throws -> Int64 { try verifiedGold(seconds) }

    @Test("an enrolled honest journal, anchored at launch, is paid its whole time away, clean")
    func honestEnrolled() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        var journal = try AnchoredJournal(enrolledBy: server, player: "ann")
        let wall = fixture.clock.read().wallNanoseconds
        fixture.clock.advance(nanoseconds: 10 * s)
        try journal.anchor(server, boot: 10 * s)
        try journal.session("00000000000000a1", wall: wall + 20 * s, boot: 20 * s, awaySeconds: 7_200)
        fixture.clock.advance(nanoseconds: 2 * hour + 30 * s)
        let upload = try server.acceptUpload(journal.bytes, player: "ann")
        #expect(upload.paidGold == (try honestGold(7_199)), "\(upload.decision.findings) \(upload.decision.summary)")
        #expect(upload.isClean, "\(upload.decision.findings)")
    }

    @Test("five 8 h sessions forged within 10 s of server time after an anchor are paid for 10 s at most")
    func forgedSessionsBoundedByServerTime() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        var journal = try AnchoredJournal(enrolledBy: server, player: "eve")
        var wall = fixture.clock.read().wallNanoseconds
        var boot: Int64 = 5 * s
        for index in 0..<5 {
            try journal.session("00000000000000b\(index)", wall: wall, boot: boot, awaySeconds: 8 * 3_600)
            wall += 8 * hour + s
            boot += 8 * hour + s
        }
        fixture.clock.advance(nanoseconds: 10 * s)
        let upload = try server.acceptUpload(journal.bytes, player: "eve")
        // 10 s of server time at 300 gold/h is 0 gold: the sessions' 40 h do not fit in 10 s.
        #expect(upload.paidGold == 0, "\(upload.decision.payments)")
        #expect(upload.decision.findings.filter { $0.kind == .timeNotConserved }.count >= 1)
    }

    @Test("an anchor naming a head after the return closes the session's window: 8 h claimed in 1 h of server time pay 1 h")
    func anchorAfterReturnBoundsTheSession() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        var journal = try AnchoredJournal(enrolledBy: server, player: "eve")
        let wall = fixture.clock.read().wallNanoseconds
        try journal.session("00000000000000c1", wall: wall, boot: 5 * s, awaySeconds: 8 * 3_600)
        fixture.clock.advance(nanoseconds: hour)
        try journal.anchor(server, boot: 8 * hour + 10 * s)
        fixture.clock.advance(nanoseconds: 10 * hour)
        let upload = try server.acceptUpload(journal.bytes, player: "eve")
        #expect(upload.paidGold <= (try honestGold(3_600)), "\(upload.paidGold)")
        #expect(upload.paidGold >= (try honestGold(3_599)), "\(upload.paidGold)")
    }

    @Test("two enrolled devices of one account away over the same hours are paid once; another account is not affected")
    func twoDevicesSameHours() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        var phone = try AnchoredJournal(enrolledBy: server, player: "ann")
        var tablet = try AnchoredJournal(enrolledBy: server, player: "ann")
        var other = try AnchoredJournal(enrolledBy: server, player: "bob")
        let wall = fixture.clock.read().wallNanoseconds
        try phone.session("00000000000000d1", wall: wall, boot: 5 * s, awaySeconds: 7_200)
        try tablet.session("00000000000000d2", wall: wall, boot: 5 * s, awaySeconds: 7_200)
        try other.session("00000000000000d3", wall: wall, boot: 5 * s, awaySeconds: 7_200)
        fixture.clock.advance(nanoseconds: 2 * hour + 10 * s)
        let first = try server.acceptUpload(phone.bytes, player: "ann")
        let second = try server.acceptUpload(tablet.bytes, player: "ann")
        #expect(first.paidGold == (try honestGold(7_199)))
        #expect(first.paidGold + second.paidGold <= (try honestGold(7_210)), "\(first.paidGold) + \(second.paidGold) for 2 h 10 s of server time")
        #expect(second.decision.findings.contains { $0.kind == .timeNotConserved })
        #expect(try server.acceptUpload(other.bytes, player: "bob").paidGold == (try honestGold(7_199)))
    }

    @Test("sixty overlapping tickets of one account under fresh session ids pay one hour between them")
    func overlappingTickets() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let tickets = try (0..<60).map { try server.issueTicket(player: "eve", session: "s\($0)").encodedText() }
        fixture.clock.advance(nanoseconds: hour)
        var paid: Int64 = 0
        for ticket in tickets { paid += try server.redeem(ticket, player: "eve").gold }
        #expect(paid == 300, "\(paid) gold for one hour of server time")
    }

    @Test("journals under the player's own key, with no anchor, share one provisional allowance per account")
    func unanchoredShareOnePool() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let key = try JournalKey(bytes: Array("a player's own journal key, 32b".utf8))
        var paid: Int64 = 0
        let wall = fixture.clock.read().wallNanoseconds
        for index in 0..<10 {
            var journal = AnchoredJournal(key: key, player: "eve")
            try journal.session("00000000000000e\(index)", wall: wall, boot: 5 * s, awaySeconds: 8 * 3_600)
            paid += try server.acceptUpload(journal.bytes, player: "eve", key: key).paidGold
        }
        // The provisional cap of the default policy: 3 600 s, for every journal together.
        #expect(paid <= (try honestGold(3_600)), "\(paid)")
        #expect(paid >= (try honestGold(3_599)) - 1, "\(paid)")
    }

    @Test("an anchor that is not the server's places nothing and is reported; a journal the server anchored for another player is refused whole")
    func foreignAnchorsRejected() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        // A token the server never issued (and one that is no token at all): reported, nothing placed by them.
        let otherSecret = try EarningsServer(store: fixture.directory + "/other", ticketSecret: Array("another server's secret, 32 bytes".utf8))
        var journal = try AnchoredJournal(enrolledBy: server, player: "eve")
        let forged = try otherSecret.anchor(
            player: "eve", journalID: journal.journalID, headSequence: 1,
            headMAC: journal.encoder.headMAC.map { String(format: "%02x", $0) }.joined())
        try journal.record(token: forged.text, boot: 0)
        try journal.record(token: "pa1.not-a-token", boot: 0)
        fixture.clock.advance(nanoseconds: 10 * s)
        let upload = try server.acceptUpload(journal.bytes, player: "eve")
        #expect(upload.outcome == .accepted)
        #expect(upload.decision.findings.filter { $0.kind == .anchorRejected }.count == 2, "\(upload.decision.findings)")
        // Eve's journal uploaded by mallory: its enrollment anchor names eve, so it is eve's and nothing is paid
        // or recorded for mallory; eve's own upload of it is still accepted.
        var stolen = try AnchoredJournal(enrolledBy: server, player: "eve")
        try stolen.session("00000000000000a7", wall: fixture.clock.read().wallNanoseconds, boot: 5 * s, awaySeconds: 3_600)
        fixture.clock.advance(nanoseconds: 3_700 * s)
        let thief = try server.acceptUpload(stolen.bytes, player: "mallory")
        #expect(thief.outcome == .rejected && thief.paidGold == 0, "\(thief.decision.findings)")
        #expect(thief.decision.findings.contains { $0.kind == .anchorRejected && $0.detail.contains("another player") })
        let owner = try server.acceptUpload(stolen.bytes, player: "eve")
        let ownerGold = try honestGold(3_599)
        #expect(owner.outcome == .accepted && owner.paidGold == ownerGold, "\(owner.decision.findings)")
    }

    @Test("a journal written under another key with an enrolled journal's id (ids are public) does not take its place")
    func registryKnowsTheKey() throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        var genuine = try AnchoredJournal(enrolledBy: server, player: "eve")
        let wall = fixture.clock.read().wallNanoseconds
        try genuine.session("00000000000000b8", wall: wall, boot: 5 * s, awaySeconds: 3_600)
        // Mallory's own journal, under mallory's own key, carrying eve's journal id, uploaded first and longer.
        let malloryKey = try JournalKey(bytes: Array("mallory's own journal key, 32 b!".utf8))
        var squat = AnchoredJournal(key: malloryKey, player: "mallory", journalID: Array(hexDecoding: genuine.journalID))
        for index in 0..<5 { try squat.session(String(format: "%016x", 0x5A0 + index), wall: wall, boot: 5 * s, awaySeconds: 60) }
        fixture.clock.advance(nanoseconds: 3_700 * s)
        _ = try server.acceptUpload(squat.bytes, player: "mallory", key: malloryKey)
        let upload = try server.acceptUpload(genuine.bytes, player: "eve")
        let gold = try honestGold(3_599)
        #expect(upload.outcome == .accepted && upload.paidGold == gold, "\(upload.decision.findings)")
    }

    /// A departure naming `generous-0` (1 s minimum, 100 % efficiency), retained by the server.
    static var generous: RewardPolicy {
        var policy = RewardPolicy.default
        policy.version = "generous-0"
        policy.minimumAwaySeconds = 1
        policy.efficiencyPercent = 100
        return policy
    }

    @Test(
        "a retained label does not pay a session the server cannot prove departed before its retirement",
        arguments: [
            (retiredAfterSeconds: Int64?.none, anchorBeforeDeparture: true),  // retired at the server's start; anchored after it
            (retiredAfterSeconds: Int64?.some(60), anchorBeforeDeparture: false),  // enrolled before the retirement, departed after it
        ])
    func retiredPolicyLabel(retiredAfterSeconds: Int64?, anchorBeforeDeparture: Bool) throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let start = fixture.clock.read().wallNanoseconds
        let server = try fixture.server {
            $0.retainedPolicies = [Self.generous]
            if let retiredAfterSeconds { $0.policyRetirements = ["generous-0": start + retiredAfterSeconds * 1_000_000_000] }
        }
        var journal = try AnchoredJournal(enrolledBy: server, player: "eve")
        fixture.clock.advance(nanoseconds: 100 * s)
        if anchorBeforeDeparture { try journal.anchor(server, boot: 100 * s) }
        try journal.session("00000000000000f1", wall: start + 120 * s, boot: 120 * s, awaySeconds: 600, policy: "generous-0")
        fixture.clock.advance(nanoseconds: hour)
        let upload = try server.acceptUpload(journal.bytes, player: "eve")
        #expect(upload.decision.findings.contains { $0.kind == .retiredPolicy }, "\(upload.decision.findings)")
        let claim = RewardClaim(creditedSeconds: 599, status: .verified, goldPerHour: 300, requestedMultipliers: [])
        let underDefault = try RewardCalculator(policy: .default).calculate(claim).paidNow
        let underLabel = try RewardCalculator(policy: Self.generous).calculate(claim).paidNow
        #expect(underLabel > underDefault)
        #expect(upload.paidGold == underDefault, "\(upload.paidGold)")
    }
}
