// PlaytimeGuard's public surface (docs/public-api.md). PlaytimeRewards is re-exported: the policy, the breakdown
// and the escrow are the game's vocabulary. The platform layer and the NTP client are not: a game names only the
// few of their types below, through these aliases, and nothing else of them (sockets, files, errno stay unnameable).
@_exported public import PlaytimeRewards
public import PlaytimeNTP
public import PlaytimeSystem

/// One reading of the device's clocks: wall time, boot time (counting sleep) and the boot's identity.
public typealias ClockReading = PlaytimeSystem.ClockReading
/// Where the recorder reads the device's clocks; tests and simulators pass their own.
public typealias ClockSource = PlaytimeSystem.ClockSource
/// The device's real clocks: the default ``ClockSource``.
public typealias SystemClockSource = PlaytimeSystem.SystemClockSource
/// An NTP server by host name and port.
public typealias NTPServer = PlaytimeNTP.NTPServer
/// Network time from one check of the NTP servers: what a ``NetworkTimeSource`` returns on success.
public typealias NTPFix = PlaytimeNTP.NTPFix
/// Why one check of the NTP servers gave no network time: what a ``NetworkTimeSource`` returns on failure.
public typealias NTPError = PlaytimeNTP.NTPError
