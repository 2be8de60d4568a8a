/// How well the elapsed time of a claim is proven.
///
/// The elapsed-time verdict layer decides the status; the reward policy decides
/// what share of the reward each status pays now.
package enum ProofStatus: String, Codable, Sendable, CaseIterable, Hashable {
    /// The elapsed time is proven (boot clock within one boot, or trusted network time).
    case verified
    /// The elapsed time is plausible but not yet proven (for example offline after a reboot).
    case provisional
    /// The claim contradicts the evidence (for example the clock was set forward).
    case rejected
}
