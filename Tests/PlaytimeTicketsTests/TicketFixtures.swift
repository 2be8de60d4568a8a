import Foundation
import PlaytimeRewards
import PlaytimeTickets

/// Shared keys, instants and factories for the ticket tests. Time is always a value here.
enum TicketFixtures {
    /// 2026-11-29T00:00:00Z in Unix nanoseconds (the test-support ManualClock's default wall time).
    static let start: Int64 = 1_796_083_200_000_000_000
    /// One second in nanoseconds.
    static let second: Int64 = 1_000_000_000
    /// One hour in nanoseconds.
    static let hour: Int64 = 3600 * second

    /// A 32-byte secret 0x00…0x1f (the docs/tickets.md test vector key).
    static let secret: [UInt8] = Array(0..<32)
    /// The vector key, id "k2026".
    static let key = try! TicketKey(id: "k2026", secret: secret)
    /// A second key, for rotation.
    static let nextKey = try! TicketKey(id: "k2027", secret: Array(repeating: 0xa5, count: 32))

    /// An authority with the default policy and the given guard (a fresh in-memory one by default).
    static func authority(
        keys: TicketKeyRing? = nil,
        policy: RewardPolicy = .default,
        retained: [RewardPolicy] = [],
        replayGuard: any ReplayGuard = InMemoryReplayGuard()
    ) -> TicketAuthority {
        let ring = keys ?? (try! TicketKeyRing(current: key))
        return try! TicketAuthority(keys: ring, policy: policy, retainedPolicies: retained, replayGuard: replayGuard)
    }

    /// A fresh empty directory for replay files.
    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "playtime-tickets-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The bytes of the file at `path`.
    static func contents(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path) ?? Data())
    }

    /// Appends raw bytes to the file at `path`, as a crashed writer might have left them.
    static func appendRaw(_ bytes: [UInt8], to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(bytes))
        handle.closeFile()
    }
}
