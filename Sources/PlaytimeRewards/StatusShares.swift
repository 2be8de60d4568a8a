/// The share of a reward paid immediately for each ``ProofStatus``, in percent.
///
/// For a provisional claim the rest is escrowed until proof arrives; for verified
/// and rejected claims the rest (if any) is forfeited.
package struct StatusShares: Codable, Sendable, Equatable {
    /// Share paid for a verified claim (normally 100).
    package var verified: Int64
    /// Share paid now for a provisional claim (normally 0...50).
    package var provisional: Int64
    /// Share paid for a rejected claim (normally 0).
    package var rejected: Int64

    /// Creates the shares.
    package init(verified: Int64, provisional: Int64, rejected: Int64) {
        self.verified = verified
        self.provisional = provisional
        self.rejected = rejected
    }

    /// The share for `status`.
    package func percent(for status: ProofStatus) -> Int64 {
        switch status {
        case .verified: return verified
        case .provisional: return provisional
        case .rejected: return rejected
        }
    }
}
