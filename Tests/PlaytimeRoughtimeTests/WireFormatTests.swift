import PlaytimeCrypto
import PropertyTesting
import Testing

@testable import PlaytimeRoughtime

@Suite("Roughtime wire format (draft-ietf-ntp-roughtime-19 §4–§5)")
struct WireFormatTests {
    @Test("Tags are little-endian uint32s of their ASCII letters (§4.1.3)")
    func tags() {
        #expect(RoughtimeTag.nonce.rawValue == 0x434e_4f4e)
        #expect(RoughtimeTag.version.rawValue == 0x0052_4556)
        #expect(RoughtimeTag.version.description == "VER")
        #expect(RoughtimeTag(rawValue: 0x0101_4142).description == "BA\\x01\\x01")
        #expect(RoughtimeTag.signature < RoughtimeTag.version && RoughtimeTag.version < RoughtimeTag.serverKey)
    }

    @Test("Encoding sorts tags and writes N, N−1 offsets, tags, values; parsing reads it back")
    func encodeParse() throws {
        let bytes = RoughtimeMessage.encode([(.type, [1, 0, 0, 0]), (.nonce, [UInt8](repeating: 7, count: 32)), (.version, [1, 0, 0, 0])])
        #expect(Array(bytes.prefix(4)) == [3, 0, 0, 0])
        #expect(Array(bytes[4..<12]) == [4, 0, 0, 0, 36, 0, 0, 0])  // VER ends at 4, NONC at 36
        #expect(Array(bytes[12..<16]) == Array("VER".utf8) + [0])
        let message = try RoughtimeMessage(parsing: bytes[...])
        #expect(message.tags == [.version, .nonce, .type])
        #expect(message[.nonce].map(Array.init) == [UInt8](repeating: 7, count: 32))
        #expect(message[.type].map(Array.init) == [1, 0, 0, 0])
        #expect(message[.padding] == nil)
    }

    /// Malformed headers and the defect each must be reported as.
    static let framingCases: [(bytes: [UInt8], expected: RoughtimeFramingError)] = {
        let twoTags: [UInt8] = Array("NONCTYPE".utf8)
        let threeTags: [UInt8] = Array("NONCTYPEZZZZ".utf8)
        let zeros: [UInt8] = [0, 0, 0, 0]
        var cases: [(bytes: [UInt8], expected: RoughtimeFramingError)] = []
        cases.append(([], .truncated))
        cases.append(([0, 0, 0, 0], .noTags))
        cases.append(([1, 0, 0, 0, 0], .misalignedLength))
        cases.append(([2, 0, 0, 0, 4, 0, 0, 0], .truncated))
        cases.append(([255, 255, 255, 255], .truncated))
        cases.append(([2, 0, 0, 0, 2, 0, 0, 0] + twoTags + zeros, .misalignedOffset))
        cases.append(([2, 0, 0, 0, 8, 0, 0, 0] + twoTags + zeros, .offsetBeyondEnd))
        cases.append(([3, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0] + threeTags + zeros, .offsetsDescending))
        cases.append(([2, 0, 0, 0, 0, 0, 0, 0] + Array("TYPENONC".utf8), .tagsNotAscending))
        cases.append(([2, 0, 0, 0, 0, 0, 0, 0] + Array("NONCNONC".utf8), .tagsNotAscending))
        return cases
    }()

    @Test("Every framing defect is named")
    func framingDefects() {
        for (bytes, expected) in Self.framingCases {
            #expect(throws: expected) { try RoughtimeMessage(parsing: bytes[...]) }
        }
    }

    @Test("Packets: ROUGHTIM, exact length")
    func packets() throws {
        let packet = RoughtimePacket.wrap([1, 0, 0, 0, 0x4e, 0x4f, 0x4e, 0x43])
        #expect(Array(packet.prefix(12)) == Array("ROUGHTIM".utf8) + [8, 0, 0, 0])
        #expect(try RoughtimePacket.message(in: packet[...]).count == 8)
        #expect(throws: RoughtimePacket.Problem.badLength(declared: 8, actual: 9)) { try RoughtimePacket.message(in: (packet + [0])[...]) }
        #expect(throws: RoughtimePacket.Problem.badHeader) { try RoughtimePacket.message(in: Array("ROUGHTIME".utf8)[...]) }
        #expect(throws: RoughtimePacket.Problem.badHeader) { try RoughtimePacket.message(in: packet.dropFirst()) }
    }

