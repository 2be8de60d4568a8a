import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeServer
import PlaytimeTestSupport
import PropertyTesting
import Testing

/// Fairness of conservation (docs/anchors.md, docs/guarantees.md C1): random honest lifecycles of one account —
/// several enrolled devices whose away periods do not overlap, anchors at random contacts, reboots while away,
/// NTP at some returns, wall clocks a minute off, uploads at random moments — are never trimmed: every session
/// is paid at least the reward for 99 % of its true time away, and no upload has a finding.
@Suite("Fairness: honest lifecycles lose nothing to time conservation")
struct HonestConservationTests {
    /// One away session of the account, on one of its devices.
    struct Step: Sendable, CustomStringConvertible {
        var device: Int
        var playSeconds: Int64
        var awaySeconds: Int64
        var reboot: Bool
        var anchorAtLaunch: Bool
        var anchorAfterReturn: Bool
        var ntpAtReturn: Bool
        var upload: Bool
        var wallSkewSeconds: Int64

        var description: String {
            "device \(device): play \(playSeconds) s, away \(awaySeconds) s\(reboot ? ", reboot" : "")\(anchorAtLaunch ? ", anchor at launch" : "")"
                + "\(anchorAfterReturn ? ", anchor after return" : "")\(ntpAtReturn ? ", NTP at return" : "")\(upload ? ", upload" : ""), wall \(wallSkewSeconds) s off"
        }
    }

    static let step: Gen<Step> = Gen.zip(
        Gen.zip(.int(in: 0...2), .int(in: 5...1_800), .int(in: 60...14_400), .bool),
        Gen.zip(.bool, .bool, .bool, .bool), .int(in: -60...60)
    )
    .map { first, second, skew in
        Step(
            device: first.0, playSeconds: first.1, awaySeconds: first.2, reboot: first.3, anchorAtLaunch: second.0,
            anchorAfterReturn: second.1, ntpAtReturn: second.2, upload: second.3, wallSkewSeconds: skew)
    }

    /// A device's journal and clocks.
    struct Device {
        var journal: AnchoredJournal
        var bootID: String
        var bootStart: Int64
        /// The latest network time the device holds in this boot: (server time, boot reading).
        var fix: (time: Int64, boot: Int64)?
        var boots = 0
    }

    static let s: Int64 = 1_000_000_000

    @Test("random honest lifecycles of up to three devices: nothing trimmed, nothing flagged, ≥ 99 % credited")
    func honestLifecyclesKeepTheirTime() throws {
        try PropertyCheck.check(Gen<[Step]>.array(of: Self.step, count: 1...8), count: 20, name: "honest conservation") { steps in
            try Self.play(steps)
        }
    }

    static func play(_ steps: [Step]) throws {
        let fixture = ServerFixture()
        defer { fixture.cleanUp() }
        let server = try fixture.server()
        let start = fixture.clock.read().wallNanoseconds
        var devices = try (0..<3).map { index in
            Device(journal: try AnchoredJournal(enrolledBy: server, player: "ann"), bootID: "boot-\(index)-0", bootStart: start - 3_600 * s)
        }
        var now = start + 30 * s
        func setClock(_ time: Int64) { fixture.clock.advance(nanoseconds: time - fixture.clock.read().wallNanoseconds) }
        var paid: [String: Int64] = [:]
        var expected: [String: (low: Int64, high: Int64)] = [:]
        var problems: [String] = []
        func upload(_ index: Int) throws {
            setClock(now)
            let result = try server.acceptUpload(devices[index].journal.bytes, player: "ann")
            for finding in result.decision.findings where finding.kind != .uploadReplay { problems.append(finding.description) }
            for payment in result.decision.payments { paid[payment.sessionID] = max(paid[payment.sessionID] ?? 0, payment.totalPaid) }
        }
        func anchor(_ index: Int) throws {
            setClock(now)
            let boot = now - devices[index].bootStart
            try devices[index].journal.anchor(server, boot: boot, bootID: devices[index].bootID)
            devices[index].fix = (now, boot)
        }
        for (number, step) in steps.enumerated() {
            let index = step.device
            now += step.playSeconds * s
            // A reboot is proven by network time at both ends: its departure needs a fix of its boot.
            if step.anchorAtLaunch || (step.reboot && devices[index].fix == nil) {
                try anchor(index)
                now += s
            }
            let id = String(format: "%016x", number + 1)
            let departureBoot = now - devices[index].bootStart
            let departureNet = devices[index].fix.map { fix in
                let distance = departureBoot - fix.boot
                return NetworkTime(unixNanoseconds: fix.time + distance, errorBoundNanoseconds: 1_000_000 + distance / 10_000 + 1)
            }
            let away = step.awaySeconds * s
            let departureWall = now + step.wallSkewSeconds * s
            try devices[index].journal.event(
                .background, id, wall: departureWall, boot: departureBoot, bootID: devices[index].bootID,
                network: departureNet, rate: 300)
            if step.reboot {
                devices[index].boots += 1
                devices[index].bootID = "boot-\(index)-\(devices[index].boots)"
                devices[index].bootStart = now + away / 2
                devices[index].fix = nil
            }
            now += away
            let returnBoot = now - devices[index].bootStart
            var returnNet: NetworkTime?
            if step.ntpAtReturn || step.reboot {
                returnNet = NetworkTime(unixNanoseconds: now, errorBoundNanoseconds: 2_000_000)
                devices[index].fix = (now, returnBoot)
            } else if let fix = devices[index].fix {
                let distance = returnBoot - fix.boot
                returnNet = NetworkTime(unixNanoseconds: fix.time + distance, errorBoundNanoseconds: 1_000_000 + distance / 10_000 + 1)
            }
            try devices[index].journal.event(
                .foreground, id, wall: now + step.wallSkewSeconds * s, boot: returnBoot, bootID: devices[index].bootID,
                network: returnNet, rate: 0)
            let calculator = try RewardCalculator(policy: .default)
            func gold(_ seconds: Int64) throws -> Int64 {
                try calculator.calculate(RewardClaim(creditedSeconds: seconds, status: .verified, goldPerHour: 300, requestedMultipliers: [])).paidNow
            }
            // At least 99 % of the time away, less what the network fixes' own error bounds cannot prove (a fix
            // carried along the boot clock grows by 100 ppm: hours later, a second or more).
            let unproven = ((departureNet?.errorBoundNanoseconds ?? 0) + (returnNet?.errorBoundNanoseconds ?? 0)) / Self.s + 1
            expected[id] = (try gold(max(0, step.awaySeconds * 99 / 100 - unproven)), try gold(step.awaySeconds))
            if step.anchorAfterReturn {
                now += s
                try anchor(index)
            }
            if step.upload {
                now += 2 * s
                try upload(index)
            }
        }
        now += 5 * s
        for index in devices.indices { try upload(index) }
        try PropertyCheck.expect(problems.isEmpty, "findings on honest uploads: \(problems)")
        for (id, bounds) in expected {
            let got = paid[id] ?? 0
            try PropertyCheck.expect(got >= bounds.low && got <= bounds.high, "session \(id) paid \(got), expected \(bounds.low)…\(bounds.high)")
        }
    }
}
