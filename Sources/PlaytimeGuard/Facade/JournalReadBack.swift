internal import PlaytimeJournal

/// The sessions a settlement may pay, read back from the journal: the latest claim of each, then their
/// timelines exactly as a server assembles them (``SessionJournal``, with the later proof).
///
/// A session is a candidate when its latest claim still waited for proof (provisional, or gold in escrow) and
/// the journal now holds that proof after the claim — whether a settlement wrote it or a later return's fix
/// did (the recorder settles earlier sessions with any fresh fix). A closed session without any claim is one
/// too (the app died between its return record and its claim), unless its id is in `skipping`: the returns
/// this process is paying right now (the facade's ``OfflineEarnings`` keeps that set under its lock).
struct JournalReadBack {
    /// A session to settle: its timeline and the claim it was paid by so far (`nil`: never paid).
    struct Candidate {
        var timeline: SessionTimeline
        var previous: ClaimRecord?
    }

    /// In the order the journal completes them.
    var candidates: [Candidate] = []

    /// Two verified passes over the journal at `path`: the claims, then the timelines.
    static func read(path: String, key: JournalKey, skipping: Set<String>) throws(JournalError) -> JournalReadBack {
        var waiting: [String: (claim: ClaimRecord, sequence: UInt64)] = [:]
        var claimed = skipping
        let claims = try JournalReader.read(path: path, key: key) { record in
            guard record.type == ClaimRecord.recordType, let claim = ClaimCodec.decode(record.payload) else { return }
            claimed.insert(claim.sessionID)
            if claim.status == .provisional || claim.escrowedGold > 0 {
                waiting[claim.sessionID] = (claim, record.sequence)
            } else {
                waiting[claim.sessionID] = nil
            }
        }
        if let failure = claims.failure { throw .corrupt(failure) }
        var result = JournalReadBack()
        let sessions = try SessionJournal.read(path: path, key: key) { timeline in
            if timeline.arrival != nil, !claimed.contains(timeline.sessionID) {
                result.candidates.append(Candidate(timeline: timeline, previous: nil))
                return
            }
            guard let last = waiting[timeline.sessionID], timeline.arrival != nil,
                let proof = timeline.laterProofSequence, proof > last.sequence
            else { return }
            result.candidates.append(Candidate(timeline: timeline, previous: last.claim))
        }
        if let failure = sessions.failure { throw .corrupt(failure) }
        return result
    }
}
