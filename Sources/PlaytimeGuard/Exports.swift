// PlaytimeGuard's public surface builds on these; re-exported so a game imports one module.
@_exported import PlaytimeNTP
@_exported import PlaytimeRewards
@_exported import PlaytimeSystem
