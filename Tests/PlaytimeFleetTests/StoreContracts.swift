import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeTickets
import Testing

/// The contracts of ``ReplayGuard``, ``BudgetLedger``, ``DeviceRegistry`` and ``AccountIntervalStore`` as checks
/// any conforming store must pass. Each is run against the in-memory store (so the checks themselves are known
/// to hold for the reference) and against the PostgreSQL store.
enum StoreContracts {
    static let start: Int64 = 1_796_083_200_000_000_000
    static let second: Int64 = 1_000_000_000
    static let hour: Int64 = 3600 * second
    static let minute: Int64 = 60 * second
    static let day: Int64 = 24 * hour

    static func claim(
        _ low: UInt64, expiresAt: Int64, player: String = "p", session: String? = nil,
        sessionExpiresAt: Int64? = nil
    ) -> ReplayClaim {
        ReplayClaim(
            nonce: TicketNonce(high: 0xf1ee7, low: low), expiresAt: expiresAt,
            session: SessionKey(player: player, session: session ?? "s-\(low)"), sessionExpiresAt: sessionExpiresAt ?? expiresAt)
    }

    // MARK: - Replay guard

    /// Single use per nonce and per session, refusals record nothing, expiry, byte-exact keys.
    static func replayBasics(_ guardian: any ReplayGuard) throws {
        let until = start + hour
        #expect(try guardian.consume(claim(1, expiresAt: until), now: start) == .firstUse)
        #expect(try guardian.consume(claim(1, expiresAt: until), now: start) == .alreadyUsed)
        // Another nonce for the paid session: refused, and its nonce is not recorded.
        #expect(try guardian.consume(claim(2, expiresAt: until, session: "s-1"), now: start) == .sessionAlreadyPaid)
        #expect(try guardian.consume(claim(2, expiresAt: until, session: "s-2"), now: start) == .firstUse)
        // A reused nonce with a new session is refused, and the new session stays unpaid.
        #expect(try guardian.consume(claim(2, expiresAt: until, session: "s-fresh"), now: start) == .alreadyUsed)
        #expect(try guardian.consume(claim(3, expiresAt: until, session: "s-fresh"), now: start) == .firstUse)
        // Expired at or before now: refused, nothing recorded.
        #expect(try guardian.consume(claim(4, expiresAt: start), now: start) == .expired)
        #expect(try guardian.consume(claim(4, expiresAt: until), now: start) == .firstUse)
        // Byte for byte: NFC and NFD café are two players, and two sessions.
        let nfc = "caf\u{e9}"
        let nfd = "cafe\u{301}"
        #expect(try guardian.consume(claim(5, expiresAt: until, player: nfc, session: "x"), now: start) == .firstUse)
        #expect(try guardian.consume(claim(6, expiresAt: until, player: nfd, session: "x"), now: start) == .firstUse)
        #expect(try guardian.consume(claim(7, expiresAt: until, player: "q", session: nfc), now: start) == .firstUse)
        #expect(try guardian.consume(claim(8, expiresAt: until, player: "q", session: nfd), now: start) == .firstUse)
        #expect(try guardian.consume(claim(9, expiresAt: until, player: "q", session: nfd), now: start) == .sessionAlreadyPaid)
        // Empty and long keys are keys like any other.
        let long = String(repeating: "é", count: 128)
        #expect(try guardian.consume(claim(10, expiresAt: until, player: long, session: long), now: start) == .firstUse)
        #expect(try guardian.consume(claim(11, expiresAt: until, player: long, session: long), now: start) == .sessionAlreadyPaid)
    }

