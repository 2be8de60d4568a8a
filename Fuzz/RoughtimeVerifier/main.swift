// libFuzzer entry for the Roughtime parser and verifier (docs/roughtime.md).
// Built by scripts/fuzz-roughtime.sh with PlaytimeSystem, PlaytimeCrypto, PlaytimeNTP and PlaytimeRoughtime as modules.
import PlaytimeCrypto
import PlaytimeRoughtime

/// The second request of draft-ietf-ntp-roughtime-19 Appendix B and its server's long-term key: fuzzed
/// responses are checked against it, so mutations of the genuine answer (the seed corpus) reach every check.
let appendixRequest: [UInt8] =
    Base64.decode(
        [
            "Uk9VR0hUSU0ABAAABQAAAAQAAAAkAAAARAAAAEgAAABWRVIAU1JWAE5PTkNUWVBFWlpaWgEAAABFCvadUKPN/U9OXqFalVFnv/Eh",
            "sAuPPpBYfo5MDULZKv335kbNTZcsYLM96o77yLbvvRk1fm2TQB4yKxbP1jzeAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==",
        ].joined()) ?? []
let appendixKey = try? Ed25519PublicKey(rawRepresentation: Base64.decode("l9cdSuR8dFxtG9aJo9pWzUXaX8pftNG4UDC45Qk3znc=") ?? [])
/// What the genuine answer says; anything that verifies must say exactly this (SREP is signed).
let appendixTime = RoughtimeTime(midpointSeconds: 1_773_599_171, radiusSeconds: 3, version: 1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoughtime(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let key = appendixKey else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // As a response: never a trap, and nothing verifies unless it carries the signed time.
    if case .success(let time) = RoughtimeVerifier.verify(request: appendixRequest, response: bytes, publicKey: key) {
        precondition(time == appendixTime, "a mutated response verified with another time")
    }
    // As a request (the auditor reads requests from journals): never a trap.
    _ = RoughtimeVerifier.verify(request: bytes, response: bytes, publicKey: key)
    // As a tag map: every value found lies inside the input.
    if let message = try? RoughtimeMessage(parsing: bytes[...]) {
        for tag in message.tags {
            guard let value = message[tag] else { preconditionFailure("a listed tag was not found") }
            precondition(value.startIndex >= 8 * message.tags.count && value.endIndex <= size)
        }
    }
    return 0
}
