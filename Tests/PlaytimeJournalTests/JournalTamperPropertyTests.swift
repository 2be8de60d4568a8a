import PlaytimeJournal
import PropertyTesting
import Testing

/// Tamper-evidence properties over generated journals (2 000 cases each, 12 000 in total by default;
/// `PLAYTIME_PROPERTY_COUNT` overrides). Each case is derived from one generated seed, which a failure reports.
@Suite("Journal tamper evidence (properties)")
struct JournalTamperPropertyTests {
    static let count = 2_000

    @Test("payloads and types round-trip exactly and the whole journal verifies")
    func roundTrip() throws {
        try PropertyCheck.forAll(Gen.uint64, count: Self.count, name: "round trip") { (seed: UInt64) throws -> Bool in
            let journal = JournalFixtures.journal(seed: seed, count: Int(seed % 7))
            var delivered: [JournalRecord] = []
            let result = JournalReader.verify(bytes: journal.bytes, key: JournalFixtures.key) { delivered.append($0) }
            try require(result.isIntact, "seed \(seed): \(String(describing: result.failure))")
            try require(delivered == journal.records, "seed \(seed): records differ")
            try require(result.verifiedByteCount == Int64(journal.bytes.count), "seed \(seed): byte count")
            return true
        }
    }

    @Test("every single-byte change is detected")
    func byteFlip() throws {
        try PropertyCheck.forAll(Gen.uint64, count: Self.count, name: "byte flip") { (seed: UInt64) throws -> Bool in
            var random = SeededGenerator(seed: seed)
            var journal = JournalFixtures.journal(seed: seed, count: Int(seed % 5)).bytes
            let position = Int.random(in: 0..<journal.count, using: &random)
            journal[position] ^= UInt8.random(in: 1...255, using: &random)
            let result = JournalReader.verify(bytes: journal, key: JournalFixtures.key)
            try require(!result.isIntact, "seed \(seed): flip at \(position) not detected")
            return true
        }
    }

    @Test("truncation is reported as a torn tail, or leaves fewer records at a line boundary")
    func truncation() throws {
        try PropertyCheck.forAll(Gen.uint64, count: Self.count, name: "truncation") { (seed: UInt64) throws -> Bool in
            var random = SeededGenerator(seed: seed)
            let journal = JournalFixtures.journal(seed: seed, count: 1 + Int(seed % 5))
            let cut = Int.random(in: 0..<journal.bytes.count, using: &random)
            let result = JournalReader.verify(bytes: Array(journal.bytes[0..<cut]), key: JournalFixtures.key)
            let atBoundary = journal.lines.contains { $0.upperBound == cut }
            if atBoundary {
                try require(
                    result.isIntact && result.recordCount < UInt64(journal.records.count),
                    "seed \(seed): cut at line boundary \(cut)")
            } else {
                try require(result.failure?.reason == .truncated, "seed \(seed): cut at \(cut) → \(String(describing: result.failure))")
                try require(result.verifiedByteCount <= Int64(cut), "seed \(seed)")
            }
            return true
        }
    }

    @Test("deleting any record but the last is detected")
    func deletion() throws {
        try PropertyCheck.forAll(Gen.uint64, count: Self.count, name: "deletion") { (seed: UInt64) throws -> Bool in
            var random = SeededGenerator(seed: seed)
            let journal = JournalFixtures.journal(seed: seed, count: 2 + Int(seed % 5))
            let victim = Int.random(in: 0..<(journal.lines.count - 1), using: &random)
            var bytes = journal.bytes
            bytes.removeSubrange(journal.lines[victim])
            var delivered: [JournalRecord] = []
            let result = JournalReader.verify(bytes: bytes, key: JournalFixtures.key) { delivered.append($0) }
            try require(!result.isIntact, "seed \(seed): deleting line \(victim) not detected")
            try require(delivered == Array(journal.records.prefix(max(0, victim - 1))), "seed \(seed): prefix not delivered")
            return true
        }
    }

    @Test("swapping two records is detected")
    func reorder() throws {
        try PropertyCheck.forAll(Gen.uint64, count: Self.count, name: "reorder") { (seed: UInt64) throws -> Bool in
            var random = SeededGenerator(seed: seed)
            let journal = JournalFixtures.journal(seed: seed, count: 2 + Int(seed % 5))
            let first = Int.random(in: 1..<(journal.lines.count - 1), using: &random)
            let second = Int.random(in: (first + 1)..<journal.lines.count, using: &random)
            var lines = journal.lines.map { Array(journal.bytes[$0]) }
            lines.swapAt(first, second)
            let result = JournalReader.verify(bytes: Array(lines.joined()), key: JournalFixtures.key)
            try require(!result.isIntact, "seed \(seed): swap \(first)↔\(second) not detected")
            return true
        }
    }

    @Test("splicing lines from another journal under the same key is detected")
    func splice() throws {
        try PropertyCheck.forAll(Gen.uint64, count: Self.count, name: "splice") { (seed: UInt64) throws -> Bool in
            var random = SeededGenerator(seed: seed)
            let count = 1 + Int(seed % 5)
            let victim = JournalFixtures.journal(seed: seed, count: count)
            // Same seed: identical records and payloads, different random journal id.
            let donor = JournalFixtures.journal(seed: seed, count: count)
            let from = Int.random(in: 0..<donor.lines.count, using: &random)
            let keepUntil = Int.random(in: 0..<victim.lines.count, using: &random)
            var spliced = Array(victim.lines[0...keepUntil].map { victim.bytes[$0] }.joined())
            let useSingleLine = Bool.random(using: &random)
            let donorLines = useSingleLine ? [donor.lines[from]] : Array(donor.lines[from...])
            for line in donorLines { spliced += donor.bytes[line] }
            let result = JournalReader.verify(bytes: spliced, key: JournalFixtures.key)
            try require(!result.isIntact, "seed \(seed): splice of donor line \(from) after \(keepUntil) not detected")
            return true
        }
    }
}

/// A property case that did not hold; the message names the seed.
struct PropertyViolation: Error, CustomStringConvertible {
    let description: String
}

/// Throws a ``PropertyViolation`` with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyViolation) {
    if !condition { throw PropertyViolation(description: message()) }
}