    /// The claims of ``replayBasics(_:)`` in one batch (an upload's sessions): the same decisions in order, a
    /// later claim seeing the earlier ones of the batch; then the same batch again is all replays.
    static func replayBatch(_ guardian: any ReplayGuard) throws {
        let until = start + hour
        let nfc = "caf\u{e9}"
        let nfd = "cafe\u{301}"
        let long = String(repeating: "é", count: 128)
        let claims = [
            claim(1, expiresAt: until), claim(1, expiresAt: until), claim(2, expiresAt: until, session: "s-1"),
            claim(2, expiresAt: until, session: "s-2"), claim(2, expiresAt: until, session: "s-fresh"),
            claim(3, expiresAt: until, session: "s-fresh"), claim(4, expiresAt: start), claim(4, expiresAt: until),
            claim(5, expiresAt: until, player: nfc, session: "x"), claim(6, expiresAt: until, player: nfd, session: "x"),
            claim(7, expiresAt: until, player: "q", session: nfc), claim(8, expiresAt: until, player: "q", session: nfd),
            claim(9, expiresAt: until, player: "q", session: nfd), claim(10, expiresAt: until, player: long, session: long),
            claim(11, expiresAt: until, player: long, session: long),
        ]
        let expected: [ReplayDecision] = [
            .firstUse, .alreadyUsed, .sessionAlreadyPaid, .firstUse, .alreadyUsed, .firstUse, .expired,
            .firstUse, .firstUse, .firstUse, .firstUse, .firstUse, .sessionAlreadyPaid, .firstUse,
            .sessionAlreadyPaid,
        ]
        #expect(try guardian.consume(claims, now: start) == expected)
        // Again: every recorded nonce is a replay; the two refused ones still meet their paid sessions.
        let again: [ReplayDecision] = [
            .alreadyUsed, .alreadyUsed, .alreadyUsed, .alreadyUsed, .alreadyUsed, .alreadyUsed, .expired,
            .alreadyUsed, .alreadyUsed, .alreadyUsed, .alreadyUsed, .alreadyUsed, .sessionAlreadyPaid,
            .alreadyUsed, .sessionAlreadyPaid,
        ]
        #expect(try guardian.consume(claims, now: start) == again)
        #expect(try guardian.consume([], now: start) == [])
    }

    /// After a collection at `horizon`, a claim expiring at or before it is expired even if the clock went back.
    static func replayHorizon(_ guardian: any ReplayGuard, collect: (Int64) throws -> Void) throws {
        #expect(try guardian.consume(claim(20, expiresAt: start + 10 * second), now: start) == .firstUse)
        #expect(try guardian.consume(claim(21, expiresAt: start + 100 * second), now: start) == .firstUse)
        try collect(start + 50 * second)
        // The server clock stepped back: without the horizon nonce 20 would look new.
        #expect(try guardian.consume(claim(20, expiresAt: start + 10 * second), now: start + 5 * second) == .expired)
        #expect(try guardian.consume(claim(21, expiresAt: start + 100 * second), now: start + 5 * second) == .alreadyUsed)
        #expect(try guardian.consume(claim(22, expiresAt: start + 50 * second), now: start) == .expired)
        #expect(try guardian.consume(claim(23, expiresAt: start + 51 * second), now: start) == .firstUse)
    }

    /// Of `tasks` concurrent claims sharing a nonce, and of `tasks` sharing a session, exactly one is first.
    static func replayConcurrency(_ guardian: any ReplayGuard, tasks: Int = 32) async throws {
        let until = start + hour
        let sameNonce = try await concurrently(tasks) { _ in try guardian.consume(claim(30, expiresAt: until), now: start) }
        #expect(sameNonce.filter { $0 == .firstUse }.count == 1)
        #expect(sameNonce.filter { $0 == .alreadyUsed }.count == tasks - 1)
        let sameSession = try await concurrently(tasks) { index in
            try guardian.consume(claim(100 + UInt64(index), expiresAt: until, session: "shared"), now: start)
        }
        #expect(sameSession.filter { $0 == .firstUse }.count == 1)
        #expect(sameSession.filter { $0 == .sessionAlreadyPaid }.count == tasks - 1)
    }

    // MARK: - Budget ledger

