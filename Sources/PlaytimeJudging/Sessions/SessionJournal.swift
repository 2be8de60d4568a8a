package import PlaytimeJournal

/// Reads session timelines out of a journal: the server's and the auditor's path, streaming and in
/// bounded memory (see ``SessionAssembler``).
package enum SessionJournal {
    /// Verifies the journal at `path` and delivers each timeline as it completes. Records after the first
    /// line that fails verification are never delivered; check the returned verification before paying.
    /// A caller that judges with a server clock passes the same clock as `networkJudge`, so that a proof the
    /// verdict may not use (from the future) never ends the search for one it may (docs/journal-format.md §10).
    package static func read(
        path: String, key: JournalKey, maximumPending: Int = 1024, networkJudge: NetworkTimeJudge = NetworkTimeJudge(),
        onTimeline: (SessionTimeline) -> Void
    ) throws(JournalError) -> JournalVerification {
        var assembler = SessionAssembler(maximumPending: maximumPending, networkJudge: networkJudge)
        let verification = try JournalReader.read(path: path, key: key) { record in
            guard let kind = SessionEventKind(recordType: record.type), let evidence = EvidenceCodec.decode(record.payload),
                evidence.event == kind, evidence.payloadVersion == Int64(record.journalVersion)
            else { return }
            for timeline in assembler.add(sequence: record.sequence, evidence: evidence) { onTimeline(timeline) }
        }
        for timeline in assembler.finish() { onTimeline(timeline) }
        return verification
    }

    /// The same for a journal held in memory.
    package static func read(
        bytes: [UInt8], key: JournalKey, maximumPending: Int = 1024, networkJudge: NetworkTimeJudge = NetworkTimeJudge(),
        onTimeline: (SessionTimeline) -> Void
    ) -> JournalVerification {
        var assembler = SessionAssembler(maximumPending: maximumPending, networkJudge: networkJudge)
        let verification = JournalReader.verify(bytes: bytes, key: key) { record in
            guard let kind = SessionEventKind(recordType: record.type), let evidence = EvidenceCodec.decode(record.payload),
                evidence.event == kind, evidence.payloadVersion == Int64(record.journalVersion)
            else { return }
            for timeline in assembler.add(sequence: record.sequence, evidence: evidence) { onTimeline(timeline) }
        }
        for timeline in assembler.finish() { onTimeline(timeline) }
        return verification
    }
}
