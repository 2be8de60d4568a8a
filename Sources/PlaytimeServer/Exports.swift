// The types of EarningsServer's API; re-exported so that a game server imports one module.
@_exported public import PlaytimeAudit
@_exported public import PlaytimeJournal
@_exported public import PlaytimeRewards
@_exported public import PlaytimeTickets
