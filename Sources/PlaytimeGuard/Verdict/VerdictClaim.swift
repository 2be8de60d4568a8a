/// Turns a verdict into a reward: the credited seconds and proof status of the verdict, the earn rate
/// snapshotted at departure (never the rate at claim time).
extension RewardCalculator {
    /// The breakdown for `verdict` of `timeline`: what is paid now, escrowed or forfeited by status.
    public func calculate(_ verdict: ElapsedVerdict, of timeline: SessionTimeline, requestedMultipliers: [String] = [],
                          usedMultipliers: Set<String> = []) throws(RewardCalculationError) -> RewardBreakdown {
        try calculate(RewardClaim(creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                                  goldPerHour: timeline.goldPerHour, requestedMultipliers: requestedMultipliers,
                                  usedMultipliers: usedMultipliers))
    }
}
