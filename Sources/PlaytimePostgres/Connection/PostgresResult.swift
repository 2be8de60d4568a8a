/// What one statement returned: column names, rows of text values (`nil` for NULL), and its command tag.
package struct PostgresResult: Sendable, Equatable {
    /// The result's column names, in order; empty for statements without rows.
    package var columns: [String]
    /// The rows, each with one text value (or `nil` for NULL) per column.
    package var rows: [[String?]]
    /// The command tag, such as `INSERT 0 1`, `UPDATE 3` or `SELECT 2`; empty for an empty query.
    package var commandTag: String

    /// Creates a result from its parts.
    package init(columns: [String] = [], rows: [[String?]] = [], commandTag: String = "") {
        self.columns = columns
        self.rows = rows
        self.commandTag = commandTag
    }

    /// The rows the statement inserted, updated, deleted, selected, merged, moved, fetched or copied, from the
    /// command tag's last number; `nil` for other statements.
    package var affectedRows: Int? {
        let words = commandTag.split(separator: " ")
        guard let verb = words.first, Self.countingVerbs.contains(verb), words.count >= 2 else { return nil }
        return Int(words[words.count - 1])
    }

    private static let countingVerbs: Set<Substring> = ["INSERT", "UPDATE", "DELETE", "SELECT", "MERGE", "MOVE", "FETCH", "COPY"]
}
