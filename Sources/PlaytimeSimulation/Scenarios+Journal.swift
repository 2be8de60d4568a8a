import Foundation
import PlaytimeGuard

/// Threats 8-11 and 13: the saved journal, kills, rate snapshots, multipliers and replays.
extension TrialWorld {
    /// Threat 8: the departure edited in the file; the journal no longer verifies and nothing is paid.
    mutating func editJournal() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away())
        let arrived = try await arrive(device)
        device.kill()
        JournalTampering.editDeparture(at: device.path)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 8: a copy taken while away is restored after the claim and the session closed again later.
    mutating func rollbackJournal() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let departed = try depart(device, rate: rate)
        let copy = FileManager.default.contents(atPath: device.path)
        device.clock.pass(away())
        let arrived = try await arrive(device)
        upload(device)
        device.kill()
        if let copy { _ = FileManager.default.createFile(atPath: device.path, contents: copy) }
        device.clock.pass(away())
        _ = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 8: the departure of another journal (same key, left hours earlier) spliced in.
    mutating func spliceJournal() async throws(RecorderError) -> TrialOutcome {
        let donor = try await device("donor")
        let rate = rate()
        _ = try depart(donor, rate: rate)
        donor.kill()
        let device = try await device("a", startingAt: donor.clock.trueNanoseconds + hours())
        let departed = try depart(device, rate: rate)
        device.clock.pass(away())
        let arrived = try await arrive(device)
        device.kill()
        JournalTampering.spliceDeparture(from: donor.path, into: device.path)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 9: killed in the foreground (no background record) up to a heartbeat interval after the last
    /// heartbeat; the clock forward before relaunching. The departure is the heartbeat, less the interval.
    mutating func killApp() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        try device.play(random.duration(seconds: 60...1_200), rate: rate)
        device.clock.pass(random.int(in: 0...60_000_000_000))
        device.kill()
        let killed = device.clock.trueNanoseconds
        device.clock.pass(away())
        device.clock.shiftWall(hours())
        let arrived = try await arrive(device, launch: true)
        upload(device)
        return outcome(rate: rate, periods: [arrived - killed])
    }

    /// Threat 10: departs at one rate, upgrades to 2-10× before claiming. The claim uses the snapshot.
    mutating func rateUpgrade() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away())
        let arrived = try await arrive(device)
        try device.app().heartbeat(goldPerHour: rate * random.int(in: 2...10), policyVersion: "sim")
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 11: "ad" requested twice in a provisional claim, again when it settles, and again in a replay.
    mutating func multiplierReuse() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let away = away()
        let departed = try depart(device, rate: rate)
        rebootDuring(device, away: away)
        device.network.set(.unreachable)
        let arrived = try await arrive(device, launch: true)
        upload(device, multipliers: ["ad", "ad"])
        device.clock.pass(random.duration(seconds: 60...3_600))
        device.network.set(SimulatedDevice.honest(&random))
        _ = try await device.app().settlePending()
        upload(device, multipliers: ["ad"])
        upload(device, multipliers: ["ad"])
        return outcome(rate: rate, periods: [arrived - departed])
    }

    /// Threat 13: the same claim uploaded twice.
    mutating func claimReplay() async throws(RecorderError) -> TrialOutcome {
        let device = try await device()
        let rate = rate()
        let departed = try depart(device, rate: rate)
        device.clock.pass(away())
        let arrived = try await arrive(device)
        upload(device)
        upload(device)
        return outcome(rate: rate, periods: [arrived - departed])
    }
}
