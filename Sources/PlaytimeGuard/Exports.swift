@_exported public import PlaytimeJournal
@_exported public import PlaytimeJudging
@_exported public import PlaytimeNTP
// PlaytimeGuard's public surface (docs/public-api.md): the facade, its configuration, payout and error, and the few
// types they name, from the modules re-exported here: the policy and the player's messages (PlaytimeRewards), the
// journal key and the enrollment (PlaytimeJournal), an NTP server (PlaytimeNTP) and a Roughtime server
// (PlaytimeRoughtime). Everything else of the package is `package`; the clock a test moves by hand is
// `@_spi(Testing)`.
@_exported public import PlaytimeRewards
@_exported public import PlaytimeRoughtime
public import PlaytimeSystem

/// One reading of the device's clocks: wall time, boot time (counting sleep) and the boot's identity.
@_spi(Testing) public typealias ClockReading = PlaytimeSystem.ClockReading
/// Where the recorder reads the device's clocks; tests and simulators pass their own.
@_spi(Testing) public typealias ClockSource = PlaytimeSystem.ClockSource
/// The device's real clocks: the default ``ClockSource``.
@_spi(Testing) public typealias SystemClockSource = PlaytimeSystem.SystemClockSource
