@_spi(Testing) import PlaytimeGuard
import Testing

/// Held returns are indexed by their boot: a record that cannot prove one costs nothing, a network fix of
/// their boot checks each once, and at most `maximumPending` are held (docs/fleet.md, "Limits and cost").
/// The work is counted (``SessionAssembler/proofChecks``), not timed.
@Suite("Held returns: cost per record")
struct HeldReturnCostTests {
    static let s: Int64 = 1_000_000_000
    static let t0: Int64 = 1_800_000_000 * s

    /// A reading of boot "A" at `boot`; with `lag`, network time that far behind the boot clock's line.
    static func evidence(_ kind: SessionEventKind, session: String = "", boot: Int64, lag: Int64?, bootID: String = "A") -> Evidence {
        Evidence(
            event: kind, sessionID: session, clock: ClockReading(wallNanoseconds: t0 + boot, bootNanoseconds: boot, bootID: bootID),
            network: lag.map { NetworkTime(unixNanoseconds: t0 + boot - $0, errorBoundNanoseconds: 2_000_000) },
            connectivity: .unknown, goldPerHour: kind == .background ? 600 : 0, policyVersion: kind == .background ? "p" : "")
    }

    /// `count` sessions of one boot, each away 60 s, whose network time falls 300 s short of the boot clock (one
    /// of them lies; beyond the 120 s clock-step tolerance): every return waits for a later fix that agrees with
    /// its departure. Session `i` departs with network time `300 s × i` behind; the next fix settles none of the
    /// earlier ones.
    static func hold(_ count: Int, in assembler: inout SessionAssembler, sequence: inout UInt64) -> (boot: Int64, lag: Int64) {
        var boot = 10 * s
        var lag: Int64 = 0
        for index in 0..<count {
            sequence += 1
            _ = assembler.add(sequence: sequence, evidence: evidence(.background, session: "s\(index)", boot: boot, lag: lag))
            lag += 300 * s
            sequence += 1
            _ = assembler.add(sequence: sequence, evidence: evidence(.foreground, session: "s\(index)", boot: boot + 60 * s, lag: lag))
            boot += 70 * s
        }
        return (boot, lag)
    }

    @Test("100 000 heartbeats without network time beside 1 000 held returns cost no check (a scan per record was 10⁸)")
    func recordsWithoutNetworkCostNothing() {
        var assembler = SessionAssembler(maximumPending: 1_024)
        var sequence: UInt64 = 0
        var (boot, _) = Self.hold(1_000, in: &assembler, sequence: &sequence)
        #expect(assembler.pendingCount == 1_000)
        let before = assembler.proofChecks
        for _ in 0..<100_000 {
            sequence += 1
            boot += Self.s
            #expect(assembler.add(sequence: sequence, evidence: Self.evidence(.heartbeat, boot: boot, lag: nil)).isEmpty)
        }
        #expect(assembler.proofChecks == before)
        #expect(assembler.pendingCount == 1_000)
        // A record of another boot ends theirs: all are released, oldest first, without proof.
        sequence += 1
        let released = assembler.add(sequence: sequence, evidence: Self.evidence(.heartbeat, boot: 5 * Self.s, lag: nil, bootID: "B"))
        #expect(released.map(\.sessionID) == (0..<1_000).map { "s\($0)" })
        #expect(released.allSatisfy { $0.laterProof == nil })
        #expect(assembler.pendingCount == 0)
    }

    @Test("a network fix that settles none checks each held return once; at most maximumPending are held")
    func fixesCheckEachOnce() {
        var assembler = SessionAssembler(maximumPending: 64)
        var sequence: UInt64 = 0
        var released = 0
        var (boot, lag) = (Int64(0), Int64(0))
        (boot, lag) = Self.hold(1_000, in: &assembler, sequence: &sequence)
        #expect(assembler.pendingCount == 64)
        let before = assembler.proofChecks
        for _ in 0..<10_000 {
            sequence += 1
            boot += Self.s
            released += assembler.add(sequence: sequence, evidence: Self.evidence(.heartbeat, boot: boot, lag: lag)).count
        }
        #expect(released == 0)
        #expect(assembler.proofChecks - before == 64 * 10_000)
        // A fix that agrees with session 950's departure settles it alone.
        sequence += 1
        let settled = assembler.add(sequence: sequence, evidence: Self.evidence(.heartbeat, boot: boot + Self.s, lag: 950 * 300 * Self.s))
        #expect(settled.map(\.sessionID) == ["s950"])
        #expect(settled.first?.laterProofSequence == sequence)
        #expect(assembler.pendingCount == 63)
        #expect(assembler.finish().map(\.sessionID) == (936..<1_000).filter { $0 != 950 }.map { "s\($0)" })
    }
}
