import PlaytimeTickets
import PropertyTesting

/// Generators for ticket properties; seeded, shrinking, replayable with PLAYTIME_PROPERTY_SEED.
enum TicketGen {
    /// Identifiers of 1–40 characters, mixing ASCII, punctuation and multi-byte UTF-8.
    static let identifier: Gen<String> = Gen<Int>.element(of: [0x61, 0x7a, 0x30, 0x2e, 0x20, 0xe9, 0x73a9, 0x1f3ae, 0x00])
        .array(count: 1...40)
        .map { scalars in String(String.UnicodeScalarView(scalars.compactMap { Unicode.Scalar(UInt32($0)) })) }

    /// Issue parameters: player, session, rate, issue time.
    static let issue: Gen<(String, String, Int64, Int64)> = .zip(
        identifier, identifier, Gen<Int64>.int(in: 0...1_000_000_000),
        Gen<Int64>.int(in: 0...4_000_000_000_000_000_000))

    /// A ticket text form with one byte replaced: (issue parameters, position seed, replacement byte).
    static let flip: Gen<((String, String, Int64, Int64), UInt64, UInt8)> = .zip(
        issue, Gen<UInt64>.uint64, Gen<UInt64>.uint64(in: 0...255).map { UInt8($0) })

    /// Bytes biased toward the text form's alphabet, so that parsing gets past the first checks.
    static let textish: Gen<[UInt8]> = Gen<[UInt8]>.oneOf(
        Gen<UInt64>.uint64(in: 0...255).map { UInt8($0) }.array(count: 0...300),
        Gen<UInt8>.element(of: Array("pt1.ABCDEFabcdef0123456789-_=+/ \n".utf8)).array(count: 0...300),
        Gen<UInt8>.element(of: Array("UFRLVAEFazIwMjYACXBsYXllci00MgAJc2Vzc2lvbi03AAlkZWZhdWx0LTEY".utf8)).array(count: 0...300)
            .map { Array("pt1.".utf8) + $0 + Array(".OLMdQ695_P_SvZhrEt0qpUVu3ci0IlBptqiXXhvmQOc".utf8) }
    )
}
