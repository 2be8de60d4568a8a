/// The inputs of one reward computation.
public struct RewardClaim: Codable, Sendable, Equatable {
    /// Proven seconds away (negative values count as 0).
    public var creditedSeconds: Int64
    /// The verdict on the elapsed time.
    public var status: ProofStatus
    /// The earn rate snapshotted at departure, in gold per hour (must not be negative).
    public var goldPerHour: Int64
    /// Multiplier names the player asks for, in order.
    public var requestedMultipliers: [String]
    /// Multiplier names already used in this session.
    public var usedMultipliers: Set<String>

    /// Creates a claim.
    public init(
        creditedSeconds: Int64,
        status: ProofStatus,
        goldPerHour: Int64,
        requestedMultipliers: [String] = [],
        usedMultipliers: Set<String> = []
    ) {
        self.creditedSeconds = creditedSeconds
        self.status = status
        self.goldPerHour = goldPerHour
        self.requestedMultipliers = requestedMultipliers
        self.usedMultipliers = usedMultipliers
    }
}
