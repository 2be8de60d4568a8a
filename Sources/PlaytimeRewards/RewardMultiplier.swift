/// A named one-shot multiplier (for example "ad" = ×2), usable once per session.
///
/// The factor is an integer percent so that it stays exact: 200 is ×2, 150 is ×1.5.
package struct RewardMultiplier: Codable, Sendable, Equatable {
    /// The name a claim uses to request the multiplier.
    package var name: String
    /// The factor in percent, 100...10 000 (×1 to ×100).
    package var percent: Int64

    /// Creates a multiplier.
    package init(name: String, percent: Int64) {
        self.name = name
        self.percent = percent
    }
}
