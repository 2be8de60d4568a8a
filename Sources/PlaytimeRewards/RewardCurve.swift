internal import PlaytimeSystem

/// Gold earned as a function of time away, sampled for plots.
package struct RewardCurve: Sendable, Equatable {
    /// One sample of the curve.
    package struct Point: Sendable, Equatable, Codable {
        /// Seconds away.
        package var seconds: Int64
        /// Total gold earned for that time (before the status share).
        package var gold: Int64
    }

    /// The policy version sampled.
    package let policyVersion: String
    /// The rate used.
    package let goldPerHour: Int64
    /// The multipliers applied at every sample.
    package let multipliers: [String]
    /// The samples, in increasing seconds, from 0 to the maximum.
    package let points: [Point]

    /// The largest time sampled.
    package var maxSeconds: Int64 { points.last?.seconds ?? 0 }
    /// The largest gold sampled.
    package var maxGold: Int64 { points.map(\.gold).max() ?? 0 }

    /// Samples `calculator`'s total gold at `samples` evenly spaced times in `0...maxSeconds`.
    ///
    /// - Parameters:
    ///   - goldPerHour: the rate; the policy's default rate when `nil`.
    ///   - multipliers: multiplier names applied at every sample (fresh session each time).
    ///   - maxSeconds: the right end; the cap plus a quarter when `nil` (so the plateau shows).
    ///   - samples: number of points, clamped to 2...10 000.
    package init(
        calculator: RewardCalculator,
        goldPerHour: Int64? = nil,
        multipliers: [String] = [],
        maxSeconds: Int64? = nil,
        samples: Int = 121
    ) throws(RewardCalculationError) {
        let policy = calculator.policy
        let rate = goldPerHour ?? policy.goldPerHour
        let end = max(1, maxSeconds ?? Saturating.add(policy.capSeconds, policy.capSeconds / 4))
        let count = min(max(samples, 2), 10_000)
        var points: [Point] = []
        points.reserveCapacity(count)
        for index in 0..<count {
            // seconds = end × index / (count - 1), exact in 128 bits.
            let seconds = WideArithmetic.multiplyAddDivide(end, Int64(index), by: Int64(count - 1))
            let breakdown = try calculator.calculate(
                creditedSeconds: seconds, status: .verified, goldPerHour: rate,
                requestedMultipliers: multipliers)
            points.append(Point(seconds: seconds, gold: breakdown.totalGold))
        }
        self.policyVersion = policy.version
        self.goldPerHour = rate
        self.multipliers = multipliers
        self.points = points
    }

    /// The gold of the sample nearest to `seconds` (linear index mapping).
    func gold(nearest seconds: Int64) -> Int64 {
        guard let last = points.last, last.seconds > 0 else { return points.first?.gold ?? 0 }
        let clamped = min(max(0, seconds), last.seconds)
        let index = Int(WideArithmetic.multiplyAddDivide(clamped, Int64(points.count - 1), plus: last.seconds / 2, by: last.seconds))
        return points[min(max(0, index), points.count - 1)].gold
    }
}
