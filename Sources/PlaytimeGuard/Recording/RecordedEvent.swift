/// What one recorder call did.
public struct RecordedEvent: Sendable, Hashable {
    /// The evidence recorded (or, for a duplicate call, the evidence recorded by the first call).
    package var evidence: Evidence
    /// The journal sequence number written, or `nil` when nothing was written.
    package var sequence: UInt64?
    /// True when the call repeated an event already recorded (nothing new was written).
    package var duplicate: Bool
    /// For a return: the departure it closed.
    package var departure: Evidence?
    /// For a return without the network proof a verdict needs, true: the session stays open for settlement.
    package var needsSettlement: Bool
    /// For a return: the latest the departure can have happened at, proven by its signed stamp, if any.
    package var departureSignedLatestNanoseconds: Int64? { timeline?.departureSignedLatestNanoseconds }
    /// For a return: the earliest it can have happened at, proven by the signed answer taken for it, if any.
    package var arrivalSignedEarliestNanoseconds: Int64? { timeline?.arrivalSignedEarliestNanoseconds }
    /// For a return: the sequence of the record carrying that signed answer.
    package var arrivalSignedSequence: UInt64? { timeline?.arrivalSignedSequence }

    /// For a return: the session as a timeline, with its signed bounds and the earliest its departure can have
    /// happened at, ready for ``ElapsedVerdict``: the one the session assembler closed, as a server assembles it
    /// from the journal (docs/journal-format.md §10).
    package let timeline: SessionTimeline?

    /// Creates a result.
    package init(
        evidence: Evidence, sequence: UInt64?, duplicate: Bool = false, departure: Evidence? = nil, needsSettlement: Bool = false,
        timeline: SessionTimeline? = nil
    ) {
        self.timeline = timeline
        self.evidence = evidence
        self.sequence = sequence
        self.duplicate = duplicate
        self.departure = departure
        self.needsSettlement = needsSettlement
    }
}
