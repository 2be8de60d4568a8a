/// The inputs of one reward computation.
package struct RewardClaim: Codable, Sendable, Equatable {
    /// Proven seconds away (negative values count as 0).
    package var creditedSeconds: Int64
    /// The verdict on the elapsed time.
    package var status: ProofStatus
    /// The earn rate snapshotted at departure, in gold per hour (must not be negative).
    package var goldPerHour: Int64
    /// Multiplier names the player asks for, in order.
    package var requestedMultipliers: [String]
    /// Multiplier names already used in this session.
    package var usedMultipliers: Set<String>

    /// Creates a claim.
    package init(
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
