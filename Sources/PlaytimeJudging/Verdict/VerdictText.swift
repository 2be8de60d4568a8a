internal import PlaytimeSystem

/// Builds the human explanation of a verdict.
enum VerdictText {
    static func explain(method: VerdictMethod, status: ProofStatus, lower: Int64, upper: Int64?, flags: [VerdictFlag]) -> String {
        var parts: [String] = []
        switch method {
        case .bootClock:
            parts.append("Departure and return happened in the same boot, so the boot clock (which cannot be set) measured the time away.")
        case .network:
            parts.append("The device rebooted while away; network time at both ends proves the interval.")
        case .uptimeBound:
            parts.append(
                status == .verified
                    ? "The device rebooted while away; the new boot's uptime is the proven time away."
                    : "The device rebooted while away and network time is missing, so only the uptime of the new boot is proven; the rest waits for network proof."
            )
        case .signedTime:
            parts.append("Signed time from the game's Roughtime servers at departure and return proves the time away, whatever the device's clocks say.")
        case .none:
            parts.append(
                flags.contains { $0.kind == .evidenceMissing }
                    ? "The session has no return yet, so nothing can be credited."
                    : "Nothing proves how long the player was away.")
        }
        if status == .rejected { parts.append("The evidence contradicts itself, so nothing is credited.") }
        var figures = "Proven at least \(seconds(lower))"
        if let upper { figures += ", at most \(seconds(upper))" }
        parts.append(figures + "; credited \(TimeSpan.floorSeconds(max(0, lower))) s.")
        for flag in flags { parts.append(describe(flag)) }
        return parts.joined(separator: " ")
    }

    private static func describe(_ flag: VerdictFlag) -> String {
        let amount = seconds(flag.amountNanoseconds)
        switch flag.kind {
        case .wallClockJumpedForward: return "The wall clock ran \(amount) ahead of the trusted clock (ignored)."
        case .wallClockJumpedBack: return "The wall clock ran \(amount) behind the trusted clock (ignored)."
        case .clockRolledBack: return "The wall clock at return read \(amount) earlier than at departure (ignored)."
        case .reboot: return "The device rebooted while the player was away."
        case .networkBootDisagreement:
            return "Network time and the boot clock disagree by \(amount); the smaller figure is credited until later evidence decides."
        case .bootClockWentBackwards: return "The boot clock went backwards by \(amount) within one boot."
        case .evidenceMissing: return "The return is missing."
        case .networkMissing: return "Network time is missing across the reboot."
        case .networkAheadOfServer: return "Network time in the evidence is \(amount) ahead of the server's clock and was not used."
        case .departureFromHeartbeat: return "The app was killed in the foreground; the departure is its last heartbeat, less \(amount)."
        case .bootStartedBeforeDeparture:
            return
                "The new boot began \(amount) before the departure can have happened: a reboot cannot do that, so only the unproven uptime is credited, provisionally."
        case .laterProofAgreesWithBootClock:
            return
                "Network time at return was \(amount) off, but a later fix of the same boot agrees with the boot clock, so the boot clock's figure is verified."
        case .bootStartAfterDeparture: return "Network time proves the new boot began after the departure, so its uptime is verified."
        case .wallAheadOfServer: return "The wall clock at return read \(amount) ahead of the server's clock."
        case .wallBehindProvenTime: return "The wall clock at departure read \(amount) earlier than earlier network time proves it was."
        case .signedTimeContradictsBootClock: return "The boot clock shows \(amount) less time away than the signatures prove; signed time is credited."
        case .signedTimeContradictsNetwork: return "Network time in the evidence contradicts signed time by \(amount); signed time is credited."
        case .signedTimeAheadOfServer: return "A signed answer is \(amount) ahead of the server's clock, so signed time was not used."
        case .signedTimeMissing: return "Signed time is required and missing at departure or return, so the time stays provisional."
        case .uptimeAssertedByDevice:
            return "The new boot's uptime of \(amount) is the device's own figure (the journal carries no boot time), so it stays provisional."
        }
    }

    /// `12.345 s`, exact to the millisecond (truncated).
    private static func seconds(_ nanoseconds: Int64) -> String {
        let whole = TimeSpan.floorSeconds(nanoseconds)
        let millis = (nanoseconds - whole &* TimeSpan.nanosecondsPerSecond) / 1_000_000
        let padded = String(millis)
        return "\(whole).\(String(repeating: "0", count: max(0, 3 - padded.count)))\(padded) s"
    }
}
