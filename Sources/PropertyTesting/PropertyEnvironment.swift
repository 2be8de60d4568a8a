/// Parsing of the environment variables that steer property runs.
package enum PropertyEnvironment {
    /// Replays a seed: `PLAYTIME_PROPERTY_SEED=12345` or `=0x3039`.
    package static let seedKey = "PLAYTIME_PROPERTY_SEED"
    /// Overrides the case count: `=5000` (absolute) or `=x10` / `=10x` (multiplier).
    package static let countKey = "PLAYTIME_PROPERTY_COUNT"

    /// A parsed `PLAYTIME_PROPERTY_COUNT` value.
    package enum CountOverride: Sendable, Equatable {
        /// Run exactly this many cases.
        case absolute(Int)
        /// Run the property's own count times this factor.
        case multiplier(Int)

        /// The count to run for a property whose own count is `base` (at least 1, saturating).
        package func apply(to base: Int) -> Int {
            switch self {
            case .absolute(let count): return max(1, count)
            case .multiplier(let factor):
                let product = base.multipliedReportingOverflow(by: factor)
                return max(1, product.overflow ? Int.max : product.partialValue)
            }
        }
    }

    /// Parses a seed in decimal or `0x`-prefixed hexadecimal.
    package static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingSpaces()
        let lower = trimmed.lowercased()
        if lower.hasPrefix("0x") { return UInt64(lower.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    /// Parses `N`, `xN` or `Nx` with a positive `N`.
    package static func parseCount(_ text: String) -> CountOverride? {
        let lower = text.trimmingSpaces().lowercased()
        if lower.hasPrefix("x"), let factor = Int(lower.dropFirst()), factor > 0 { return .multiplier(factor) }
        if lower.hasSuffix("x"), let factor = Int(lower.dropLast()), factor > 0 { return .multiplier(factor) }
        if let count = Int(lower), count > 0 { return .absolute(count) }
        return nil
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
