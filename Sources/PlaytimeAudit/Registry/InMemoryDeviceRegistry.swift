internal import PlaytimeSystem

/// A ``DeviceRegistry`` in this process's memory: for one server process and for tests.
package final class InMemoryDeviceRegistry: DeviceRegistry {
    private let records = ThreadLock<[String: DeviceRecord]>([:])

    /// An empty registry.
    package init() {}

    /// The record of `journalID`, if any.
    package func record(journalID: String) throws(RegistryError) -> DeviceRecord? {
        records.withLock { $0[journalID] }
    }

    /// Compare-and-set under the lock.
    package func replace(journalID: String, expected: DeviceRecord?, with new: DeviceRecord) throws(RegistryError) -> Bool {
        records.withLock { records in
            guard records[journalID] == expected else { return false }
            records[journalID] = new
            return true
        }
    }
}
