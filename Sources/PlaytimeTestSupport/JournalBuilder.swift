import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal

/// Writes journals of session evidence directly, event by event, for tests and benchmarks that need
/// precise control (honest ones, and ones no honest recorder would write). All times are values.
package struct JournalBuilder: ~Copyable {
    private var writer: JournalWriter
    /// The journal's path.
    package let path: String
    /// The key it is written under.
    package let key: JournalKey

    /// Creates (or continues) the journal at `path`.
    package init(path: String, key: JournalKey) throws {
        self.path = path
        self.key = key
        writer = try JournalWriter(path: path, key: key)
    }

    /// Appends one event's evidence.
    @discardableResult
    package mutating func append(_ evidence: Evidence) throws -> UInt64 {
        try writer.append(type: evidence.event.recordType, payload: EvidenceCodec.encode(evidence))
    }

    /// Appends a record of any type with any payload bytes (for records no honest recorder writes).
    @discardableResult
    package mutating func appendRaw(type: String, payload: [UInt8]) throws -> UInt64 {
        try writer.append(type: type, payload: payload)
    }

    /// Appends a claim.
    @discardableResult
    package mutating func append(_ claim: ClaimRecord) throws -> UInt64 {
        try writer.append(type: ClaimRecord.recordType, payload: ClaimCodec.encode(claim))
    }

    /// Appends a departure and a return in one boot, `awaySeconds` apart, both with network time,
    /// starting at `departWall` (true Unix ns, the wall clock honest) and boot reading `departBoot`.
    /// Returns the two pieces of evidence.
    @discardableResult
    package mutating func honestSession(
        id: String, bootID: String = "boot-A", departWall: Int64, departBoot: Int64,
        awaySeconds: Int64, goldPerHour: Int64 = 600, policyVersion: String = RewardPolicy.default.version,
        withNetwork: Bool = true
    ) throws -> (departure: Evidence, arrival: Evidence) {
        let away = awaySeconds * 1_000_000_000
        let departure = Evidence(
            event: .background, sessionID: id, clock: ClockReading(wallNanoseconds: departWall, bootNanoseconds: departBoot, bootID: bootID),
            network: withNetwork ? NetworkTime(unixNanoseconds: departWall, errorBoundNanoseconds: 2_000_000) : nil,
            connectivity: Connectivity(state: .online, reason: "ntp-ok"), goldPerHour: goldPerHour, policyVersion: policyVersion)
        let arrival = Evidence(
            event: .foreground, sessionID: id, clock: ClockReading(wallNanoseconds: departWall + away, bootNanoseconds: departBoot + away, bootID: bootID),
            network: withNetwork ? NetworkTime(unixNanoseconds: departWall + away, errorBoundNanoseconds: 2_000_000) : nil,
            connectivity: Connectivity(state: .online, reason: "ntp-ok"))
        try append(departure)
        try append(arrival)
        return (departure, arrival)
    }

    /// Closes the journal (releasing its lock).
    package consuming func close() throws {
        try writer.close()
    }
}

/// A fresh temporary directory with a key file, removed by `cleanUp()`.
package struct TemporaryJournalDirectory: Sendable {
    /// The directory.
    package let path: String
    /// The key stored at `keyPath`.
    package let key: JournalKey

    /// Creates the directory and a key file.
    package init(prefix: String = "playtime-test") throws {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        key = try KeyFile.generate(path: path + "/key")
    }

    /// The key file.
    package var keyPath: String { path + "/key" }

    /// A file in the directory.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Removes the directory.
    package func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}
