/// Where the recorder gets signed time. Production: ``RoughtimeSignedTimeSource``; tests script one.
package protocol SignedTimeSource: Sendable {
    /// Checks the answers this source returns (the configured servers' keys).
    var verifier: SignedTimeVerifier { get }
    /// The answered links of one chained query whose first nonce is `firstNonce`, in query order, within
    /// `budgetNanoseconds`; empty when nothing trustworthy answered. Each later link's nonce is derived from
    /// the previous link's response (docs/journal-format.md §12).
    nonisolated(nonsending) func links(firstNonce: [UInt8], withinNanoseconds budgetNanoseconds: Int64) async -> [SignedTimeLink]
}
