import PlaytimeJournal

/// The sessions a settlement may pay, read back from the journal: their timelines as a server assembles them
/// (the assembler of ``SessionJournal``, with the later proof) and the latest claim of each.
///
/// A session is a candidate when its latest claim still waited for proof (provisional, or gold in escrow) and
/// the journal now holds that proof after the claim — whether a settlement wrote it or a later return's fix
/// did (the recorder settles earlier sessions with any fresh fix). A session without a claim is never one: a
/// return whose payout is being computed right now has none yet, and paying it here could pay it twice.
struct JournalReadBack {
    /// A session to settle: its timeline and the claim it was paid by so far.
    struct Candidate {
        var timeline: SessionTimeline
        var previous: ClaimRecord
    }

    /// In journal order.
    var candidates: [Candidate] = []

    /// One verified pass over the journal at `path`.
    static func read(path: String, key: JournalKey) throws(JournalError) -> JournalReadBack {
        var lastClaims: [String: (claim: ClaimRecord, sequence: UInt64)] = [:]
        var kept: [SessionTimeline] = []
        var assembler = SessionAssembler()
        // Timelines that wait for proof are completed by the proof (after their claim) or at the end, so the
        // claim is known when they arrive here.
        let keep: (SessionTimeline) -> Void = { timeline in
            if let last = lastClaims[timeline.sessionID]?.claim, last.status == .provisional || last.escrowedGold > 0 {
                kept.append(timeline)
            }
        }
        let verification = try JournalReader.read(path: path, key: key) { record in
            if record.type == ClaimRecord.recordType {
                if let claim = ClaimCodec.decode(record.payload) { lastClaims[claim.sessionID] = (claim, record.sequence) }
                return
            }
            guard let kind = SessionEventKind(recordType: record.type), let evidence = EvidenceCodec.decode(record.payload),
                  evidence.event == kind else { return }
            for timeline in assembler.add(sequence: record.sequence, evidence: evidence) { keep(timeline) }
        }
        for timeline in assembler.finish() { keep(timeline) }
        if let failure = verification.failure { throw .corrupt(failure) }
        var result = JournalReadBack()
        for timeline in kept where timeline.arrival != nil {
            guard let last = lastClaims[timeline.sessionID], let proof = timeline.laterProofSequence, proof > last.sequence else { continue }
            result.candidates.append(Candidate(timeline: timeline, previous: last.claim))
        }
        return result
    }
}
