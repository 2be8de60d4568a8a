import PlaytimeTestSupport
import Testing

/// The disagreements the agreement property found (issue 18 item 2) between what the device showed and what the
/// server paid, each as its minimal lifecycle, played under the strict rule of ``AgreementPropertyTests``. They were
/// kept as `withKnownIssue` reproductions until issue 33 closed them (docs/journal-format.md §10 rule 0, §10c;
/// docs/guarantees.md A1): the property's generator no longer counts these lifecycles as a liar's
/// (``Lifecycle/lies``).
@Suite("Agreement: known disagreements between device and server")
struct AgreementKnownDisagreementTests {
    @Test("Honest NTP 30 s ahead, the journal uploaded at the return: the server uses the return's network time, as the device does")
    func honestNetworkAheadOfTheServerSlack() async throws {
        // docs/journal-format.md §10 rule 0: network time is from the future only beyond the clock-step tolerance
        // T = 120 s after the server's clock, within which honest NTP a minute off always lies. The device cannot read
        // the server's clock, so a 2 s slack made the server drop what the device paid (issue 18; the server paid the
        // uptime bound, 24 gold of the device's 299).
        try await runOffCooperativePool {
            try AgreementPropertyTests.agree(
                Lifecycle(steps: [
                    .network(.online(offsetSeconds: 30)), .background(goldPerHour: 600, stamp: false),
                    .reboot(downSeconds: 3_000, upSeconds: 600),
                ]), strict: true)
        }
    }

    @Test("Honest NTP 50 s ahead, two back-to-back sessions of one boot uploaded at the second's return: both paid in full")
    func honestNetworkAheadBackToBack() async throws {
        // The second session's network interval ends 50 s after the server's clock: placed within T of it, it no
        // longer lands on the first (docs/anchors.md §3).
        try await runOffCooperativePool {
            try AgreementPropertyTests.agree(
                Lifecycle(steps: [
                    .network(.online(offsetSeconds: 50)), .heartbeat(goldPerHour: 600), .background(goldPerHour: 600, stamp: false),
                    .wait(seconds: 600), .foreground(ad: false), .background(goldPerHour: 600, stamp: false), .wait(seconds: 600),
                    .foreground(ad: false),
                ]), strict: true)
        }
    }

    @Test("Honest NTP 5 s behind from the second of two back-to-back sessions of one boot: both paid in full")
    func honestNetworkOffsetChangeBetweenSessions() async throws {
        // The app restarted between them takes a new fix, so the second session's departure reads network time 5 s
        // lower, along the boot clock, than the first's return did: on network time the second departs before the
        // first returned. The in-journal overlap check withheld it (paid 0 of 49), and on network time their
        // certainly-away intervals share 5 s, which time conservation trimmed. Within one boot the boot clock orders
        // the two (docs/journal-format.md §10c).
        try await runOffCooperativePool {
            try AgreementPropertyTests.agree(
                Lifecycle(steps: [
                    .heartbeat(goldPerHour: 600), .background(goldPerHour: 600, stamp: false), .wait(seconds: 600),
                    .foreground(ad: false), .network(.online(offsetSeconds: -5)), .kill, .background(goldPerHour: 600, stamp: false),
                    .wait(seconds: 600), .foreground(ad: false),
                ]), strict: true)
        }
    }

    @Test("Honest NTP 3 s ahead, then a session judged by signed time right after: both paid in full (seed 3301, case 3705)")
    func honestNetworkAheadThenSignedTime() async throws {
        // The signed session is placed first (best proven) at true time; the network-placed session before it ended
        // 3 s into it and was trimmed by 1 gold. The signed interval now follows the previous one (§10c).
        try await runOffCooperativePool {
            try AgreementPropertyTests.agree(
                Lifecycle(steps: [
                    .network(.online(offsetSeconds: 3)), .heartbeat(goldPerHour: 600), .background(goldPerHour: 600, stamp: false),
                    .wait(seconds: 61), .foreground(ad: false), .background(goldPerHour: 600, stamp: true), .wait(seconds: 62),
                    .foreground(ad: false),
                ]), strict: true)
        }
    }

    @Test("Honest NTP 40 s behind after a reboot between two sessions: both paid in full")
    func honestNetworkOffsetChangeAcrossAReboot() async throws {
        // Across boots network time is compared within T (§10c): a new boot's fix 40 s lower is not an overlap.
        try await runOffCooperativePool {
            try AgreementPropertyTests.agree(
                Lifecycle(steps: [
                    .heartbeat(goldPerHour: 600), .background(goldPerHour: 600, stamp: false), .wait(seconds: 600),
                    .foreground(ad: false), .network(.online(offsetSeconds: -40)), .reboot(downSeconds: 0, upSeconds: 5),
                    .background(goldPerHour: 600, stamp: false), .wait(seconds: 600), .foreground(ad: false),
                ]), strict: true)
        }
    }

    @Test("Honest NTP 1 s behind after a fix of true time: back-to-back sessions overlap by 0.99 s on network time, and are paid in full")
    func honestNetworkOffsetChangeUnderASecond() async throws {
        // docs/anchors.md, "Conservation": the certainly-away intervals shared 0.99 s, under the one second a placement
        // may fall short at no cost (it was trimmed by 1 gold, with time-not-conserved, before that rule); they are
        // now placed one after the other by the boot clock (§10c).
        try await runOffCooperativePool {
            try AgreementPropertyTests.agree(
                Lifecycle(steps: [
                    .heartbeat(goldPerHour: 600), .network(.online(offsetSeconds: -1)), .background(goldPerHour: 600, stamp: false),
                    .kill, .wait(seconds: 61), .background(goldPerHour: 600, stamp: false), .wait(seconds: 120), .anchor,
                    .foreground(ad: false),
                ]), strict: true)
        }
    }
}
