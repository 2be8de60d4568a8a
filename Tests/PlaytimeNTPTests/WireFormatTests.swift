import PropertyTesting
import Testing

@testable import PlaytimeNTP

@Suite("Wire format")
struct WireFormatTests {
    @Test("Unix epoch is NTP second 2208988800 (0x83AA7E80)")
    func unixEpoch() {
        let stamp = NTPTimestamp(unixNanoseconds: 0)
        #expect(stamp.seconds == 0x83AA_7E80)
        #expect(stamp.fraction == 0)
        #expect(stamp.unixNanoseconds(near: 0) == 0)
    }

    @Test("Half a second is fraction 0x80000000")
    func halfSecond() {
        let stamp = NTPTimestamp(unixNanoseconds: 1_500_000_000)
        #expect(stamp.seconds == 0x83AA_7E81)
        #expect(stamp.fraction == 0x8000_0000)
    }

    @Test("Era 1 starts at 2036-02-07T06:28:16Z with seconds field 0")
    func eraBoundary() {
        let boundary: Int64 = 2_085_978_496 * 1_000_000_000
        let stamp = NTPTimestamp(unixNanoseconds: boundary)
        #expect(stamp.rawValue == 0)
        // Just before the wrap: the last second of era 0.
        let before = NTPTimestamp(unixNanoseconds: boundary - 1_000_000_000)
        #expect(before.seconds == UInt32.max)
        // Decoded with a pivot on either side of the boundary, both land in the right era.
        for pivot in [boundary - 86_400 * 1_000_000_000 * 3650, boundary, boundary + 86_400 * 1_000_000_000 * 3650] {
            #expect(NTPTimestamp(rawValue: 0).unixNanoseconds(near: pivot) == boundary)
            #expect(before.unixNanoseconds(near: pivot) == boundary - 1_000_000_000)
        }
    }

    @Test(
        "Round trip is exact to the nanosecond's rounding across eras",
        arguments: [
            Int64(0), 1_796_083_200_123_456_789, 2_085_978_495_999_999_999, 2_085_978_496_000_000_001,
            4_000_000_000_000_000_000, -1_000_000_000_000_000_000,
        ])
    func roundTrip(unix: Int64) {
        let decoded = NTPTimestamp(unixNanoseconds: unix).unixNanoseconds(near: unix + 40 * 365 * 86_400 * 1_000_000_000)
        #expect(abs(decoded - unix) <= 1)
    }

    @Test("A client request is 0x23 then zeros, with the nonce as transmit timestamp")
    func clientRequestGolden() {
        let bytes = NTPPacket.clientRequest(nonce: 0x0123_4567_89AB_CDEF).encoded()
        let expected = "23" + String(repeating: "00", count: 39) + "0123456789abcdef"
        #expect(hex(bytes) == expected)
    }

    @Test("A server reply decodes field by field")
    func serverReplyGolden() throws {
        let text =
            "2402 03e8 00000100 00000080 c0000201"
            + " e5f1c2a000000000 0123456789abcdef e5f1c2a180000000 e5f1c2a1c0000000"
        let packet = try #require(NTPPacket(decoding: unhex(text)))
        #expect(packet.leap == 0)
        #expect(packet.version == 4)
        #expect(packet.mode == 4)
        #expect(packet.stratum == 2)
        #expect(packet.poll == 3)
        #expect(packet.precision == -24)
        #expect(packet.rootDelay.nanoseconds == 3_906_250)
        #expect(packet.rootDispersion.nanoseconds == 1_953_125)
        #expect(packet.referenceID == 0xC000_0201)
        #expect(packet.originTimestamp.rawValue == 0x0123_4567_89AB_CDEF)
        #expect(packet.receiveTimestamp.seconds == 0xE5F1_C2A1)
        #expect(packet.receiveTimestamp.fraction == 0x8000_0000)
        #expect(hex(packet.encoded()) == text.replacingOccurrences(of: " ", with: ""))
    }

    @Test("Kiss codes read as ASCII")
    func kissCode() {
        var packet = NTPPacket(mode: 4, stratum: 0, referenceID: 0x5241_5445)
        #expect(packet.kissCode == "RATE")
        packet.stratum = 2
        #expect(packet.kissCode == nil)
    }

    @Test("Fewer than 48 bytes do not decode, and do not match a nonce")
    func shortPackets() {
        for length in [0, 1, 24, 47] {
            let bytes = [UInt8](repeating: 0x24, count: length)
            #expect(NTPPacket(decoding: bytes) == nil)
            #expect(!NTPPacket.echoes(nonce: 0x2424_2424_2424_2424, in: bytes))
        }
    }

    @Test("Short format rounds up so error bounds never shrink")
    func shortFormat() {
        #expect(NTPShortFormat(rawValue: 0x0001_0000).nanoseconds == 1_000_000_000)
        #expect(NTPShortFormat(rawValue: 1).nanoseconds == 15_259)
        #expect(NTPShortFormat(nanoseconds: 1_000_000_000).rawValue == 0x0001_0000)
        #expect(NTPShortFormat(nanoseconds: -5).rawValue == 0)
    }

    @Test("Decoding never traps on arbitrary bytes")
    func decodeArbitrary() {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 100)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if let packet = NTPPacket(decoding: bytes) {
                #expect(packet.encoded() == Array(bytes.prefix(48)))
            } else {
                #expect(length < 48)
            }
        }
    }
}

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
}

func unhex(_ text: String) -> [UInt8] {
    let digits = Array(text.replacingOccurrences(of: " ", with: ""))
    return stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

/// Seeded generator for the table-driven loops here.
typealias SplitMix = SplitMix64

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
