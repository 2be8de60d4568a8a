/// What happened to one requested multiplier.
package struct MultiplierDecision: Codable, Sendable, Equatable {
    /// Why a multiplier was or was not applied.
    package enum Outcome: String, Codable, Sendable, Equatable {
        /// Applied to this claim and now used for the session.
        case applied
        /// Refused: already used in this session.
        case alreadyUsed
        /// Refused: requested twice in the same claim (applied once).
        case duplicateRequest
        /// Refused: the policy defines no multiplier with this name.
        case unknown
        /// Not applied and not consumed: the claim earns nothing to multiply.
        case nothingToMultiply
    }

    /// The requested name.
    package var name: String
    /// The factor in percent, or `nil` when the policy does not define it.
    package var percent: Int64?
    /// The decision.
    package var outcome: Outcome

    /// Creates a decision.
    package init(name: String, percent: Int64?, outcome: Outcome) {
        self.name = name
        self.percent = percent
        self.outcome = outcome
    }
}
