@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal

/// Journals built in memory (no fsync per record) for the cost tests and benchmarks: the inputs that once cost
/// more than linear time, and plain journals of the same size to compare them with (docs/fleet.md, "Limits and
/// cost"). All in one boot, starting at ``start`` (true Unix time, every clock honest unless said otherwise);
/// judge them as of ``judgedAfter``.
package enum CostlyJournals {
    /// The first departure's Unix time (2026-12-01).
    package static let start: Int64 = 1_796_083_200_000_000_000
    /// A server clock after every record these journals hold (2200-01-01).
    package static let judgedAfter: Int64 = 7_258_118_400_000_000_000
    private static let bootID = "6f1c2a7e-93b4-4c51-8d0e-2b7f4a9c1e35"
    private static let second: Int64 = 1_000_000_000

    /// `count` network-proven sessions (departure and return, both with network time; `claims` adds each
    /// session's exact claim), each away 60 s to an hour, half an hour of play between them: each one credited
    /// at least the policy's minimum is paid and places an interval in the account. Session ids are 16 hex
    /// digits derived from `salt` and the index; `journalID` (16 bytes) names the device, random by default.
    package static func networkSessions(
        count: Int, key: JournalKey, claims: Bool = false, salt: UInt64 = 0,
        journalID: [UInt8]? = nil
    ) throws -> [UInt8] {
        var encoder = JournalEncoder(key: key, journalID: journalID)
        var bytes = encoder.headerLine
        let calculator = try RewardCalculator(policy: .default)
        var wall = start
        var boot = 5 * second
        for index in 0..<count {
            try appendSession(
                index: index, salt: salt, wall: &wall, boot: &boot, claim: claims ? calculator : nil,
                encoder: &encoder, into: &bytes)
        }
        return bytes
    }

    /// A plain journal of honest sessions with their claims, at least `byteCount` bytes long: the control.
    package static func plain(byteCount: Int, key: JournalKey) throws -> [UInt8] {
        var encoder = JournalEncoder(key: key)
        var bytes = encoder.headerLine
        let calculator = try RewardCalculator(policy: .default)
        var wall = start
        var boot = 5 * second
        var index = 0
        while bytes.count < byteCount {
            try appendSession(index: index, salt: 0x5eed, wall: &wall, boot: &boot, claim: calculator, encoder: &encoder, into: &bytes)
            index += 1
        }
        return bytes
    }

    /// `held` returns that wait for later proof (in one boot, network time says 2 000 s less than the boot
    /// clock: one of them lies), then `heartbeats` heartbeats of that boot. With `heartbeatNetwork` each
    /// heartbeat carries network time that agrees with the returns, not the departures, so it settles none of
    /// them and every one is checked against every held return: the costliest input for the held set.
    package static func heldReturns(_ held: Int, heartbeats: Int, heartbeatNetwork: Bool, key: JournalKey) throws -> [UInt8] {
        var encoder = JournalEncoder(key: key)
        var bytes = encoder.headerLine
        var wall = start
        var boot = 5 * second
        // Two thousand seconds a session: more than the drift allowance over the whole journal, so no fix settles one.
        let short = 2_000 * second
        var lag: Int64 = 0
        for index in 0..<held {
            let id = sessionID(index, salt: 0x48e1d)
            let away = 3_600 * second
            let departure = Evidence(
                event: .background, sessionID: id, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
                network: NetworkTime(unixNanoseconds: wall - lag, errorBoundNanoseconds: 2_000_000),
                connectivity: Connectivity(state: .online, reason: "ntp-ok"), goldPerHour: 600, policyVersion: RewardPolicy.default.version)
            lag += short
            let arrival = Evidence(
                event: .foreground, sessionID: id, clock: ClockReading(wallNanoseconds: wall + away, bootNanoseconds: boot + away, bootID: bootID),
                network: NetworkTime(unixNanoseconds: wall + away - lag, errorBoundNanoseconds: 2_000_000),
                connectivity: Connectivity(state: .online, reason: "ntp-ok"))
            bytes += try encoder.encodeRecord(type: "session.background", payload: EvidenceCodec.encode(departure))
            bytes += try encoder.encodeRecord(type: "session.foreground", payload: EvidenceCodec.encode(arrival))
            wall += away + 60 * second
            boot += away + 60 * second
        }
        for _ in 0..<heartbeats {
            let beat = Evidence(
                event: .heartbeat, sessionID: "", clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
                network: heartbeatNetwork ? NetworkTime(unixNanoseconds: wall - lag, errorBoundNanoseconds: 2_000_000) : nil,
                connectivity: Connectivity(state: .online, reason: "ntp-ok"), goldPerHour: 600, policyVersion: RewardPolicy.default.version)
            bytes += try encoder.encodeRecord(type: "session.heartbeat", payload: EvidenceCodec.encode(beat))
            wall += 60 * second
            boot += 60 * second
        }
        return bytes
    }

    /// One network-proven session followed by `claims` claims, each naming `names` distinct multipliers
    /// (none of them in the policy; all distinct across the claims too): the distinct-name check's costliest
    /// input. The writer refuses a payload over 512 KiB: about 80 000 names of three characters.
    package static func multiplierClaims(_ claims: Int, names: Int, key: JournalKey) throws -> [UInt8] {
        var encoder = JournalEncoder(key: key)
        var bytes = encoder.headerLine
        var wall = start
        var boot = 5 * second
        try appendSession(index: 0, salt: 0x3417, wall: &wall, boot: &boot, claim: nil, encoder: &encoder, into: &bytes)
        let id = sessionID(0, salt: 0x3417)
        for claim in 0..<claims {
            let multipliers = (0..<names).map { shortName(claim * names + $0) }
            let record = ClaimRecord(
                sessionID: id, creditedSeconds: 60, status: .verified, paidGold: 0, escrowedGold: 0,
                multipliers: multipliers, goldPerHour: 600, policyVersion: RewardPolicy.default.version)
            bytes += try encoder.encodeRecord(type: ClaimRecord.recordType, payload: ClaimCodec.encode(record))
        }
        return bytes
    }

    /// `index` in base 62 (digits, then lower and upper case letters): the shortest distinct names.
    private static func shortName(_ index: Int) -> String {
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var value = index
        var name = ""
        repeat {
            name.append(digits[value % 62])
            value /= 62
        } while value > 0
        return name
    }

    /// 16 hex digits, distinct for distinct indexes under one salt.
    package static func sessionID(_ index: Int, salt: UInt64) -> String {
        let value = (UInt64(index) ^ salt) &* 0x9E37_79B9_7F4A_7C15
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func appendSession(
        index: Int, salt: UInt64, wall: inout Int64, boot: inout Int64, claim calculator: RewardCalculator?,
        encoder: inout JournalEncoder, into bytes: inout [UInt8]
    ) throws {
        let id = sessionID(index, salt: salt)
        let away = Int64(60 + (index * 7_919) % 3_540) * second
        try appendClaimedSession(
            id: id, wall: wall, boot: boot, bootID: bootID, away: away, calculator: calculator,
            encoder: &encoder, into: &bytes)
        // Half an hour of play before the next departure: sessions never overlap and claims stay within the
        // daily budget.
        wall += away + 1_800 * second
        boot += away + 1_800 * second
    }
}
