// The types of EarningsServer's API; re-exported so that a game server imports one module. Their modules keep
// everything else `package` (docs/public-api.md).
@_exported public import PlaytimeAudit
public import PlaytimeCrypto
public import PlaytimeFleet
@_exported public import PlaytimeJournal
@_exported public import PlaytimeRewards
@_exported public import PlaytimeTickets

/// An operator's Roughtime public key (``ServerConfiguration/roughtimeKeys``), from its base64 text.
public typealias Ed25519PublicKey = PlaytimeCrypto.Ed25519PublicKey
/// What one garbage collection of the fleet's database removed (``EarningsServer/collectExpired()``).
public typealias FleetCollection = PlaytimeFleet.FleetCollection
