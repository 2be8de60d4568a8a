import PlaytimeGuard
import Testing

@Suite("Session assembler")
struct SessionAssemblerTests {
    let s = Readings.s, t0 = Readings.t0

    func event(_ kind: SessionEventKind, session: String, boot: Int64, bootID: String = "A", network: Bool = false) -> Evidence {
        var evidence = Readings.evidence(kind, wall: t0 + boot, boot: boot, bootID: bootID, network: network ? t0 + boot : nil)
        evidence.sessionID = session
        return evidence
    }

    @Test("departure then return in the same boot: one timeline at once, with the departure's rate")
    func sameBoot() {
        var assembler = SessionAssembler()
        #expect(assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s)).isEmpty)
        let out = assembler.add(sequence: 2, evidence: event(.foreground, session: "a", boot: 70 * s))
        #expect(out.count == 1)
        #expect(out.first?.departureSequence == 1 && out.first?.arrivalSequence == 2)
        #expect(out.first?.goldPerHour == 600)
        #expect(assembler.finish().isEmpty)
    }

    @Test("a return after a reboot without network waits for a later fix of the same boot")
    func heldForProof() {
        var assembler = SessionAssembler()
        _ = assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s, network: true))
        #expect(assembler.add(sequence: 2, evidence: event(.launch, session: "a", boot: 5 * s, bootID: "B")).isEmpty)
        #expect(assembler.pendingCount == 1)
        #expect(assembler.add(sequence: 3, evidence: event(.heartbeat, session: "", boot: 60 * s, bootID: "B")).isEmpty)
        let out = assembler.add(sequence: 4, evidence: event(.heartbeat, session: "", boot: 120 * s, bootID: "B", network: true))
        #expect(out.count == 1)
        #expect(out.first?.laterProof?.clock.bootNanoseconds == 120 * s)
        #expect(ElapsedVerdict(timeline: out[0]).method == .network)
    }

    @Test("rule 3: fixes a judge with a clock may not use (from the future, or a negative bound) are passed over; the next usable one proves the return")
    func unusableFixesDoNotEndTheSearch() {
        let now = t0 + 1_000 * s
        var assembler = SessionAssembler(networkJudge: NetworkTimeJudge(serverNowNanoseconds: now))
        _ = assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s, network: true))
        // The return met a spoofer: its network time is from the future, so it waits as one without any.
        var arrival = event(.launch, session: "a", boot: 5 * s, bootID: "B")
        arrival.network = NetworkTime(unixNanoseconds: t0 + 100_000 * s, errorBoundNanoseconds: 0)
        #expect(assembler.add(sequence: 2, evidence: arrival).isEmpty)
        #expect(assembler.pendingCount == 1)
        var future = event(.heartbeat, session: "", boot: 60 * s, bootID: "B")
        future.network = NetworkTime(unixNanoseconds: t0 + 100_000 * s, errorBoundNanoseconds: 0)
        #expect(assembler.add(sequence: 3, evidence: future).isEmpty)
        var negative = event(.heartbeat, session: "", boot: 90 * s, bootID: "B", network: true)
        negative.network?.errorBoundNanoseconds = -1
        #expect(assembler.add(sequence: 4, evidence: negative).isEmpty)
        #expect(assembler.pendingCount == 1)
        let out = assembler.add(sequence: 5, evidence: event(.heartbeat, session: "", boot: 120 * s, bootID: "B", network: true))
        #expect(out.count == 1)
        #expect(out.first?.laterProofSequence == 5)
        #expect(ElapsedVerdict(timeline: out[0], serverNowNanoseconds: now).method == .network)
    }

    @Test("on the device (no clock of its own), a return whose network time has a negative error bound waits for proof")
    func negativeBoundReturnWaits() {
        var assembler = SessionAssembler()
        _ = assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s, network: true))
        var arrival = event(.launch, session: "a", boot: 5 * s, bootID: "B", network: true)
        arrival.network?.errorBoundNanoseconds = -1
        #expect(assembler.add(sequence: 2, evidence: arrival).isEmpty)
        #expect(assembler.pendingCount == 1)
        let out = assembler.add(sequence: 3, evidence: event(.heartbeat, session: "", boot: 120 * s, bootID: "B", network: true))
        #expect(out.first?.laterProofSequence == 3)
    }

    @Test("a pending return is released without proof when its boot ends, and by finish")
    func releasedWithoutProof() {
        var assembler = SessionAssembler()
        _ = assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s, network: true))
        _ = assembler.add(sequence: 2, evidence: event(.launch, session: "a", boot: 5 * s, bootID: "B"))
        let out = assembler.add(sequence: 3, evidence: event(.launch, session: "", boot: 5 * s, bootID: "C", network: true))
        #expect(out.count == 1 && out.first?.laterProof == nil)
        _ = assembler.add(sequence: 4, evidence: event(.background, session: "b", boot: 50 * s, bootID: "C"))
        _ = assembler.add(sequence: 5, evidence: event(.launch, session: "b", boot: 5 * s, bootID: "D"))
        let flushed = assembler.finish()
        #expect(flushed.map(\.sessionID) == ["b"])
    }

    @Test("a departure that never returned is reported without an arrival")
    func abandoned() {
        var assembler = SessionAssembler()
        _ = assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s))
        let out = assembler.add(sequence: 2, evidence: event(.background, session: "b", boot: 20 * s))
        #expect(out.count == 1 && out.first?.arrival == nil && out.first?.sessionID == "a")
        #expect(assembler.finish().first?.sessionID == "b")
    }

    @Test("a return naming another session closes nothing")
    func mismatchedReturn() {
        var assembler = SessionAssembler()
        _ = assembler.add(sequence: 1, evidence: event(.background, session: "a", boot: 10 * s))
        #expect(assembler.add(sequence: 2, evidence: event(.foreground, session: "zzz", boot: 20 * s)).isEmpty)
        #expect(assembler.add(sequence: 3, evidence: event(.foreground, session: "a", boot: 30 * s)).count == 1)
    }

    @Test("memory stays bounded: at most maximumPending returns wait, over a million-event stream")
    func bounded() {
        var assembler = SessionAssembler(maximumPending: 8)
        var emitted = 0
        var sequence: UInt64 = 0
        for index in 0..<250_000 {
            let session = "s\(index)"
            sequence += 1
            emitted += assembler.add(sequence: sequence, evidence: event(.background, session: session, boot: 100 * s, bootID: "A", network: true)).count
            sequence += 1
            // Every return lands in the same new boot without network: all wait for proof.
            emitted += assembler.add(sequence: sequence, evidence: event(.launch, session: session, boot: 5 * s, bootID: "B")).count
            sequence += 1
            emitted += assembler.add(sequence: sequence, evidence: event(.heartbeat, session: "", boot: 6 * s, bootID: "B")).count
            sequence += 1
            emitted += assembler.add(sequence: sequence, evidence: event(.heartbeat, session: "", boot: 7 * s, bootID: "B")).count
            #expect(assembler.pendingCount <= 8)
            if assembler.pendingCount > 8 { break }
        }
        emitted += assembler.finish().count
        #expect(emitted == 250_000)
    }
}
