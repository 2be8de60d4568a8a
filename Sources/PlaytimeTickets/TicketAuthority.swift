package import PlaytimeRewards

/// The game server's issuer and redeemer of departure tickets.
///
/// The server's clock is the authority: every instant is passed in by the caller as Unix
/// nanoseconds read from the server clock. Issue a ticket when the player departs
/// (``issue(player:session:at:)``: the rate comes from the server's ``RateProvider``); when the player
/// returns, ``redeem(_:player:at:)-(DepartureTicket,_,_)`` verifies it and pays for the time between issue
/// and now, at the rate snapshotted in the ticket, with the multipliers the server's ``MultiplierGrants``
/// recorded, once per ticket and once per (player, session) (the ``ReplayGuard`` decides "once"), within
/// the player's rolling daily budget (the ``BudgetLedger``). Nothing the client sends beyond the ticket and
/// the player id enters the computation.
package struct TicketAuthority: Sendable {
    /// The signing key and the accepted keys.
    package let keys: TicketKeyRing
    /// The policy named in newly issued tickets.
    package let policy: RewardPolicy
    /// How long a ticket stays redeemable, in seconds.
    package let lifetimeSeconds: Int64
    /// How far in the future an issue time may lie before the ticket is refused, in seconds.
    package let allowedSkewSeconds: Int64
    /// The single-use store.
    package let replayGuard: any ReplayGuard
    /// The players' rolling daily budgets.
    package let budgetLedger: any BudgetLedger
    /// The server's earn rates, read at issue.
    package let rates: any RateProvider
    /// The server's record of multipliers, read at redemption.
    package let multiplierGrants: any MultiplierGrants
    /// Calculators for the current policy and every retained one, by version.
    package let calculators: [String: RewardCalculator]

    /// One week: the default ticket lifetime.
    package static let defaultLifetimeSeconds: Int64 = 7 * 86_400
    /// Five seconds: the default tolerance for issue times slightly ahead of the redeeming clock.
    package static let defaultAllowedSkewSeconds: Int64 = 5

    /// Creates an authority.
    ///
    /// - Parameters:
    ///   - keys: the current signing key and the keys still accepted (for rotation).
    ///   - policy: the policy in force; its version is written into new tickets.
    ///   - retainedPolicies: earlier policies whose outstanding tickets are still paid under their own terms.
    ///   - lifetimeSeconds: ticket lifetime, 1 s … 10 years (default 7 days).
    ///   - allowedSkewSeconds: tolerated issue time in the future, 0 … 3600 s (default 5 s),
    ///     for several servers whose clocks differ slightly.
    ///   - rates: the server's earn rates (default: the policy's `goldPerHour` for every player).
    ///   - multiplierGrants: the multipliers the server recorded (default: none).
    ///   - replayGuard: remembers redeemed nonces and (player, session) keys; share one guard among all
    ///     authorities (and processes, for ``FileReplayGuard``) that accept the same keys.
    ///   - budgetLedger: the players' rolling daily budgets (each ticket's policy names the budget); share it
    ///     like the replay guard, and make it as durable (``FileBudgetLedger`` next to ``FileReplayGuard``).
    package init(
        keys: TicketKeyRing,
        policy: RewardPolicy,
        retainedPolicies: [RewardPolicy] = [],
        lifetimeSeconds: Int64 = TicketAuthority.defaultLifetimeSeconds,
        allowedSkewSeconds: Int64 = TicketAuthority.defaultAllowedSkewSeconds,
        rates: (any RateProvider)? = nil,
        multiplierGrants: any MultiplierGrants = StaticMultiplierGrants(),
        replayGuard: any ReplayGuard,
        budgetLedger: any BudgetLedger
    ) throws(TicketConfigurationError) {
        guard (1...10 * 366 * 86_400).contains(lifetimeSeconds) else { throw .invalidLifetime(seconds: lifetimeSeconds) }
        guard (0...3600).contains(allowedSkewSeconds) else { throw .invalidSkew(seconds: allowedSkewSeconds) }
        var calculators: [String: RewardCalculator] = [:]
        for candidate in [policy] + retainedPolicies {
            guard calculators[candidate.version] == nil else { throw .duplicatePolicyVersion(candidate.version) }
            do {
                calculators[candidate.version] = try RewardCalculator(policy: candidate)
            } catch {
                throw .invalidPolicy(version: candidate.version, error)
            }
        }
        self.keys = keys
        self.policy = policy
        self.lifetimeSeconds = lifetimeSeconds
        self.allowedSkewSeconds = allowedSkewSeconds
        self.replayGuard = replayGuard
        self.budgetLedger = budgetLedger
        self.rates = rates ?? PlayerRates(defaultGoldPerHour: policy.goldPerHour)
        self.multiplierGrants = multiplierGrants
        self.calculators = calculators
    }

    /// The same authority with another key ring (same policies, lifetime, stores and sources).
    package func withKeys(_ keys: TicketKeyRing) -> TicketAuthority {
        TicketAuthority(copying: self, keys: keys)
    }

    /// The same authority on other stores (the fleet's, inside one payment's transaction).
    package func with(
        replayGuard: any ReplayGuard, budgetLedger: any BudgetLedger,
        multiplierGrants: (any MultiplierGrants)? = nil
    ) -> TicketAuthority {
        TicketAuthority(copying: self, keys: keys, replayGuard: replayGuard, budgetLedger: budgetLedger, multiplierGrants: multiplierGrants)
    }

    private init(
        copying other: TicketAuthority, keys: TicketKeyRing, replayGuard: (any ReplayGuard)? = nil,
        budgetLedger: (any BudgetLedger)? = nil, multiplierGrants: (any MultiplierGrants)? = nil
    ) {
        self.keys = keys
        self.policy = other.policy
        self.lifetimeSeconds = other.lifetimeSeconds
        self.allowedSkewSeconds = other.allowedSkewSeconds
        self.replayGuard = replayGuard ?? other.replayGuard
        self.budgetLedger = budgetLedger ?? other.budgetLedger
        self.rates = other.rates
        self.multiplierGrants = multiplierGrants ?? other.multiplierGrants
        self.calculators = other.calculators
    }
}
