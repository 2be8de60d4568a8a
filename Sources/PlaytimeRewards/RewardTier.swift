/// One band of a diminishing reward curve.
///
/// Tiers are listed in increasing order of `upToSeconds`; each covers the
/// seconds after the previous tier's bound up to its own bound. The last tier
/// has no bound (`null` in JSON) and covers everything up to the cap.
package struct RewardTier: Codable, Sendable, Equatable {
    /// The end of this tier in seconds away, or `nil` for the final, unbounded tier.
    package var upToSeconds: Int64?
    /// The share of the base rate paid for seconds in this tier, 0...100.
    package var percent: Int64

    /// Creates a tier.
    package init(upToSeconds: Int64?, percent: Int64) {
        self.upToSeconds = upToSeconds
        self.percent = percent
    }

    private enum CodingKeys: String, CodingKey { case upToSeconds, percent }

    /// Decodes a tier; a missing or `null` `upToSeconds` means unbounded.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        upToSeconds = try container.decodeIfPresent(Int64.self, forKey: .upToSeconds)
        percent = try container.decode(Int64.self, forKey: .percent)
    }

    /// Encodes a tier, writing an explicit `null` for the unbounded tier.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(upToSeconds, forKey: .upToSeconds)
        try container.encode(percent, forKey: .percent)
    }
}