    /// Grants what remains of the rolling 24 h, reports the rest withheld, rolls, and never reopens on clock-back.
    static func budgetBasics(_ ledger: any BudgetLedger) throws {
        let p = PlayerKey("p")
        #expect(try ledger.grant(60, to: p, limit: 100, at: start) == BudgetGrant(requested: 60, granted: 60, limit: 100, at: start))
        #expect(try ledger.grant(60, to: p, limit: 100, at: start + hour).granted == 40)
        #expect(try ledger.grant(60, to: p, limit: 100, at: start + 2 * hour).granted == 0)
        // 24 h after the first grant it left the window; the second is still in it.
        #expect(try ledger.grant(100, to: p, limit: 100, at: start + day).granted == 60)
        // Clock set back a day: ledger time stays, nothing reopens.
        let back = try ledger.grant(100, to: p, limit: 100, at: start)
        #expect(back.granted == 0)
        #expect(back.at == start + day)
        // Negative requests and limits count as 0.
        #expect(try ledger.grant(-5, to: PlayerKey("n"), limit: 100, at: start + day) == BudgetGrant(requested: 0, granted: 0, limit: 100, at: start + day))
        #expect(try ledger.grant(5, to: PlayerKey("n"), limit: -1, at: start + day).granted == 0)
        // Byte for byte.
        #expect(try ledger.grant(100, to: PlayerKey("caf\u{e9}"), limit: 100, at: start + day).granted == 100)
        #expect(try ledger.grant(100, to: PlayerKey("cafe\u{301}"), limit: 100, at: start + day).granted == 100)
        // Amounts near the 64-bit limit do not overflow.
        let big = PlayerKey("big")
        #expect(try ledger.grant(.max, to: big, limit: .max, at: start + day).granted == .max)
        #expect(try ledger.grant(.max, to: big, limit: .max, at: start + day).granted == 0)
    }

    /// Concurrent grants of one player together grant exactly the limit when they ask for more.
    static func budgetConcurrency(_ ledger: any BudgetLedger, tasks: Int = 32) async throws {
        let grants = try await concurrently(tasks) { _ in try ledger.grant(7, to: PlayerKey("hot"), limit: 100, at: start) }
        #expect(grants.reduce(0) { $0 + $1.granted } == 100)
        #expect(grants.allSatisfy { $0.granted <= 7 })
    }

    // MARK: - Device registry

    static func record(_ sequence: UInt64, paid: Int64 = 0) -> DeviceRecord {
        var seen = FirstSeenTimes()
        seen.append(sequence: sequence, atNanoseconds: start + Int64(sequence))
        return DeviceRecord(
            headSequence: sequence, headMAC: Array(repeating: UInt8(truncatingIfNeeded: sequence), count: 32),
            paidGold: paid > 0 ? ["s1": paid] : [:], firstSeen: seen)
    }

    /// Compare-and-set on the head: only from the expected record, at most one of concurrent writers.
    static func registryBasics(_ registry: any DeviceRegistry) async throws {
        let id = "00ff"
        #expect(try registry.record(journalID: id) == nil)
        #expect(try registry.replace(journalID: id, expected: nil, with: record(1)) == true)
        #expect(try registry.replace(journalID: id, expected: nil, with: record(2)) == false)
        #expect(try registry.record(journalID: id) == record(1))
        #expect(try registry.replace(journalID: id, expected: record(1), with: record(3, paid: 40)) == true)
        #expect(try registry.replace(journalID: id, expected: record(1), with: record(4)) == false)
        #expect(try registry.record(journalID: id) == record(3, paid: 40))
        let outcomes = try await concurrently(16) { index in
            try registry.replace(journalID: id, expected: record(3, paid: 40), with: record(10 + UInt64(index)))
        }
        #expect(outcomes.filter { $0 }.count == 1)
        let firsts = try await concurrently(16) { index in try registry.replace(journalID: "abcd", expected: nil, with: record(UInt64(index))) }
        #expect(firsts.filter { $0 }.count == 1)
    }

