internal import PlaytimeSystem

/// An ``AccountIntervalStore`` in this process's memory: for one server process and for tests.
package final class InMemoryAccountIntervalStore: AccountIntervalStore {
    private let accounts = ThreadLock<[[UInt8]: AccountIntervals]>([:])

    /// An empty store.
    package init() {}

    /// Records under the lock.
    package func place(account: String, journalID: String, placements: [Placement]) throws(RegistryError) -> [Int64] {
        accounts.withLock { $0[Array(account.utf8), default: AccountIntervals()].place(journalID: journalID, placements) }
    }
}
