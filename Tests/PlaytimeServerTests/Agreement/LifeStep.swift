import PropertyTesting

/// One step of a player's lifecycle in the agreement property (issue 18 item 2): what the player, the
/// device, the network or the game's server does next. Times are whole seconds of true time.
enum LifeStep: Sendable, CustomStringConvertible {
    /// What the device's network-time source answers from now on.
    enum Network: Sendable, Equatable, CustomStringConvertible {
        /// Honest NTP, `offsetSeconds` off true time (within a minute: an honest server, docs/journal-format.md §10 `T`).
        case online(offsetSeconds: Int64)
        /// No answer (airplane mode, threat 6).
        case offline
        /// A lying server, `offsetSeconds` off true time (hours: threat 7).
        case spoof(offsetSeconds: Int64)

        var description: String {
            switch self {
            case .online(let offset): return offset == 0 ? "online" : "online(\(offset)s off)"
            case .offline: return "offline"
            case .spoof(let offset): return "spoofNTP(\(offset > 0 ? "+" : "")\(offset)s)"
            }
        }
    }

    /// True time passes (the app in whatever state it is in; in the foreground it heartbeats every 60 s).
    case wait(seconds: Int64)
    /// A foreground heartbeat carrying the rate.
    case heartbeat(goldPerHour: Int64)
    /// The app leaves the foreground; `stamp` asks for signed time right after (``OfflineEarnings/stampDeparture()``).
    case background(goldPerHour: Int64, stamp: Bool)
    /// The player returns, requesting the ad multiplier or not.
    case foreground(ad: Bool)
    /// A cold start of the running process's app (``OfflineEarnings/launch(multipliers:)``).
    case launch(ad: Bool)
    /// The process is killed: the instance is dropped; the next device step opens a new one and launches it.
    case kill
    /// The device reboots (killing the app): a new boot id, the boot clock restarts at `upSeconds` after
    /// `downSeconds` powered off.
    case reboot(downSeconds: Int64, upSeconds: Int64)
    /// The network-time source changes.
    case network(Network)
    /// The Roughtime servers answer (or stop answering).
    case signedTime(answering: Bool)
    /// The player moves the wall clock (threats 1–3); network time does not move.
    case moveWall(seconds: Int64)
    /// ``OfflineEarnings/settle()``.
    case settle
    /// A contact with the game's server: an anchor recorded (docs/anchors.md §1).
    case anchor
    /// The device settles, then uploads its journal to the server.
    case upload

    var description: String {
        switch self {
        case .wait(let seconds): return "wait \(seconds)s"
        case .heartbeat(let rate): return "heartbeat(\(rate)/h)"
        case .background(let rate, let stamp): return "background(\(rate)/h\(stamp ? ", stamp" : ""))"
        case .foreground(let ad): return ad ? "foreground(ad)" : "foreground"
        case .launch(let ad): return ad ? "launch(ad)" : "launch"
        case .kill: return "kill"
        case .reboot(let down, let up): return "reboot(down \(down)s, up \(up)s)"
        case .network(let network): return "network \(network)"
        case .signedTime(let answering): return answering ? "roughtime on" : "roughtime off"
        case .moveWall(let seconds): return "wall \(seconds > 0 ? "+" : "")\(seconds)s"
        case .settle: return "settle"
        case .anchor: return "anchor"
        case .upload: return "upload"
        }
    }

}

/// A generated lifecycle: its steps, and the generator's switches it was made under.
struct Lifecycle: Sendable, CustomStringConvertible {
    var steps: [LifeStep]

