import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
@_spi(Testing) import PlaytimeServer
import PlaytimeSystem
import PlaytimeTestSupport

/// The server's file stores on the tiny disk: an upload and a redemption with 0 to 4 pages free. Each must either pay
/// or fail with a clear error that pays nothing; the stores must open again afterwards (nothing half-written) with no
/// temporary file left; and once space returns, the same call again must bring the total to what a server with space
/// paid, never more.
struct ServerFaults {
    let disk: TinyDisk
    let scratch: String
    static let secret = Array(repeating: UInt8(9), count: 32)

    func run() async throws -> [ClientFaults.Outcome] {
        let clock = ManualClock()
        let journal = try await enrolledJournal(clock: clock)
        let reference = try server(scratch + "/reference", clock: clock)
        let expected = try await reference.acceptUpload(journal, player: "uploader").paidGold
        var outcomes: [ClientFaults.Outcome] = []
        for pages in 0...4 {
            outcomes.append(try await upload(journal, freePages: pages, clock: clock, expected: expected))
        }
        let ticketClock = ManualClock(wallNanoseconds: clock.read().wallNanoseconds + 3_600_000_000_000)
        let referenceTicket = try server(scratch + "/reference-tickets", clock: ticketClock)
        let ticket = try await referenceTicket.issueTicket(player: "traveller", session: "s1").text
        ticketClock.advance(nanoseconds: 2 * 3_600_000_000_000)
        let ticketGold = try await referenceTicket.redeem(ticket, player: "traveller").gold
        for pages in 0...4 {
            outcomes.append(
                try await redemption(
                    freePages: pages, issuedAt: ticketClock.read().wallNanoseconds - 2 * 3_600_000_000_000,
                    expected: ticketGold))
        }
        return outcomes
    }

    private func server(_ directory: String, clock: ManualClock) throws -> EarningsServer {
        var configuration = ServerConfiguration()
        configuration.clock = clock
        return try EarningsServer(store: directory, ticketSecret: Self.secret, configuration: configuration)
    }

    /// A journal a server of `secret` enrolled, with one 2 h session between anchors (written on an ordinary disk).
    private func enrolledJournal(clock: ManualClock) async throws -> [UInt8] {
        let enroller = try server(scratch + "/enroller", clock: clock)
        var configuration = EarningsConfiguration(policy: .default)
        configuration.clock = clock
        configuration.networkTime = ManualNetworkTimeSource(clock: clock, mode: .offline)
        configuration.connectivityProbe = ScriptedConnectivityProbe(Connectivity(state: .online, reason: "interfaces-up"))
        configuration.enrollment = try await enroller.enroll(player: "uploader")
        let earnings = try OfflineEarnings(directory: scratch + "/uploader", configuration: configuration)
        _ = try await earnings.launch()
        try earnings.background(goldPerHour: 600)
        clock.advance(nanoseconds: 2 * 3_600_000_000_000)
        _ = try await earnings.foreground()
        let request = earnings.anchorRequest()
        _ = try earnings.recordAnchor(try await enroller.anchor(request.text, player: "uploader"), for: request)
        clock.advance(nanoseconds: 60_000_000_000)
        return try FileSystem.readRegularFile(atPath: earnings.journalPath, byteLimit: 1 << 20)
    }

    private func upload(_ journal: [UInt8], freePages: Int, clock: ManualClock, expected: Int64) async throws -> ClientFaults.Outcome {
        var outcome = ClientFaults.Outcome(target: "upload with \(freePages) free page(s)", expected: expected)
        let directory = disk.root + "/upload-\(freePages)"
        let earnings = try server(directory, clock: clock)
        let first = try await onFullDisk(freePages: freePages, directory: directory, clock: clock, into: &outcome) { () async throws(ServerError) in
            let payout = try await earnings.acceptUpload(journal, player: "uploader")
            return (payout.paidGold, payout.payment?.id)
        }
        // The same call again: a backend credits each payment once, by its id (a repeat of one it has is nothing new).
        do {
            let again = try await earnings.acceptUpload(journal, player: "uploader")
            if again.payment?.id == nil || again.payment?.id != first { outcome.paid += again.paidGold }
        } catch {
            outcome.problems.append("the upload again, with space: \(error)")
        }
        if outcome.paid != expected { outcome.problems.append("paid \(outcome.paid) over both uploads, a server with space \(expected)") }
        return outcome
    }

