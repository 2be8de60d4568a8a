import PlaytimeJournal

/// Sessions read back from the journal for settlement: their timelines as a server assembles them
/// (``SessionJournal``, with the later proof) and the latest claim of each.
struct JournalReadBack {
    var timelines: [String: SessionTimeline] = [:]
    var lastClaims: [String: ClaimRecord] = [:]

    /// One verified pass over the journal at `path`, keeping only `sessions`.
    static func read(path: String, key: JournalKey, sessions: Set<String>) throws(JournalError) -> JournalReadBack {
        var result = JournalReadBack()
        var assembler = SessionAssembler()
        let keep: (SessionTimeline) -> Void = { timeline in
            if sessions.contains(timeline.sessionID) { result.timelines[timeline.sessionID] = timeline }
        }
        let verification = try JournalReader.read(path: path, key: key) { record in
            if record.type == ClaimRecord.recordType {
                if let claim = ClaimCodec.decode(record.payload), sessions.contains(claim.sessionID) { result.lastClaims[claim.sessionID] = claim }
                return
            }
            guard let kind = SessionEventKind(recordType: record.type), let evidence = EvidenceCodec.decode(record.payload),
                  evidence.event == kind else { return }
            for timeline in assembler.add(sequence: record.sequence, evidence: evidence) { keep(timeline) }
        }
        for timeline in assembler.finish() { keep(timeline) }
        if let failure = verification.failure { throw .corrupt(failure) }
        return result
    }
}
