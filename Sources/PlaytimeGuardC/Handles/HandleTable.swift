internal import PlaytimeGuard
internal import PlaytimeSystem

/// The open handles by id: what a C handle names (docs/c.md, "Handles, memory, threads").
///
/// A handle is a number, never a pointer: ids count up from 1 and are never reused, so a closed, freed or made-up
/// handle is found missing here without touching any memory it once named. The table is the C layer's one
/// process-wide value, since C passes the id alone.
final class HandleTable: Sendable {
    /// The table of this process.
    static let shared = HandleTable()

    private struct Contents {
        var handles: [UInt64: Handle] = [:]
        var lastID: UInt64 = 0
    }

    private let contents = ThreadLock(Contents())

    /// Opens the facade on `directory`: its new handle's id, and its journal's path.
    func open(directory: String, configuration: EarningsConfiguration) throws(CFailure) -> (id: UInt64, journalPath: String) {
        let earnings: OfflineEarnings
        do { earnings = try OfflineEarnings(directory: directory, configuration: configuration) } catch { throw .earnings(error) }
        let id = contents.withLock { contents in
            contents.lastID += 1
            contents.handles[contents.lastID] = Handle(id: contents.lastID, earnings: earnings)
            return contents.lastID
        }
        return (id, earnings.journalPath)
    }

    /// The open handle `id`, or ``CStatus/closedHandle``.
    func handle(_ id: UInt64) throws(CFailure) -> Handle {
        guard let handle = contents.withLock({ $0.handles[id] }) else { throw .closedHandle(id) }
        return handle
    }

    /// Removes `id` (later calls find it closed) and closes its handle; false when it was not open.
    func close(_ id: UInt64) -> Bool {
        guard let handle = contents.withLock({ $0.handles.removeValue(forKey: id) }) else { return false }
        handle.close()
        return true
    }

    /// How many handles are open (tests).
    var count: Int { contents.withLock { $0.handles.count } }
}
