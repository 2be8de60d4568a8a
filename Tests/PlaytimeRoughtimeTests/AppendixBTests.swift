import PlaytimeCrypto
import Testing

@testable import PlaytimeRoughtime

@Suite("draft-ietf-ntp-roughtime-19 Appendix B, byte for byte")
struct AppendixBTests {
    @Test("RoughtimeRequest.make rebuilds each request exactly from its nonce and the server's key")
    func requestsRebuild() throws {
        for pair in AppendixB.pairs {
            let (key, _, request, _) = try pair.decoded()
            let nonce = Array(try RoughtimeRequest.parse(request[...]).nonce)
            #expect(RoughtimeRequest.make(nonce: nonce, versions: [RoughtimeVersion.one], serverKey: key) == request)
        }
    }

    @Test("Each later nonce is H(previous response || rand)")
    func chainedNonces() throws {
        let pairs = try AppendixB.pairs.map { try $0.decoded() }
        for index in 1..<pairs.count {
            let nonce = Array(try RoughtimeRequest.parse(pairs[index].request[...]).nonce)
            let rand = try #require(pairs[index].rand)
            #expect(RoughtimeChain.nextNonce(previousResponse: pairs[index - 1].response, blind: rand) == nonce)
            var wrong = rand
            wrong[0] ^= 1
            #expect(RoughtimeChain.nextNonce(previousResponse: pairs[index - 1].response, blind: wrong) != nonce)
        }
    }

    @Test("Each response verifies against its request and long-term key: version 1, RADI 3")
    func responsesVerify() throws {
        let expected: [UInt64] = [1_773_685_571, 1_773_599_171, 1_773_599_171]
        for (pair, midpoint) in zip(AppendixB.pairs, expected) {
            let (key, _, request, response) = try pair.decoded()
            let time = try RoughtimeVerifier.verify(request: request, response: response, publicKey: key).get()
            #expect(time == RoughtimeTime(midpointSeconds: midpoint, radiusSeconds: 3, version: 1))
        }
    }

    @Test("Crossed pairs do not verify: another server's key, another request")
    func crossedPairs() throws {
        let pairs = try AppendixB.pairs.map { try $0.decoded() }
        // Request 0 names key 0 in SRV, so checking it under key 1 fails before any signature.
        #expect(RoughtimeVerifier.verify(request: pairs[0].request, response: pairs[0].response, publicKey: pairs[1].key) == .failure(.serverKeyMismatch))
        #expect(RoughtimeVerifier.verify(request: pairs[1].request, response: pairs[0].response, publicKey: pairs[0].key) == .failure(.serverKeyMismatch))
        #expect(RoughtimeVerifier.verify(request: pairs[0].request, response: pairs[1].response, publicKey: pairs[0].key) == .failure(.nonceMismatch))
    }

    @Test("A flipped bit in every third byte of a response is refused (each bit position in turn)")
    func bitFlips() throws {
        let (key, _, request, response) = try AppendixB.pairs[1].decoded()
        var accepted: [Int] = []
        // Every third byte keeps a debug build quick; 3 is coprime to 8, so every bit position is still hit,
        // and every tag's value is at least 4 bytes, so every field is hit too.
        for byte in stride(from: 0, to: response.count, by: 3) {
            let bit = byte * 8 + byte % 8
            var flipped = response
            flipped[byte] ^= UInt8(1 << (byte % 8))
            if case .success = RoughtimeVerifier.verify(request: request, response: flipped, publicKey: key) { accepted.append(bit) }
        }
        #expect(accepted.isEmpty, "\(accepted.count) flips accepted, first at bits \(accepted.prefix(10))")
    }

    @Test("The chain: server 0 is 86 400 s ahead, so pairs (0,1) and (0,2) break causal order and a report is made")
    func consistency() throws {
        let pairs = try AppendixB.pairs.map { try $0.decoded() }
        let answers = try pairs.map { pair in
            let server = RoughtimeServer(host: "192.0.2.1", port: 2002, publicKey: pair.key)
            let outcome = RoughtimeVerifier.verify(request: pair.request, response: pair.response, publicKey: pair.key).mapError {
                RoughtimeFailure.rejected($0)
            }
            _ = try outcome.get()
            return RoughtimeAnswer(server: server, request: pair.request, response: pair.response, blind: pair.rand ?? [], outcome: outcome)
        }
        let result = RoughtimeChainResult(answers: answers)
        #expect(
            result.status == .untrustworthy(.inconsistent(pairs: [RoughtimePairViolation(earlier: 0, later: 1), RoughtimePairViolation(earlier: 0, later: 2)])))
        #expect(result.midpointSeconds == nil)
        let report = try #require(result.malfeasanceReport)
        // The report carries every pair exactly as Appendix B prints it.
        for pair in AppendixB.pairs {
            #expect(report.contains("\"publicKey\": \"\(pair.publicKey)\""))
            #expect(report.contains("\"request\": \"\(pair.request)\""))
            #expect(report.contains("\"response\": \"\(pair.response)\""))
            if let rand = pair.rand { #expect(report.contains("\"rand\": \"\(rand)\"")) }
        }
        #expect(report.components(separatedBy: "\"rand\"").count == 3)

        // Without server 0 the other two agree: 1773599171 ± 3 intersected.
        let honest = RoughtimeChainResult(answers: Array(answers.dropFirst()))
        #expect(honest.status == .verified)
        #expect(honest.midpointSeconds == 1_773_599_171)
        #expect(honest.radiusSeconds == 3)
        #expect(honest.malfeasanceReport == nil)
    }
}