    /// True when the device pays from evidence only the server's clock exposes, so only "the server never pays
    /// more than the device showed plus its escrow" is asked of the lifecycle: an NTP server that lies; or a wall
    /// clock moved more than a minute away from true time (an honest device's clock steps stay within the
    /// clock-step tolerance, docs/journal-format.md §10); or — the known disagreement left, docs/guarantees.md A1 —
    /// an honest NTP offset that changes in a lifecycle with a reboot: a session across the reboot can be credited
    /// by network time at its two ends (rule 3a) the change more than the server's clock saw pass, and when its
    /// window of server time is that tight (an anchor or the enrollment just before the departure, the upload at
    /// the return) time conservation trims it. An honest NTP server up to a minute off true time, ahead of the
    /// server's clock or changing its offset between sessions of one boot, is held to the strict rule (issue 33:
    /// rule 0 accepts network time within `T` of the server's clock, and sessions of one journal are placed by
    /// journal order and the boot clock, §10c).
    var lies: Bool {
        var wall: Int64 = 0
        var offset: Int64 = 0
        var offsets: Set<Int64> = []
        var rebooted = false
        for step in steps {
            switch step {
            case .network(.spoof): return true
            case .network(.online(let seconds)): offset = seconds
            case .network(.offline): offset = 0
            case .moveWall(let seconds):
                wall += seconds
                if abs(wall) > 60 { return true }
            case .reboot: rebooted = true
            default: offsets.insert(offset)
            }
        }
        offsets.insert(offset)
        return rebooted && offsets.count > 1
    }

    /// One step per line, numbered, for a failure report.
    var description: String {
        "\n" + steps.enumerated().map { "    \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

/// The generators of the agreement property.
enum LifecycleGen {
    /// Rates at or below the policy's 600 gold/h (a server pays a snapshot above its rate at its rate).
    static let rate: Gen<Int64> = .element(of: [600, 300, 60] as [Int64])

    /// Time away or at play: from under the minimum away time to beyond the 8 h cap.
    static let seconds: Gen<Int64> = .frequency([
        (3, .int(in: Int64(1)...Int64(120))),
        (4, .int(in: Int64(60)...Int64(7_200))),
        (2, .int(in: Int64(3_600)...Int64(40_000))),
    ])

    /// A network-time source: honest (at most 50 s off), offline, or a liar hours off.
    static let network: Gen<LifeStep.Network> = .frequency([
        (5, .constant(.online(offsetSeconds: 0))),
        (1, Gen<Int64>.int(in: Int64(-50)...Int64(50)).map { .online(offsetSeconds: $0) }),
        (3, .constant(.offline)),
        (1, Gen<Int64>.element(of: [-7_200, -600, 900, 7_200] as [Int64]).map { .spoof(offsetSeconds: $0) }),
    ])

    /// One step; `multipliers` lets foreground and launch request the ad multiplier (off until the pending
    /// multiplier semantics of issue 18 item 3 land), `spoofing` lets the network lie.
    static func step(multipliers: Bool, spoofing: Bool) -> Gen<LifeStep> {
        let ad: Gen<Bool> = multipliers ? .bool : .constant(false)
        let source = spoofing ? network : network.filter { if case .spoof = $0 { return false } else { return true } }
        return .frequency([
            (6, seconds.map { .wait(seconds: $0) }),
            (2, rate.map { .heartbeat(goldPerHour: $0) }),
            (5, Gen.zip(rate, .bool).map { .background(goldPerHour: $0.0, stamp: $0.1) }),
            (5, ad.map { .foreground(ad: $0) }),
            (2, ad.map { .launch(ad: $0) }),
            (2, .constant(.kill)),
            (
                1,
                Gen.zip(Gen<Int64>.int(in: Int64(0)...Int64(3_600)), Gen<Int64>.int(in: Int64(5)...Int64(900)))
                    .map { .reboot(downSeconds: $0.0, upSeconds: $0.1) }
            ),
            (3, source.map { .network($0) }),
            (1, Gen<Bool>.bool.map { .signedTime(answering: $0) }),
            (1, Gen<Int64>.element(of: [-7_200, -40, 30, 3_600, 86_400] as [Int64]).map { .moveWall(seconds: $0) }),
            (2, .constant(.settle)),
            (2, .constant(.anchor)),
            (1, .constant(.upload)),
        ])
    }

    /// A lifecycle of 1…`maximumSteps` steps.
    static func lifecycle(multipliers: Bool, spoofing: Bool = true, maximumSteps: Int = 40) -> Gen<Lifecycle> {
        Gen<[LifeStep]>.array(of: step(multipliers: multipliers, spoofing: spoofing), count: 1...maximumSteps).map(Lifecycle.init)
    }
}
