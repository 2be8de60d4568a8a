import PlaytimeSystem
import PropertyTesting
import Testing

/// `String(strictUTF8:)` (Sources/PlaytimeSystem/Text/StrictUTF8.swift) stands in for
/// `String(validating:as:)`, which needs macOS 15 / iOS 18 (docs/apple.md); the standard library's
/// validator is the oracle.
@Suite("Strict UTF-8")
struct StrictUTF8Tests {
    /// Bytes biased toward UTF-8's edges: ASCII, continuation bytes, lead bytes, overlong and surrogate leads.
    static let byte: Gen<UInt64> = .frequency([
        (weight: 3, gen: .uint64(in: 0...0x7f)),
        (weight: 3, gen: .uint64(in: 0x80...0xbf)),
        (weight: 2, gen: .uint64(in: 0xc0...0xf7)),
        (weight: 1, gen: .uint64(in: 0xf8...0xff)),
        (weight: 1, gen: .element(of: [0xc0, 0xc1, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5])),
    ])
    static let text: Gen<String> = Gen<UInt64>.frequency([
        (weight: 3, gen: .uint64(in: 0x20...0x7e)), (weight: 2, gen: .uint64(in: 0xa0...0xd7ff)),
        (weight: 1, gen: .uint64(in: 0xe000...0xfffd)), (weight: 1, gen: .uint64(in: 0x1_0000...0x10_ffff)),
        (weight: 1, gen: .constant(0xfffd)),
    ]).array(count: 0...12).map { scalars in String(String.UnicodeScalarView(scalars.compactMap { Unicode.Scalar(UInt32($0)) })) }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("accepts and refuses exactly what String(validating:as:) does")
    func matchesStandardLibrary() throws {
        let bytes = Self.byte.map { UInt8($0) }.array(count: 0...12)
        try PropertyCheck.check(bytes, count: 5000, name: "strict UTF-8") { bytes in
            let ours = String(strictUTF8: bytes)
            let oracle = String(validating: bytes, as: UTF8.self)
            try PropertyCheck.expect(ours == oracle, "\(bytes): \(String(describing: ours)) ≠ \(String(describing: oracle))")
        }
    }

    @Test("well-formed text (U+FFFD included) comes back unchanged")
    func roundTrip() throws {
        try PropertyCheck.check(Self.text, count: 2000, name: "round trip") { text in
            try PropertyCheck.expect(String(strictUTF8: Array(text.utf8)) == text, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("ill-formed sequences are refused")
    func refusals() {
        for bad: [UInt8] in [
            [0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80],
            [0xff], [0x61, 0xe2, 0x82], [0xef, 0xbf],
        ] {
            #expect(String(strictUTF8: bad) == nil, "\(bad)")
        }
        #expect(String(strictUTF8: [0xef, 0xbf, 0xbd]) == "\u{fffd}")
    }
}
