import PlaytimeGuard

/// Whether a scenario is a cheat or honest play that must not be punished.
package enum ScenarioKind: String, Sendable, Hashable, Codable {
    /// A cheat from the threat catalogue (docs/guarantees.md, Threat catalogue): nothing may be overpaid.
    case attack
    /// Honest play: nothing may be flagged, and proven time must be credited.
    case honest
}

/// The scenarios the simulator runs: the whole threat catalogue and the honest catalogue.
package enum CheatScenario: String, Sendable, Hashable, Codable, CaseIterable {
    case wallForward = "t01-wall-forward"
    case wallBack = "t02-wall-back"
    case forwardClaimBack = "t03-forward-claim-back"
    case timezoneCheat = "t04-timezone-dst"
    case rebootThenClockOnline = "t05-reboot-clock-online"
    case rebootThenClockOffline = "t05-reboot-clock-offline"
    case forgedReboot = "t05-forged-reboot"
    case forgedRebootWall = "t05-forged-reboot-wall"
    case airplaneMode = "t06-airplane-mode"
    case fakeNTPMinority = "t07-fake-ntp-minority"
    case fakeNTPHijack = "t07-fake-ntp-hijack"
    case fakeNTPHijackReboot = "t07-fake-ntp-hijack-reboot"
    case fakeNTPHijackReboot30Years = "t07-fake-ntp-hijack-reboot-30y"
    case spooferBehind = "t07-spoofer-behind"
    case editJournal = "t08-edit-journal"
    case rollbackJournal = "t08-rollback-journal"
    case spliceJournal = "t08-splice-journal"
    case killApp = "t09-kill-app"
    case rateUpgrade = "t10-rate-upgrade"
    case multiplierReuse = "t11-multiplier-reuse"
    case twoDevices = "t12-two-devices"
    case claimReplay = "t13-claim-replay"
    case tinyPeriods = "t14-tiny-periods"
    case offlineFarming = "t14-offline-farming"
    case honestOnline = "h-online"
    case travelTimezones = "h-travel-timezones"
    case daylightSaving = "h-dst"
    case deviceSleep = "h-device-sleep"
    case ntpStepCorrection = "h-ntp-step-60s"
    case rebootWhileAway = "h-reboot-while-away"
    case flakyNetwork = "h-flaky-network"
    case flakyNetworkReboot = "h-flaky-network-reboot"
    case offlineSameBoot = "h-offline-same-boot"

    /// Attack or honest.
    package var kind: ScenarioKind { rawValue.hasPrefix("h-") ? .honest : .attack }

    /// The threat's number in docs/guarantees.md (Threat catalogue), for attacks.
    package var threat: Int? {
        guard kind == .attack else { return nil }
        return Int(rawValue.dropFirst().prefix(2))
    }

    /// What the scenario does, in one line.
    package var summary: String {
        switch self {
        case .wallForward: return "wall clock set forward 1-48 h while away"
        case .wallBack: return "wall clock set back 1-48 h while away"
        case .forwardClaimBack: return "set forward, claim, set back, claim again"
        case .timezoneCheat: return "timezone/DST changed to gain hours (UTC clocks unchanged)"
        case .rebootThenClockOnline: return "reboot while away, then clock forward; online at return"
        case .rebootThenClockOffline: return "reboot while away, then clock forward; NTP blocked"
        case .forgedReboot: return "forged reboot: new boot id, boot clock still counting (device up 1-30 days)"
        case .forgedRebootWall: return "forged reboot, wall clock moved forward by the uptime to hide it; NTP blocked"
        case .airplaneMode: return "airplane mode at return, clock forward"
        case .fakeNTPMinority: return "one of three NTP servers lies by hours (reboot while away)"
        case .fakeNTPHijack: return "all NTP answers hijacked, +hours at return (same boot)"
        case .fakeNTPHijackReboot: return "all NTP answers hijacked, +hours at return after a reboot"
        case .fakeNTPHijackReboot30Years: return "all NTP answers hijacked, +30 years at return after a reboot, wall too"
        case .spooferBehind: return "a spoofer sets an honest player's NTP 5 h behind at return (same boot); settled later"
        case .editJournal: return "journal edited to move the departure back"
        case .rollbackJournal: return "journal rolled back to an older copy and the session re-closed"
        case .spliceJournal: return "another journal's departure spliced in"
        case .killApp: return "app killed in the foreground to skip the background record"
        case .rateUpgrade: return "earn rate upgraded before claiming"
        case .multiplierReuse: return "ad multiplier requested twice and again on settlement/replay"
        case .twoDevices: return "two devices claim overlapping away time (server-side)"
        case .claimReplay: return "the same claim uploaded twice (server-side)"
        case .tinyPeriods: return "many tiny away periods to farm the first tier"
        case .offlineFarming: return "twelve 2 h offline sessions in one boot, each claimed in full"
        case .honestOnline: return "plain away period, online"
        case .travelTimezones: return "travel across timezones while away"
        case .daylightSaving: return "DST change while away"
        case .deviceSleep: return "device asleep the whole time (boot clock counts sleep)"
        case .ntpStepCorrection: return "OS steps the wall clock by up to 60 s"
        case .rebootWhileAway: return "device rebooted while away, online at return"
        case .flakyNetwork: return "NTP unreachable at return (same boot)"
        case .flakyNetworkReboot: return "reboot, NTP unreachable at return, settled later"
        case .offlineSameBoot: return "offline at return, same boot"
        }
    }
}
