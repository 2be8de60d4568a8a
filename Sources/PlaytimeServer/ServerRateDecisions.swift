internal import PlaytimeAudit
internal import PlaytimeTickets

/// The server's own rates and multiplier grants (the ones tickets use), applied to uploaded journals: a
/// journal's snapshot above the player's rate is paid at the player's rate, and only granted multipliers pay.
struct ServerRateDecisions: ServerDecisions {
    let rates: any RateProvider
    let grants: any MultiplierGrants
    let now: Int64

    func maximumGoldPerHour(account: String) throws(RegistryError) -> Int64? {
        do { return try rates.goldPerHour(for: PlayerKey(account), at: now) } catch { throw RegistryError("\(error)") }
    }

    func grantedMultipliers(account: String, sessionID: String) throws(RegistryError) -> Set<String> {
        do { return Set(try grants.multipliers(for: SessionKey(player: account, session: sessionID))) } catch {
            throw RegistryError("\(error)")
        }
    }
}
