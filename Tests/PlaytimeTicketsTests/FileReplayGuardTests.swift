import Foundation
import PlaytimeTickets
import Testing

/// Durability, restart, torn tails, compaction and sharing of the file-backed guard.
@Suite("File replay guard")
struct FileReplayGuardTests {
    typealias F = TicketFixtures
    static let headerSize = 44
    static let recordSize = 132

    func nonce(_ index: UInt64) -> TicketNonce { TicketNonce(high: 0xfeed, low: index) }

    @Test("a redeemed ticket stays redeemed after a restart")
    func restart() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let ticket: DepartureTicket
            do {
                let authority = F.authority(replayGuard: try FileReplayGuard(path: path))
                ticket = try authority.issue(player: "p", session: "s", rate: 600, at: F.start)
                _ = try authority.redeem(ticket, player: "p", at: F.start + F.hour)
            }
            let restarted = F.authority(replayGuard: try FileReplayGuard(path: path))
            #expect(throws: TicketError.alreadyRedeemed) { try restarted.redeem(ticket, player: "p", at: F.start + 2 * F.hour) }
            #expect(F.contents(path).count == Self.headerSize + Self.recordSize)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        }
    }

    @Test("the record is on disk when consume returns (read back by an independent reader)")
    func durableBeforeSuccess() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let guardian = try FileReplayGuard(path: path)
            #expect(try guardian.consume(F.claim(nonce(7), expiresAt: F.start + F.hour), now: F.start) == .firstUse)
            let text = String(decoding: F.contents(path), as: UTF8.self)
            #expect(text.hasPrefix("playtime-replay v2 horizon 8000000000000000\n000000000000feed0000000000000007 18ecfb6db3c4a000 "))
            #expect(text.hasSuffix(" 18ecfb6db3c4a000\n"))
        }
    }

    @Test("a torn last record (crash mid-append) is cut off on open; earlier records survive")
    func tornTail() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            do {
                let guardian = try FileReplayGuard(path: path)
                for index: UInt64 in 0..<3 { _ = try guardian.consume(F.claim(nonce(index), expiresAt: F.start + F.hour), now: F.start) }
            }
            F.appendRaw(Array("000000000000feed00000000000000".utf8), to: path)
            let reopened = try FileReplayGuard(path: path)
            #expect(reopened.liveCount == 3)
            #expect(F.contents(path).count == Self.headerSize + 3 * Self.recordSize)
            #expect(try reopened.consume(F.claim(nonce(1), expiresAt: F.start + F.hour), now: F.start) == .alreadyUsed)
            #expect(try reopened.consume(F.claim(nonce(3), expiresAt: F.start + F.hour), now: F.start) == .firstUse)
            #expect(F.contents(path).count == Self.headerSize + 4 * Self.recordSize)
        }
    }

    @Test("a full-length but unwritten last record (zeros after a crash) is cut off too")
    func zeroTail() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            do { _ = try FileReplayGuard(path: path).consume(F.claim(nonce(1), expiresAt: F.start + F.hour), now: F.start) }
            F.appendRaw(Array(repeating: 0, count: Self.recordSize), to: path)
            let reopened = try FileReplayGuard(path: path)
            #expect(reopened.liveCount == 1)
            #expect(F.contents(path).count == Self.headerSize + Self.recordSize)
        }
    }

    @Test("an invalid record before the end is corruption: the guard refuses to open rather than forget nonces")
    func corruptMiddle() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            do {
                let guardian = try FileReplayGuard(path: path)
                for index: UInt64 in 0..<3 { _ = try guardian.consume(F.claim(nonce(index), expiresAt: F.start + F.hour), now: F.start) }
            }
            var bytes = F.contents(path)
            bytes[Self.headerSize + Self.recordSize + 3] = UInt8(ascii: "x")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(
                throws: ReplayStoreError.corrupt(
                    path: path, offset: Int64(Self.headerSize + Self.recordSize),
                    reason: "invalid record before the end of the file")
            ) {
                try FileReplayGuard(path: path)
            }
            try Data("not a replay file\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: ReplayStoreError.corrupt(path: path, offset: 0, reason: "missing or invalid header")) {
                try FileReplayGuard(path: path)
            }
        }
    }

    @Test("compaction removes expired nonces, keeps unexpired ones, and survives a restart")
    func compaction() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let guardian = try FileReplayGuard(path: path)
            for index in 0..<10 {
                let expiry = F.start + (index < 6 ? 10 : 1000) * F.second
                #expect(try guardian.consume(F.claim(nonce(UInt64(index)), expiresAt: expiry), now: F.start) == .firstUse)
            }
            let report = try guardian.compact(now: F.start + 100 * F.second)
            #expect(report == ReplayCompaction(recordsBefore: 10, recordsAfter: 4, horizon: F.start + 100 * F.second))
            #expect(F.contents(path).count == Self.headerSize + 4 * Self.recordSize)
            #expect(!FileManager.default.fileExists(atPath: path + ".compact"))

            let reopened = try FileReplayGuard(path: path)
            #expect(reopened.liveCount == 4)
            #expect(reopened.horizon == F.start + 100 * F.second)
            // Kept: still used. Collected: reported expired even if the clock went back.
            #expect(try reopened.consume(F.claim(nonce(8), expiresAt: F.start + 1000 * F.second), now: F.start) == .alreadyUsed)
            #expect(try reopened.consume(F.claim(nonce(2), expiresAt: F.start + 10 * F.second), now: F.start) == .expired)
        }
    }

    @Test("automatic compaction keeps the file bounded while tickets expire")
    func automaticCompaction() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let guardian = try FileReplayGuard(path: path, compactionThreshold: 16)
            for index in 0..<200 {
                let now = F.start + Int64(index) * F.second
                #expect(try guardian.consume(F.claim(nonce(UInt64(index)), expiresAt: now + 5 * F.second), now: now) == .firstUse)
            }
            #expect(guardian.recordCount <= 32)
            #expect(F.contents(path).count == Self.headerSize + guardian.recordCount * Self.recordSize)
        }
    }

    @Test("32 concurrent redemptions of one ticket through one file guard: exactly one pays")
    func concurrentOneGuard() async throws {
        try await F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let authority = F.authority(replayGuard: try FileReplayGuard(path: path))
            let text = try authority.issue(player: "p", session: "s", rate: 600, at: F.start).encodedText()
            let outcomes = await ConcurrentRedemption.run(tasks: 32) { _ throws(TicketError) in
                try authority.redeem(text, player: "p", at: F.start + F.hour)
            }
            #expect(outcomes.paid == 1)
            #expect(outcomes.alreadyRedeemed == 31)
            #expect(outcomes.other.isEmpty)
            #expect(F.contents(path).count == Self.headerSize + Self.recordSize)
        }
    }

    @Test("two guards on one file (separate opens, as two processes have) share decisions: exactly one of 32 pays")
    func concurrentTwoGuards() async throws {
        try await F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let servers = [
                F.authority(replayGuard: try FileReplayGuard(path: path)),
                F.authority(replayGuard: try FileReplayGuard(path: path)),
            ]
            for round in 0..<5 {
                let text = try servers[0].issue(player: "p", session: "s\(round)", rate: 600, at: F.start).encodedText()
                let outcomes = await ConcurrentRedemption.run(tasks: 32) { index throws(TicketError) in
                    try servers[index % 2].redeem(text, player: "p", at: F.start + F.hour)
                }
                #expect(outcomes.paid == 1, "round \(round)")
                #expect(outcomes.alreadyRedeemed == 31, "round \(round)")
            }
            #expect(F.contents(path).count == Self.headerSize + 5 * Self.recordSize)
        }
    }

    @Test("a compaction by one guard is picked up by the other")
    func compactionSeenByOther() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let first = try FileReplayGuard(path: path)
            let second = try FileReplayGuard(path: path)
            #expect(try first.consume(F.claim(nonce(1), expiresAt: F.start + 10 * F.second), now: F.start) == .firstUse)
            #expect(try first.consume(F.claim(nonce(2), expiresAt: F.start + 1000 * F.second), now: F.start) == .firstUse)
            #expect(try second.consume(F.claim(nonce(2), expiresAt: F.start + 1000 * F.second), now: F.start) == .alreadyUsed)
            _ = try first.compact(now: F.start + 100 * F.second)
            #expect(try second.consume(F.claim(nonce(2), expiresAt: F.start + 1000 * F.second), now: F.start) == .alreadyUsed)
            #expect(try second.consume(F.claim(nonce(1), expiresAt: F.start + 10 * F.second), now: F.start) == .expired)
            #expect(second.horizon == F.start + 100 * F.second)
            #expect(try second.consume(F.claim(nonce(3), expiresAt: F.start + 1000 * F.second), now: F.start) == .firstUse)
            #expect(try first.consume(F.claim(nonce(3), expiresAt: F.start + 1000 * F.second), now: F.start) == .alreadyUsed)
        }
    }

    @Test("a torn tail left by another writer is cut off by the next caller")
    func tornTailWhileOpen() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let guardian = try FileReplayGuard(path: path)
            _ = try guardian.consume(F.claim(nonce(1), expiresAt: F.start + F.hour), now: F.start)
            F.appendRaw(Array("0000".utf8), to: path)
            #expect(try guardian.consume(F.claim(nonce(2), expiresAt: F.start + F.hour), now: F.start) == .firstUse)
            #expect(F.contents(path).count == Self.headerSize + 2 * Self.recordSize)
            #expect(try FileReplayGuard(path: path).liveCount == 2)
        }
    }

    @Test("if the file disappears the guard refuses instead of starting over")
    func missingFile() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/replay"
            let guardian = try FileReplayGuard(path: path)
            try FileManager.default.removeItem(atPath: path)
            #expect(throws: ReplayStoreError.missing(path: path)) {
                try guardian.consume(F.claim(nonce(1), expiresAt: F.start + F.hour), now: F.start)
            }
            let authority = F.authority(replayGuard: guardian)
            let ticket = try authority.issue(player: "p", session: "s", rate: 1, at: F.start)
            #expect(throws: TicketError.storeFailure(.missing(path: path))) { try authority.redeem(ticket, player: "p", at: F.start + F.hour) }
        }
    }

    @Test("opening in a directory that does not exist is a typed system error")
    func unopenable() {
        #expect(throws: ReplayStoreError.self) { try FileReplayGuard(path: "/nonexistent-dir-\(UUID().uuidString)/replay") }
    }
}
