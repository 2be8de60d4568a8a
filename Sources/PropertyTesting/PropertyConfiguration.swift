/// How many cases a property runs, from which seed, and how hard it shrinks.
package struct PropertyConfiguration: Sendable, Equatable {
    /// Number of passing cases required (at least 1).
    package var count: Int
    /// The seed to run from; `nil` picks a fresh random seed (printed on failure).
    package var seed: UInt64?
    /// Maximum number of property evaluations spent shrinking one counterexample.
    package var shrinkBudget: Int
    /// Maximum number of discarded generations (filters, rejections) before giving up.
    package var maxDiscards: Int
    /// Maximum number of choices one generated value may draw.
    package var choiceLimit: Int
    /// Whether `forAll` prints the seed and shrunk case to standard error on failure.
    package var echoFailures: Bool

    /// Creates a configuration; out-of-range numbers are clamped to sensible minimums.
    package init(
        count: Int = 1000,
        seed: UInt64? = nil,
        shrinkBudget: Int = 10_000,
        maxDiscards: Int? = nil,
        choiceLimit: Int = 100_000,
        echoFailures: Bool = true
    ) {
        self.count = max(1, count)
        self.seed = seed
        self.shrinkBudget = max(0, shrinkBudget)
        self.maxDiscards = max(0, maxDiscards ?? self.count.multipliedReportingOverflow(by: 10).partialValue)
        self.choiceLimit = max(1, choiceLimit)
        self.echoFailures = echoFailures
    }

    /// Applies `PLAYTIME_PROPERTY_SEED` and `PLAYTIME_PROPERTY_COUNT` from `environment`.
    ///
    /// - `PLAYTIME_PROPERTY_SEED=<n>` (decimal or `0x` hex) replaces the seed.
    /// - `PLAYTIME_PROPERTY_COUNT=<n>` replaces the case count;
    ///   `PLAYTIME_PROPERTY_COUNT=x<k>` (or `<k>x`) multiplies it by `k`.
    /// Unparseable values are ignored.
    package func applying(environment: [String: String]) -> PropertyConfiguration {
        var result = self
        if let text = environment[PropertyEnvironment.seedKey], let seed = PropertyEnvironment.parseSeed(text) {
            result.seed = seed
        }
        if let text = environment[PropertyEnvironment.countKey],
            let override = PropertyEnvironment.parseCount(text)
        {
            let newCount = override.apply(to: count)
            result.count = newCount
            result.maxDiscards = max(maxDiscards, newCount.multipliedReportingOverflow(by: 10).partialValue)
        }
        return result
    }
}