    // MARK: - Account intervals

    /// Placements on the account's line of server time (docs/anchors.md, "Conservation"): never two on one
    /// instant, whatever the journal; idempotent per (journal, session); byte-exact accounts; one shared
    /// provisional pool for unanchored sessions.
    static func accountBasics(_ store: any AccountIntervalStore) throws {
        let day = start..<(start + 24 * hour)
        func place(_ journal: String, _ placements: [Placement], account: String = "a") throws -> [Int64] {
            try store.place(account: account, journalID: journal, placements: placements)
        }
        // A ticket takes its exact interval; an overlapping ticket only the part nobody holds.
        #expect(try place("ticket", [.ticket("n1", interval: start..<(start + 10 * hour), nanoseconds: 10 * hour)]) == [10 * hour])
        #expect(try place("ticket", [.ticket("n2", interval: (start + 5 * hour)..<(start + 20 * hour), nanoseconds: 15 * hour)]) == [10 * hour])
        // The same ticket again holds what it held, and takes nothing more.
        #expect(try place("ticket", [.ticket("n2", interval: (start + 5 * hour)..<(start + 20 * hour), nanoseconds: 15 * hour)]) == [10 * hour])
        // A session whose window is the whole day gets the 4 free hours, wherever they are.
        #expect(
            try place(
                "j1",
                [
                    Placement(
                        sessionID: "s1", window: day, preferred: (start + 1 * hour)..<(start + 7 * hour),
                        nanoseconds: 6 * hour)
                ]) == [4 * hour])
        // Asking again for more finds no free time; asking for less keeps what it holds.
        #expect(try place("j1", [Placement(sessionID: "s1", window: day, preferred: day, nanoseconds: 8 * hour)]) == [4 * hour])
        #expect(try place("j1", [Placement(sessionID: "s1", window: day, preferred: day, nanoseconds: hour)]) == [hour])
        // Accounts are bytes: these two are different accounts.
        #expect(try place("j1", [.ticket("n", interval: start..<(start + hour), nanoseconds: hour)], account: "caf\u{e9}") == [hour])
        #expect(try place("j2", [.ticket("n", interval: start..<(start + hour), nanoseconds: hour)], account: "cafe\u{301}") == [hour])
        // One call for a whole upload, in order: the second session of the batch sees the first.
        let next = (start + 30 * hour)..<(start + 32 * hour)
        let batch: [Placement] = ["t1", "t2", "t1"].map { Placement(sessionID: $0, window: next, preferred: next, nanoseconds: 90 * minute) }
        #expect(try place("j3", batch) == [90 * minute, 30 * minute, 90 * minute])
        // Unanchored sessions of every journal share one provisional allowance.
        let pooled = Placement.unanchored(sessionID: "u", nanoseconds: 50 * minute, capNanoseconds: hour)
        #expect(try place("j5", [pooled]) == [50 * minute])
        #expect(try place("j6", [pooled]) == [10 * minute])
        #expect(try place("j4", []) == [])
    }

    /// Journals of one account placed at once (threads, processes or hosts) never hold the same instant.
    static func accountConcurrency(_ store: any AccountIntervalStore, tasks: Int = 16) async throws {
        let hourOne = (start + 40 * hour)..<(start + 41 * hour)
        let held = try await concurrently(tasks) { index in
            try store.place(
                account: "race", journalID: "j\(index)",
                placements: [Placement(sessionID: "s", window: hourOne, preferred: hourOne, nanoseconds: hour)])[0]
        }
        #expect(held.reduce(0, +) == hour)
    }

    // MARK: - Helpers

    /// Runs `body(0..<count)` on `count` threads at once (each blocking call on a thread of its own); the
    /// results in index order.
    static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count {
                group.addTask { (index, try await onThread { try body(index) }) }
            }
            var results: [(Int, T)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Runs a blocking `body` on a new thread, so that blocking never starves the cooperative pool.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
            }
        }
    }
}