    private func redemption(freePages: Int, issuedAt: Int64, expected: Int64) async throws -> ClientFaults.Outcome {
        var outcome = ClientFaults.Outcome(target: "redemption with \(freePages) free page(s)", expected: expected)
        let directory = disk.root + "/redeem-\(freePages)"
        let clock = ManualClock(wallNanoseconds: issuedAt)
        let earnings = try server(directory, clock: clock)
        let ticket = try await earnings.issueTicket(player: "traveller", session: "s1").text
        clock.advance(nanoseconds: 2 * 3_600_000_000_000)
        let first = try await onFullDisk(freePages: freePages, directory: directory, clock: clock, into: &outcome) { () async throws(ServerError) in
            let payout = try await earnings.redeem(ticket, player: "traveller")
            return (payout.gold, payout.payment?.id)
        }
        var again: String?
        do {
            let payout = try await earnings.redeem(ticket, player: "traveller")
            if payout.payment?.id == nil || payout.payment?.id != first { outcome.paid += payout.gold }
        } catch { again = error.description }
        if outcome.paid > expected { outcome.problems.append("paid \(outcome.paid), more than \(expected)") }
        if outcome.paid < expected {
            // The file stores consume a ticket before its budget grant: a disk full between the two loses it (never pays
            // twice). Reported, not hidden: the payment log (issue 28) answers such a retry.
            outcome.problems.append("lost: paid \(outcome.paid) of \(expected) (the retry: \(again ?? "paid"))")
        }
        // Normal work once space returns: a new ticket pays in full.
        let next = try await earnings.issueTicket(player: "traveller", session: "s2").text
        clock.advance(nanoseconds: 2 * 3_600_000_000_000)
        let paid = try await earnings.redeem(next, player: "traveller").gold
        if paid != expected { outcome.problems.append("a later ticket paid \(paid), expected \(expected)") }
        return outcome
    }

    /// `call` with `freePages` free: the gold it paid (and its payment's id), or its error; then the stores are checked and
    /// the space given back.
    @discardableResult
    private func onFullDisk(
        freePages: Int, directory: String, clock: ManualClock, into outcome: inout ClientFaults.Outcome,
        _ call: () async throws(ServerError) -> (Int64, String?)
    ) async throws -> String? {
        try disk.fill(leavingPages: freePages)
        var id: String?
        defer {
            checkStores(directory, clock: clock, into: &outcome)
            disk.free()
        }
        do {
            let (gold, paid) = try await call()
            outcome.paid += gold
            id = paid
        } catch {
            outcome.failed = true
            outcome.code = error.code.rawValue
            outcome.error = error.description
        }
        return id
    }

    /// The stores open again (nothing half-written) and no temporary file is left in them.
    private func checkStores(_ directory: String, clock: ManualClock, into outcome: inout ClientFaults.Outcome) {
        do { _ = try server(directory, clock: clock) } catch { outcome.problems.append("the stores do not open again: \(error)") }
        for folder in [directory, directory + "/registry", directory + "/accounts", directory + "/grants", directory + "/payments/players"] {
            let left = temporaryFiles(in: folder)
            if !left.isEmpty { outcome.problems.append("temporary files left in \(folder): \(left)") }
        }
        if let words = outcome.error, !words.contains("no space left on device") {
            outcome.problems.append("the error does not say why in words: \(words)")
        }
    }
}
