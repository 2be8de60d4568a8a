import Foundation
import PlaytimeCrypto
import PlaytimeJournal

/// SplitMix64: deterministic randomness so that a failing case is replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z &>> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z &>> 31)
    }
}

/// Shared keys, journals and temporary files for the journal tests.
enum JournalFixtures {
    static let key: JournalKey = try! JournalKey(bytes: Array(0..<32))
    static let otherKey: JournalKey = try! JournalKey(bytes: Array(100..<132))

    static let types = ["background", "foreground", "heartbeat", "claim", "session.start", "x", "a_b:c-d.e"]

    /// A random JSON object payload: nested values, escapes, unicode, numbers.
    static func payload(_ random: inout SeededGenerator) -> [UInt8] {
        let fields = Int.random(in: 0...4, using: &random)
        var parts: [String] = []
        for index in 0..<fields {
            let value: String
            switch Int.random(in: 0...6, using: &random) {
            case 0: value = String(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &random))
            case 1: value = #""text \"quoted\" \\ back\/slash \u00e9 é 🎮""#
            case 2: value = "[1,2.5,-3e7,true,false,null]"
            case 3: value = #"{"nested":{"deep":[{"k":"v"}]}}"#
            case 4: value = String(repeating: "\"", count: 0) + "\"" + String(repeating: "z", count: Int.random(in: 0...300, using: &random)) + "\""
            case 5: value = #"",\"mac\":\"not-a-mac\"}""#
            default: value = "0.25"
            }
            parts.append("\"f\(index)\":\(value)")
        }
        let spacing = Bool.random(using: &random) ? " " : ""
        return Array(("{" + spacing + parts.joined(separator: "," + spacing) + spacing + "}").utf8)
    }

    /// A journal of `count` random records; returns bytes, the records and each line's byte range.
    static func journal(
        seed: UInt64, count: Int, key: JournalKey = key
    ) -> (bytes: [UInt8], records: [JournalRecord], lines: [Range<Int>]) {
        var random = SeededGenerator(seed: seed)
        var encoder = JournalEncoder(key: key)
        var bytes = encoder.headerLine
        var lines = [0..<bytes.count]
        var records: [JournalRecord] = []
        for _ in 0..<count {
            let type = types.randomElement(using: &random) ?? "x"
            let payload = payload(&random)
            let line = try! encoder.encodeRecord(type: type, payload: payload)
            lines.append(bytes.count..<bytes.count + line.count)
            bytes += line
            records.append(JournalRecord(sequence: encoder.lastSequence, type: type, payload: payload))
        }
        return (bytes, records, lines)
    }
}
