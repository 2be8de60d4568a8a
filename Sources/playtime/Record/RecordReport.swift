import PlaytimeGuard
import PlaytimeSystem

/// Renders a recorded event as text or JSON.
enum RecordReport {
    static func text(_ result: RecordedEvent) -> String {
        let evidence = result.evidence
        var lines: [String] = []
        let written = result.sequence.map { "record #\($0)" } ?? "nothing written (repeated event)"
        let session = evidence.sessionID.isEmpty ? "" : " session \(evidence.sessionID)"
        lines.append("\(evidence.event.rawValue): \(written)\(session)")
        lines.append("  wall          " + TimeFormatting.utc(evidence.clock.wallNanoseconds) + "  (the device owner can set this)")
        let since = evidence.payloadVersion >= 2 ? "s into boot segment" : "s since boot"
        lines.append("  boot clock    " + TimeFormatting.seconds(evidence.clock.bootNanoseconds) + " \(since) \(evidence.clock.bootID ?? "(no boot id)")")
        if let network = evidence.network {
            lines.append(
                "  network time  " + TimeFormatting.utc(network.unixNanoseconds) + " ± " + TimeFormatting.seconds(network.errorBoundNanoseconds) + " s")
        } else {
            lines.append("  network time  none (no fix in this boot)")
        }
        lines.append("  connectivity  \(evidence.connectivity.state.rawValue) (\(evidence.connectivity.reason))")
        if evidence.event == .background || evidence.event == .heartbeat {
            lines.append("  rate          \(evidence.goldPerHour) gold/h, policy \(evidence.policyVersion)")
        }
        if let departure = result.departure {
            lines.append("  away since    " + TimeFormatting.utc(departure.clock.wallNanoseconds) + " (departure wall clock)")
            if departure.clock.bootID == evidence.clock.bootID {
                lines.append(
                    "  boot delta    " + TimeFormatting.seconds(Self.difference(evidence.clock.bootNanoseconds, departure.clock.bootNanoseconds))
                        + " s (same boot: trustworthy)")
            } else if evidence.payloadVersion >= 2 {
                let credit =
                    evidence.rebootCreditNanoseconds.map { "this device asserts an uptime of " + TimeFormatting.seconds($0) + " s (provisional)" }
                    ?? "no uptime credit (the departure may be of this boot)"
                lines.append("  boot delta    rebooted while away; " + credit)
            } else {
                lines.append(
                    "  boot delta    rebooted while away; uptime of this boot " + TimeFormatting.seconds(evidence.clock.bootNanoseconds)
                        + " s is the provable minimum")
            }
            lines.append(
                "  wall delta    " + TimeFormatting.seconds(Self.difference(evidence.clock.wallNanoseconds, departure.clock.wallNanoseconds))
                    + " s (not trusted)")
            if result.needsSettlement { lines.append("  settlement    waiting for network time in this boot") }
            if let timeline = result.timeline {
                let verdict = ElapsedVerdict(timeline: timeline)
                lines.append("  credited      \(verdict.creditedSeconds) s (\(verdict.status.rawValue), \(verdict.method.rawValue); the device's own verdict)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ result: RecordedEvent, device: ClockReading? = nil, anchorSequence: UInt64?? = nil, journalID: String? = nil) -> String {
        var members = evidenceMembers(result.evidence)
        if let journalID { members.append(("journalId", .string(journalID))) }
        // The server's anchor recorded after the event (`record --server`): its record, or null when the journal held it.
        if let anchorSequence { members.append(("anchorSequence", anchorSequence.map { .int(Int64($0)) } ?? .null)) }
        if let device {
            // The device's own clocks after the event (local output only; the journal holds `bootNanoseconds`).
            members.append(("deviceBootNanoseconds", .int(device.bootNanoseconds)))
            members.append(("deviceBootId", .optional(device.bootID)))
        }
        members.append(("sequence", result.sequence.map { .int(Int64($0)) } ?? .null))
        members.append(("duplicate", .bool(result.duplicate)))
        members.append(("needsSettlement", .bool(result.needsSettlement)))
        if let departure = result.departure {
            members.append(("departure", .object(evidenceMembers(departure))))
            let sameBoot = departure.clock.bootID == result.evidence.clock.bootID
            members.append(("sameBoot", .bool(sameBoot)))
            members.append(
                ("bootDeltaSeconds", sameBoot ? .seconds(Self.difference(result.evidence.clock.bootNanoseconds, departure.clock.bootNanoseconds)) : .null))
            members.append(("wallDeltaSeconds", .seconds(Self.difference(result.evidence.clock.wallNanoseconds, departure.clock.wallNanoseconds))))
            // The device's own verdict of the session (the one a server recomputes from the journal).
            if let timeline = result.timeline {
                let verdict = ElapsedVerdict(timeline: timeline)
                members.append(("creditedSeconds", .int(verdict.creditedSeconds)))
                members.append(("verdictStatus", .string(verdict.status.rawValue)))
                members.append(("verdictMethod", .string(verdict.method.rawValue)))
            }
        } else {
            members.append(("departure", .null))
        }
        return JSONValue.object(members).text
    }

    /// `later - earlier`, clamped to the Int64 range: a journal may hold any readings.
    private static func difference(_ later: Int64, _ earlier: Int64) -> Int64 {
        let (value, overflow) = later.subtractingReportingOverflow(earlier)
        guard overflow else { return value }
        return earlier < 0 ? .max : .min
    }

    private static func evidenceMembers(_ evidence: Evidence) -> [(String, JSONValue)] {
        [
            ("event", .string(evidence.event.rawValue)),
            ("sessionId", .string(evidence.sessionID)),
            ("origin", .string(evidence.origin)),
            ("wallNanoseconds", .int(evidence.clock.wallNanoseconds)),
            ("wallTime", .string(TimeFormatting.utc(evidence.clock.wallNanoseconds))),
            ("bootNanoseconds", .int(evidence.clock.bootNanoseconds)),
            ("bootId", .optional(evidence.clock.bootID)),
            ("networkNanoseconds", evidence.network.map { .int($0.unixNanoseconds) } ?? .null),
            ("networkErrorNanoseconds", evidence.network.map { .int($0.errorBoundNanoseconds) } ?? .null),
            ("connectivity", .string(evidence.connectivity.state.rawValue)),
            ("connectivityReason", .string(evidence.connectivity.reason)),
            ("goldPerHour", .int(evidence.goldPerHour)),
            ("policyVersion", .string(evidence.policyVersion)),
            ("payloadVersion", .int(evidence.payloadVersion)),
            ("rebootCreditNanoseconds", evidence.rebootCreditNanoseconds.map { .int($0) } ?? .null),
        ]
    }
}
