/// When a game server first saw the records of one journal: after each accepted upload, the head sequence
/// and the server's clock then. A record is judged as of the time it was first seen, so network time (or a
/// wall clock) ahead of the server when it arrived is never trusted later, however often the same evidence
/// is uploaded again (docs/journal-format.md §10, rule 0).
package struct FirstSeenTimes: Sendable, Hashable, Codable {
    /// One accepted upload: every record up to `sequence` had been seen by `atNanoseconds` (Unix ns).
    package struct Checkpoint: Sendable, Hashable, Codable {
        /// The upload's head sequence.
        package var sequence: UInt64
        /// The server's clock when it accepted that upload.
        package var atNanoseconds: Int64

        /// Creates a checkpoint.
        package init(sequence: UInt64, atNanoseconds: Int64) {
            self.sequence = sequence
            self.atNanoseconds = atNanoseconds
        }
    }

    /// The checkpoints, in increasing sequence order.
    package private(set) var checkpoints: [Checkpoint]

    /// No earlier uploads: every record is judged as of now.
    package init() { checkpoints = [] }

    /// Adds an accepted upload whose head is `sequence` at `atNanoseconds`; ignored unless it extends the last.
    package mutating func append(sequence: UInt64, atNanoseconds: Int64) {
        if let last = checkpoints.last, sequence <= last.sequence { return }
        checkpoints.append(Checkpoint(sequence: sequence, atNanoseconds: atNanoseconds))
    }

    /// The time record `sequence` was first seen, or `now` when no earlier upload held it (or the
    /// sequence is unknown); never later than `now`.
    package func judgingTime(of sequence: UInt64?, now: Int64) -> Int64 {
        guard let sequence, let last = checkpoints.last, sequence <= last.sequence else { return now }
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].sequence >= sequence { high = middle } else { low = middle + 1 }
        }
        return min(checkpoints[low].atNanoseconds, now)
    }
}
