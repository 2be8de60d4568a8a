import Foundation
import PlaytimeGuard

/// Byte-level journal surgery for the threat-8 scenarios: what a player with a file editor can do.
enum JournalTampering {
    /// The journal's lines (each without its LF).
    static func lines(of path: String) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Array(data).split(separator: 0x0A, omittingEmptySubsequences: true).map(Array.init)
    }

    /// Writes `lines` back, each followed by LF.
    static func write(_ lines: [[UInt8]], to path: String) {
        var bytes: [UInt8] = []
        for line in lines { bytes += line + [0x0A] }
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// The index of the first line of record type `type`.
    static func index(ofType type: String, in lines: [[UInt8]]) -> Int? {
        let needle = Array("\"type\":\"\(type)\"".utf8)
        return lines.firstIndex { contains($0, needle) }
    }

    /// Moves the departure back: the first digit of the background record's `"boot":` value is lowered
    /// (or raised when it is already 0). The MAC is left as it was, since the player has no key.
    static func editDeparture(at path: String) {
        var all = lines(of: path)
        guard let index = index(ofType: "session.background", in: all), let at = position(of: Array("\"boot\":".utf8), in: all[index]) else { return }
        let digit = at + 7
        guard digit < all[index].count else { return }
        all[index][digit] = all[index][digit] == UInt8(ascii: "0") ? UInt8(ascii: "1") : all[index][digit] - 1
        write(all, to: path)
    }

    /// Replaces the background record of `target` with the one of `donor` (same key, another journal).
    static func spliceDeparture(from donor: String, into target: String) {
        var all = lines(of: target)
        let other = lines(of: donor)
        guard let index = index(ofType: "session.background", in: all), let source = self.index(ofType: "session.background", in: other) else { return }
        all[index] = other[source]
        write(all, to: target)
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool { position(of: needle, in: haystack) != nil }

    private static func position(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }
}
