/// The first line of a journal that failed verification, and why.
package struct JournalFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why a line is rejected. Raw values are the stable names used in reports and the CLI.
    package enum Reason: String, Sendable, Equatable, CaseIterable {
        /// The line is well formed but its MAC does not match (edited, reordered, spliced or forged).
        case macMismatch = "mac-mismatch"
        /// A record's sequence number is not the previous one plus one (deleted, reordered or duplicated).
        case sequenceGap = "sequence-gap"
        /// The journal ends inside a line (torn tail from a crash) or is empty.
        case truncated
        /// The line does not follow the fixed layout.
        case malformed
        /// The header names a format version this code does not read.
        case unsupportedVersion = "unsupported-version"
        /// The header's key id is not the id of the key given: the journal belongs to another key.
        case wrongKey = "wrong-key"
    }

    /// Why the line was rejected.
    package var reason: Reason
    /// The 1-based line number (line 1 is the header).
    package var line: Int
    /// Offset of the first byte of the bad line; every byte before it verified.
    package var byteOffset: Int64

    /// Creates a failure value.
    package init(reason: Reason, line: Int, byteOffset: Int64) {
        self.reason = reason
        self.line = line
        self.byteOffset = byteOffset
    }

    /// `<reason> at line <n> (byte <offset>)`.
    package var description: String { "\(reason.rawValue) at line \(line) (byte \(byteOffset))" }
}
