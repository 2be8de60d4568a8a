@_spi(Testing) import PlaytimeGuard
import PropertyTesting

/// A generated away period: the truth, what the adversary did, and the evidence the device recorded.
struct AwayCase: Sendable, CustomStringConvertible {
    static let second: Int64 = 1_000_000_000

    var trueDeparture: Int64
    var bootAtDeparture: Int64
    var away: Int64
    var rebooted: Bool
    var uptime: Int64
    var wallShift: Int64
    var departureError: Int64
    var departureBias: Int64
    var arrivalError: Int64
    var arrivalBias: Int64
    var departureHasNetwork: Bool
    var arrivalHasNetwork: Bool
    var proofDelay: Int64?
    var arrivalLie: Int64
    var killedAfterHeartbeat: Int64?
    var uploadLatency: Int64
    var rate: Int64

    var description: String {
        "away \(away) ns, reboot \(rebooted) (uptime \(uptime)), wall shift \(wallShift), net dep \(departureHasNetwork) ±\(departureError) bias \(departureBias), "
            + "net arr \(arrivalHasNetwork) ±\(arrivalError) bias \(arrivalBias) lie \(arrivalLie), proof after \(String(describing: proofDelay)), "
            + "killed \(String(describing: killedAfterHeartbeat)), latency \(uploadLatency), rate \(rate)"
    }

    /// True time at the return.
    var trueArrival: Int64 { trueDeparture + away }

    /// The game server's clock when it judges the claim: after the return and after any later proof.
    var serverNow: Int64 { trueArrival + (arrivalHasNetwork ? 0 : proofDelay ?? 0) + uploadLatency }

    /// The timeline the device records for this case.
    var timeline: SessionTimeline {
        // A kill: the departure is the last heartbeat, `killedAfterHeartbeat` before the true departure.
        let recordedAt = trueDeparture - (killedAfterHeartbeat ?? 0)
        let bootThen = bootAtDeparture - (killedAfterHeartbeat ?? 0)
        let departure = Evidence(
            event: .background, sessionID: "s1", origin: killedAfterHeartbeat == nil ? "lifecycle" : "heartbeat",
            clock: ClockReading(wallNanoseconds: recordedAt, bootNanoseconds: bootThen, bootID: "boot-A"),
            network: departureHasNetwork ? NetworkTime(unixNanoseconds: recordedAt + departureBias, errorBoundNanoseconds: departureError) : nil,
            connectivity: .unknown, goldPerHour: rate, policyVersion: "p")
        let boot = rebooted ? uptime : bootAtDeparture + away
        let bootID = rebooted ? "boot-B" : "boot-A"
        let arrival = Evidence(
            event: rebooted ? .launch : .foreground, sessionID: "s1",
            clock: ClockReading(wallNanoseconds: trueArrival + wallShift, bootNanoseconds: boot, bootID: bootID),
            network: arrivalHasNetwork ? NetworkTime(unixNanoseconds: trueArrival + arrivalBias + arrivalLie, errorBoundNanoseconds: arrivalError) : nil,
            connectivity: .unknown)
        var proof: Evidence?
        if let proofDelay, !arrivalHasNetwork {
            proof = Evidence(
                event: .settlement, sessionID: "s1",
                clock: ClockReading(wallNanoseconds: trueArrival + proofDelay + wallShift, bootNanoseconds: boot + proofDelay, bootID: bootID),
                network: NetworkTime(unixNanoseconds: trueArrival + proofDelay + arrivalBias + arrivalLie, errorBoundNanoseconds: arrivalError),
                connectivity: .unknown)
        }
        return SessionTimeline(sessionID: "s1", departure: departure, arrival: arrival, laterProof: proof)
    }

    /// The same case without any manipulation: no wall shift, no lie.
    var honest: AwayCase {
        var copy = self
        copy.wallShift = 0
        copy.arrivalLie = 0
        return copy
    }
}

enum AwayGen {
    static let second = AwayCase.second

    /// An error bound of 1-100 ms and a bias within it.
    static let error = Gen<Int64>.int(in: 1_000_000...100_000_000).flatMap { bound in
        Gen<Int64>.int(in: -bound...bound).map { (bound, $0) }
    }

    /// Honest cases: everything but manipulation (reboots, missing network, later proof, kills, NTP errors).
    static let honest: Gen<AwayCase> = Gen { source in
        let away = try source.generate(.int(in: 1 * second...30 * 86_400 * second))
        let rebooted = try source.generate(.bool)
        let uptime = try source.generate(.int(in: 0...away))
        let (departureError, departureBias) = try source.generate(error)
        let (arrivalError, arrivalBias) = try source.generate(error)
        let proof = try source.generate(Gen<Int64>.int(in: 0...86_400 * second).optional)
        let killed = try source.generate(Gen<Int64>.int(in: 0...60 * second).optional)
        return AwayCase(
            trueDeparture: 1_800_000_000 * second + (try source.generate(.int(in: 0...400_000_000 * second))),
            bootAtDeparture: 120 * second + (try source.generate(.int(in: 0...10_000_000 * second))),
            away: away, rebooted: rebooted, uptime: uptime, wallShift: 0,
            departureError: departureError, departureBias: departureBias, arrivalError: arrivalError, arrivalBias: arrivalBias,
            departureHasNetwork: try source.generate(.bool), arrivalHasNetwork: try source.generate(.bool),
            proofDelay: proof, arrivalLie: 0, killedAfterHeartbeat: killed,
            uploadLatency: try source.generate(.int(in: 0...5 * second)), rate: try source.generate(.int(in: 0...100_000)))
    }

    /// Adversarial cases: honest ones plus a wall clock moved by up to ±30 days and, sometimes, every NTP
    /// answer after the return hijacked by 1 h to 30 days either way (threats 1-7 and 9 of docs/guarantees.md).
    static let adversarial: Gen<AwayCase> = Gen { source in
        var value = try source.generate(honest)
        value.wallShift = try source.generate(.int(in: -30 * 86_400 * second...30 * 86_400 * second))
        if try source.generate(.bool) {
            let magnitude = try source.generate(Gen<Int64>.int(in: 3_600 * second...30 * 86_400 * second))
            value.arrivalLie = try source.generate(.bool) ? magnitude : -magnitude
        }
        return value
    }
}