    @Test("Requests: VER, NONC, TYPE 0, SRV, ZZZZ to a 1 024-byte message, tags sorted")
    func request() throws {
        let nonce = (0..<32).map { UInt8($0) }
        let key = try Ed25519PublicKey(rawRepresentation: try base64(AppendixB.pairs[0].publicKey))
        let bytes = RoughtimeRequest.make(nonce: nonce, versions: [0x8000_000c, 1, 1], serverKey: key)
        #expect(bytes.count == 12 + 1024)
        let parsed = try RoughtimeRequest.parse(bytes[...])
        #expect(parsed.versions == [1, 0x8000_000c])
        #expect(Array(parsed.nonce) == nonce)
        #expect(parsed.serverKeyHash.map(Array.init) == RoughtimeHash.serverKeyHash(key.rawRepresentation))
        let message = try RoughtimeMessage(parsing: bytes.dropFirst(12))
        #expect(message.tags == [.version, .serverKey, .nonce, .type, .padding])
        #expect(message[.padding]?.allSatisfy { $0 == 0 } == true)
        let bare = RoughtimeRequest.make(nonce: nonce)
        #expect(bare.count == 12 + 1024)
        #expect(try RoughtimeRequest.parse(bare[...]).serverKeyHash == nil)
    }

    @Test("Requests with a defect are named as such")
    func badRequests() {
        let nonce = [UInt8](repeating: 0, count: 32)
        let one: [UInt8] = [1, 0, 0, 0]
        let zero: [UInt8] = [0, 0, 0, 0]
        var cases: [([(RoughtimeTag, [UInt8])], RoughtimeRejection)] = []
        cases.append(([(.nonce, nonce), (.type, zero)], .missingTag(.request, .version)))
        cases.append(([(.version, one), (.type, zero)], .missingTag(.request, .nonce)))
        cases.append(([(.version, one), (.nonce, nonce)], .missingTag(.request, .type)))
        cases.append(([(.version, [2, 0, 0, 0] + one), (.nonce, nonce), (.type, zero)], .badVersionList(.request)))
        cases.append(([(.version, []), (.nonce, nonce), (.type, zero)], .badVersionList(.request)))
        cases.append(([(.version, one), (.nonce, Array(nonce.prefix(28))), (.type, zero)], .badValueLength(.request, .nonce, length: 28)))
        cases.append(([(.version, one), (.nonce, nonce), (.type, one)], .wrongType(.request, 1)))
        cases.append(([(.version, one), (.nonce, nonce), (.type, zero), (.serverKey, zero)], .badValueLength(.request, .serverKey, length: 4)))
        for (pairs, expected) in cases {
            let packet = RoughtimePacket.wrap(RoughtimeMessage.encode(pairs))
            #expect(throws: expected) { try RoughtimeRequest.parse(packet[...]) }
        }
    }

    @Test("Base64: RFC 4648 §10 vectors, canonical decoding only")
    func base64Codec() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
        for bad in ["Zg=", "Zh==", "Zm9=", "Z===", "Zg==Zg==", "Zm9v\n", "Zm-v", "=Zm9"] { #expect(Base64.decode(bad) == nil, "\(bad)") }
    }

    @Test("Parsing arbitrary bytes never crashes and never finds a tag outside the message")
    func parserFuzz() throws {
        try PropertyCheck.forAll(Gen<UInt8>.element(of: Array(0...255) as [UInt8]).array(count: 0...96), count: 2000, name: "parse") { bytes in
            guard let message = try? RoughtimeMessage(parsing: bytes[...]) else { return true }
            return message.tags.allSatisfy { tag in message[tag].map { $0.startIndex >= 8 * message.tags.count && $0.endIndex <= bytes.count } ?? false }
        }
    }
}
