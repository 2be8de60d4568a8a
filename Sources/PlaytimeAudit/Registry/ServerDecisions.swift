/// What the game server itself decides about a player's sessions, whatever an uploaded journal says: the
/// journal's departure snapshots the rate the device had, and its claims name the multipliers the game
/// applied, but a server that owns the player's state pays at most its own figures.
package protocol ServerDecisions: Sendable {
    /// The highest earn rate (gold per hour) the server knows `account` had, or `nil` to accept the snapshot.
    func maximumGoldPerHour(account: String) throws(RegistryError) -> Int64?
    /// The one-shot multipliers the server granted for `sessionID` of `account`; others a journal's claims name
    /// are not paid.
    func grantedMultipliers(account: String, sessionID: String) throws(RegistryError) -> Set<String>
}
