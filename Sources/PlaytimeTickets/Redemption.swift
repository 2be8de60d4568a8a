import PlaytimeRewards

/// A successfully redeemed ticket: what was paid and why.
public struct Redemption: Sendable, Equatable, Codable {
    /// The ticket, now consumed.
    public var ticket: DepartureTicket
    /// The server time of redemption, Unix nanoseconds.
    public var redeemedAt: Int64
    /// Whole seconds from issue to redemption by the server's clock (0 if the clock went back).
    public var elapsedSeconds: Int64
    /// The reward computation (status verified, the ticket's snapshotted rate).
    public var breakdown: RewardBreakdown

    /// Creates a redemption record.
    public init(ticket: DepartureTicket, redeemedAt: Int64, elapsedSeconds: Int64, breakdown: RewardBreakdown) {
        self.ticket = ticket
        self.redeemedAt = redeemedAt
        self.elapsedSeconds = elapsedSeconds
        self.breakdown = breakdown
    }
}
