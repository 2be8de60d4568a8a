@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal

/// Appends one honest network-proven session to `buffer`: its departure and return, `away` nanoseconds apart in
/// one boot, and, with a `calculator`, the claim the game would write. The record triple (or pair) the cost
/// journals (``CostlyJournals``) and the benchmarks' journal generators (`gen-journal`, `gen-journals`) write.
package func appendClaimedSession(
    id: String, wall: Int64, boot: Int64, bootID: String, away: Int64, calculator: RewardCalculator?,
    encoder: inout JournalEncoder, into buffer: inout [UInt8]
) throws {
    let departure = Evidence(
        event: .background, sessionID: id, clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
        network: NetworkTime(unixNanoseconds: wall + 1_200_000, errorBoundNanoseconds: 2_500_000),
        connectivity: Connectivity(state: .online, reason: "ntp-ok"), goldPerHour: 600, policyVersion: RewardPolicy.default.version)
    let arrival = Evidence(
        event: .foreground, sessionID: id, clock: ClockReading(wallNanoseconds: wall + away, bootNanoseconds: boot + away, bootID: bootID),
        network: NetworkTime(unixNanoseconds: wall + away + 1_100_000, errorBoundNanoseconds: 2_400_000),
        connectivity: Connectivity(state: .online, reason: "ntp-ok"))
    buffer += try encoder.encodeRecord(type: "session.background", payload: EvidenceCodec.encode(departure))
    buffer += try encoder.encodeRecord(type: "session.foreground", payload: EvidenceCodec.encode(arrival))
    guard let calculator else { return }
    let timeline = SessionTimeline(sessionID: id, departure: departure, arrival: arrival)
    let verdict = ElapsedVerdict(timeline: timeline)
    let breakdown = try calculator.calculate(verdict, of: timeline)
    let claim = ClaimRecord(
        sessionID: id, creditedSeconds: verdict.creditedSeconds, status: verdict.status, paidGold: breakdown.paidNow,
        escrowedGold: breakdown.escrowed, multipliers: [], goldPerHour: 600, policyVersion: RewardPolicy.default.version)
    buffer += try encoder.encodeRecord(type: ClaimRecord.recordType, payload: ClaimCodec.encode(claim))
}
