/// What one recorder call did.
public struct RecordedEvent: Sendable, Hashable {
    /// The evidence recorded (or, for a duplicate call, the evidence recorded by the first call).
    public var evidence: Evidence
    /// The journal sequence number written, or `nil` when nothing was written.
    public var sequence: UInt64?
    /// True when the call repeated an event already recorded (nothing new was written).
    public var duplicate: Bool
    /// For a return: the departure it closed.
    public var departure: Evidence?
    /// For a return without the network proof a verdict needs, true: the session stays open for settlement.
    public var needsSettlement: Bool

    /// Creates a result.
    public init(evidence: Evidence, sequence: UInt64?, duplicate: Bool = false, departure: Evidence? = nil, needsSettlement: Bool = false) {
        self.evidence = evidence
        self.sequence = sequence
        self.duplicate = duplicate
        self.departure = departure
        self.needsSettlement = needsSettlement
    }
}
