// The types of EarningsServer's API; re-exported so that a game server imports one module.
@_exported import PlaytimeAudit
@_exported import PlaytimeJournal
@_exported import PlaytimeRewards
@_exported import PlaytimeTickets
