/// The named prepared statements one connection made, by SQL text: a statement seen again is only bound and
/// executed (no Parse, no planning from scratch), as libpq's prepared mode does. Bounded; the oldest goes first.
struct StatementCache {
    /// One prepared statement: its server-side name and its result columns (from Describe at prepare time).
    struct Entry {
        let name: String
        let columns: [String]
    }

    /// How many statements at most; 0 turns the cache off (every query uses the unnamed statement).
    let capacity: Int
    private var entries: [String: Entry] = [:]
    /// SQL texts, oldest first.
    private var order: [String] = []
    private var counter = 0
    /// Evicted or invalidated statements, to Close at the start of the next pipeline.
    private(set) var pendingCloses: [String] = []

    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The statement prepared for `sql`, if any.
    func entry(for sql: String) -> Entry? { entries[sql] }

    /// A name no statement of this connection has had: `pt1`, `pt2`, …
    mutating func makeName() -> String {
        counter += 1
        return "pt\(counter)"
    }

    /// Records a statement the server prepared, evicting the oldest when full.
    mutating func insert(_ entry: Entry, for sql: String) {
        guard capacity > 0 else { return }
        if let old = entries[sql] { forget(sql, closing: old.name) }
        if entries.count >= capacity, let oldest = order.first, let evicted = entries[oldest] {
            forget(oldest, closing: evicted.name)
        }
        entries[sql] = entry
        order.append(sql)
    }

    /// Drops the statement for `sql` (the server no longer has it, or it no longer fits) and closes it.
    mutating func remove(_ sql: String) {
        if let entry = entries[sql] { forget(sql, closing: entry.name) }
    }

    /// Forgets every statement without closing any: `DISCARD ALL` or `DEALLOCATE ALL` removed them already.
    mutating func forgetAll() {
        entries.removeAll()
        order.removeAll()
        pendingCloses.removeAll()
    }

    /// The pending Close list was sent.
    mutating func closesSent() { pendingCloses.removeAll() }

    private mutating func forget(_ sql: String, closing name: String) {
        entries[sql] = nil
        order.removeAll { $0 == sql }
        pendingCloses.append(name)
    }
}
