import Foundation
import PlaytimeCrypto
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeRoughtime

/// A fresh random first nonce (the chain's linkage is checked whatever its value).
func randomNonce() -> [UInt8] { (0..<32).map { _ in UInt8.random(in: 0...255) } }

/// Unix seconds now, from this machine's wall clock (the fake servers share it).
func unixNow() -> UInt64 { UInt64(SystemClock.wallNanoseconds() / 1_000_000_000) }

@Suite("Roughtime client against the fake server over loopback UDP")
struct FakeServerTests {
    @Test("An honest server: verified, MIDP within RADI of this machine's clock")
    func honest() async throws {
        let fake = try FakeRoughtimeServer(.honest, radiusSeconds: 1)
        defer { fake.stop() }
        let before = unixNow()
        let result = await RoughtimeClient(servers: [fake.server], timeoutNanoseconds: 2_000_000_000).query(firstNonce: randomNonce())
        let after = unixNow()
        #expect(result.status == .verified)
        let time = try #require(result.answers.first?.time)
        #expect(time.version == RoughtimeVersion.one)
        #expect(time.earliestSeconds <= after && time.latestSeconds >= before)
        #expect(result.midpointSeconds.map { $0 + 2 >= before && $0 <= after + 2 } == true)
    }

    /// Each defect and the rejection the client must name for it.
    static let defects: [(RoughtimeMisbehaviour, RoughtimeRejection)] = [
        (.wrongNonce, .nonceMismatch),
        (.badResponseSignature, .badResponseSignature),
        (.badDelegationSignature, .badDelegationSignature),
        (.wrongLongTermKey, .badDelegationSignature),
        (.badDelegatedKey, .badDelegatedKey),
        (.expiredDelegation, .delegationExpired(midpoint: 0, maximum: 0)),
        (.notYetValidDelegation, .delegationNotYetValid(midpoint: 0, minimum: 0)),
        (.wrongType(0), .wrongType(.response, 0)),
        (.wrongType(2), .wrongType(.response, 2)),
        (.versionNotOffered, .versionNotOffered(0x8000_000b)),
        (.versionMissingFromServerList, .versionNotInServerList(RoughtimeVersion.one)),
        (.zeroRadius, .zeroRadius),
        (.missingTag(.signature), .missingTag(.response, .signature)),
        (.missingTag(.nonce), .missingTag(.response, .nonce)),
        (.missingTag(.type), .missingTag(.response, .type)),
        (.missingTag(.path), .missingTag(.response, .path)),
        (.missingTag(.signedResponse), .missingTag(.response, .signedResponse)),
        (.missingTag(.certificate), .missingTag(.response, .certificate)),
        (.missingTag(.index), .missingTag(.response, .index)),
        (.unsortedTags, .malformedMessage(.response, .tagsNotAscending)),
        (.misalignedOffset, .malformedMessage(.response, .misalignedOffset)),
        (.merklePathMismatch, .merklePathMismatch),
        (.oversize, .oversizeResponse(responseBytes: 1040, requestBytes: 1036)),
        (.badHeader, .badPacketHeader(.response)),
        (.badLength, .badPacketLength(.response, declared: 0, actual: 0)),
        (.unsortedServerVersions, .badVersionList(.signedResponse)),
        (.valueLength(.nonce, 28), .badValueLength(.response, .nonce, length: 28)),
        (.valueLength(.signature, 60), .badValueLength(.response, .signature, length: 60)),
        (.valueLength(.type, 8), .badValueLength(.response, .type, length: 8)),
        (.valueLength(.index, 8), .badValueLength(.response, .index, length: 8)),
        (.valueLength(.path, 36), .badValueLength(.response, .path, length: 36)),
        (.indexTooLarge, .merkleIndexTooLarge(1)),
        (.malformedPart(.signedResponse), .malformedMessage(.signedResponse, .truncated)),
        (.malformedPart(.certificate), .malformedMessage(.certificate, .truncated)),
        (.malformedPart(.delegation), .malformedMessage(.delegation, .truncated)),
        (.missingSignedTag(.version), .missingTag(.signedResponse, .version)),
        (.missingSignedTag(.radius), .missingTag(.signedResponse, .radius)),
        (.missingSignedTag(.midpoint), .missingTag(.signedResponse, .midpoint)),
        (.missingSignedTag(.versions), .missingTag(.signedResponse, .versions)),
        (.missingSignedTag(.root), .missingTag(.signedResponse, .root)),
        (.missingDelegationTag(.publicKey), .missingTag(.delegation, .publicKey)),
        (.missingDelegationTag(.minimumTime), .missingTag(.delegation, .minimumTime)),
        (.missingDelegationTag(.maximumTime), .missingTag(.delegation, .maximumTime)),
        (.answerVersion(0x8000_000d), .versionNotOffered(0x8000_000d)),
    ]

    @Test("Every defect is refused over a real socket, with its own reason; nothing is trusted")
    func defectsRefused() async throws {
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        // Defects that hide the nonce cost the whole timeout; 1 s keeps a loaded machine from turning them into no-answer.
        let client = RoughtimeClient(servers: [fake.server], timeoutNanoseconds: 1_000_000_000)
        for (misbehaviour, expected) in Self.defects {
            fake.answer(with: misbehaviour)
            let result = await client.query(firstNonce: randomNonce())
            #expect(result.status == .untrustworthy(.rejected), "\(misbehaviour)")
            #expect(result.midpointSeconds == nil)
            guard case .failure(.rejected(let rejection)) = result.answers.first?.outcome else {
                Issue.record("\(misbehaviour): \(String(describing: result.answers.first?.outcome))")
                continue
            }
            #expect(rejection.code == expected.code, "\(misbehaviour): \(rejection)")
            switch (rejection, expected) {
            case (.delegationExpired(let midpoint, let maximum), _): #expect(maximum < midpoint)
            case (.delegationNotYetValid(let midpoint, let minimum), _): #expect(minimum > midpoint)
            case (.badPacketLength(_, let declared, let actual), _): #expect(Int(declared) == actual + 1)
            default: #expect(rejection == expected, "\(misbehaviour)")
            }
        }
    }

    @Test("Over a socket with hand-made requests: an offered but unsupported version, a PATH deeper than 32")
    func handMadeRequests() throws {
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        let nonce = randomNonce()
        func request(versions: [UInt32], padding: Int) -> [UInt8] {
            RoughtimePacket.wrap(
                RoughtimeMessage.encode([
                    (.version, versions.flatMap(LittleEndian.bytes)), (.nonce, nonce), (.type, [0, 0, 0, 0]),
                    (.serverKey, RoughtimeHash.serverKeyHash(fake.publicKey.rawRepresentation)), (.padding, [UInt8](repeating: 0, count: padding)),
                ]))
        }
        for (misbehaviour, packet, expected) in [
            (
                RoughtimeMisbehaviour.answerVersion(0x8000_000b), request(versions: [1, 0x8000_000b], padding: 944),
                RoughtimeRejection.unsupportedVersion(0x8000_000b)
            ),
            (.longPath(nodes: 33), request(versions: [1], padding: 2048), .merklePathTooLong(nodes: 33)),
        ] {
            fake.answer(with: misbehaviour)
            guard
                case .reply(let datagram, _, _, _) = SocketRoughtimeTransport.exchangeBlocking(
                    packet, nonce: nonce, addresses: [fake.address],
                    timeoutNanoseconds: 2_000_000_000)
            else {
                Issue.record("\(misbehaviour): no answer")
                continue
            }
            #expect(RoughtimeVerifier.verify(request: packet, response: datagram, publicKey: fake.publicKey) == .failure(expected), "\(misbehaviour)")
        }
    }

    @Test("Valid variants verify: a batch with a non-empty PATH at every index, an undefined tag (grease)")
    func validVariants() async throws {
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        let client = RoughtimeClient(servers: [fake.server], timeoutNanoseconds: 2_000_000_000)
        var variants: [RoughtimeMisbehaviour] = [.undefinedTag, .longPath(nodes: 3)]
        for size in [2, 3, 8, 13] { for index in [0, size / 2, size - 1] { variants.append(.batched(size: size, index: index)) } }
        for variant in variants {
            fake.answer(with: variant)
            let result = await client.query(firstNonce: randomNonce())
            #expect(result.status == .verified, "\(variant): \(String(describing: result.answers.first?.outcome))")
        }
    }

    @Test("A silent server: no answer, after the timeout and not much later")
    func silent() async throws {
        let fake = try FakeRoughtimeServer(.silent)
        defer { fake.stop() }
        let result = await RoughtimeClient(servers: [fake.server], timeoutNanoseconds: 200_000_000).query(firstNonce: randomNonce())
        #expect(result.status == .untrustworthy(.noAnswer))
        #expect(result.answers.first?.outcome == .failure(.noAnswer))
        // The wait itself, timed on this thread (not through the cooperative pool that parallel tests load).
        let nonce = randomNonce()
        let started = SystemClock.bootNanoseconds()
        let outcome = SocketRoughtimeTransport.exchangeBlocking(
            RoughtimeRequest.make(nonce: nonce), nonce: nonce, addresses: [fake.address],
            timeoutNanoseconds: 200_000_000)
        let elapsed = SystemClock.bootNanoseconds() - started
        guard case .timedOut = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(elapsed >= 200_000_000 && elapsed < 2_000_000_000, "\(elapsed) ns")
    }

    @Test("A wrong key: the answer of a server holding another key is refused")
    func wrongKey() async throws {
        let fake = try FakeRoughtimeServer()
        defer { fake.stop() }
        let other = FakeRoughtimeResponder(seed: [UInt8](repeating: 9, count: 32)).publicKey
        let server = RoughtimeServer(host: fake.address.host, port: fake.address.port, publicKey: other)
        let result = await RoughtimeClient(servers: [server], timeoutNanoseconds: 2_000_000_000).query(firstNonce: randomNonce())
        #expect(result.answers.first?.outcome == .failure(.rejected(.badDelegationSignature)))
    }

    @Test("Three honest servers: a chain — the first nonce is the caller's, each later one H(previous response || blind)")
    func chain() async throws {
        let fakes = try (0..<3).map { try FakeRoughtimeServer(seed: [UInt8](repeating: UInt8(10 + $0), count: 32)) }
        defer { fakes.forEach { $0.stop() } }
        let first = randomNonce()
        let started = SystemClock.bootNanoseconds()
        let result = await RoughtimeClient(servers: fakes.map(\.server), timeoutNanoseconds: 2_000_000_000).query(firstNonce: first)
        // Each answer's latest bound is carried to the end of the chain (rounded up to whole seconds), so the
        // combined radius is the servers' (1 s) and whole seconds plus the time the chain took; on a loaded
        // machine that is not always under a second.
        let chainSeconds = (SystemClock.bootNanoseconds() - started + 999_999_999) / 1_000_000_000
        #expect(result.status == .verified)
        #expect(result.answers.count == 3)
        #expect(try Array(RoughtimeRequest.parse(result.answers[0].request[...]).nonce) == first)
        #expect(result.answers[0].blind.isEmpty)
        for index in 1..<3 {
            let previous = try #require(result.answers[index - 1].response)
            #expect(result.answers[index].blind.count == 32)
            let nonce = RoughtimeChain.nextNonce(previousResponse: previous, blind: result.answers[index].blind)
            #expect(try Array(RoughtimeRequest.parse(result.answers[index].request[...]).nonce) == nonce)
        }
        for (fake, answer) in zip(fakes, result.answers) { #expect(fake.receivedRequests == [answer.request]) }
        #expect(
            result.radiusSeconds.map { $0 >= 1 && Int64($0) <= 2 + chainSeconds } == true,
            "radius \(result.radiusSeconds.map(String.init) ?? "nil") s after a chain of \(chainSeconds) s")
    }

    @Test("A grease answer first: refused, and the next server is asked with the first nonce again")
    func greaseThenHonest() async throws {
        let greasy = try FakeRoughtimeServer(.badResponseSignature)
        let honest = try FakeRoughtimeServer(seed: [UInt8](repeating: 3, count: 32))
        defer {
            greasy.stop()
            honest.stop()
        }
        let first = randomNonce()
        let result = await RoughtimeClient(servers: [greasy.server, honest.server], timeoutNanoseconds: 2_000_000_000).query(firstNonce: first)
        #expect(result.status == .verified)
        #expect(result.answers[0].outcome == .failure(.rejected(.badResponseSignature)))
        #expect(try Array(RoughtimeRequest.parse(result.answers[1].request[...]).nonce) == first)
    }

    @Test("A server a day ahead first: the chain breaks causal order, the report proves it, no time is given")
    func malfeasance() async throws {
        let liar = try FakeRoughtimeServer(.midpointOffset(seconds: 86_400), seed: [UInt8](repeating: 21, count: 32))
        let honest = try (0..<2).map { try FakeRoughtimeServer(seed: [UInt8](repeating: UInt8(22 + $0), count: 32)) }
        defer {
            liar.stop()
            honest.forEach { $0.stop() }
        }
        let servers = [liar.server] + honest.map(\.server)
        let result = await RoughtimeClient(servers: servers, timeoutNanoseconds: 2_000_000_000).query(firstNonce: randomNonce())
        #expect(
            result.status == .untrustworthy(.inconsistent(pairs: [RoughtimePairViolation(earlier: 0, later: 1), RoughtimePairViolation(earlier: 0, later: 2)])))
        #expect(result.midpointSeconds == nil)
        let report = try #require(result.malfeasanceReport)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let entries = try #require(object["responses"] as? [[String: String]])
        #expect(entries.count == 3)
        #expect(entries[0]["rand"] == nil)
        // The report stands on its own: each pair verifies, and each nonce derives from the previous response.
        for (index, entry) in entries.enumerated() {
            let key = try Ed25519PublicKey(rawRepresentation: try base64(try #require(entry["publicKey"])))
            let request = try base64(try #require(entry["request"]))
            let response = try base64(try #require(entry["response"]))
            #expect(RoughtimeVerifier.verify(request: request, response: response, publicKey: key).map(\.radiusSeconds) == .success(1))
            if index > 0 {
                let previous = try base64(try #require(entries[index - 1]["response"]))
                let rand = try base64(try #require(entry["rand"]))
                #expect(RoughtimeChain.nextNonce(previousResponse: previous, blind: rand) == Array(try RoughtimeRequest.parse(request[...]).nonce))
            }
        }
    }

    @Test("A later server far ahead: causally consistent, but no common time — distrusted, no report")
    func disagreement() async throws {
        let honest = try FakeRoughtimeServer(seed: [UInt8](repeating: 31, count: 32))
        let ahead = try FakeRoughtimeServer(.midpointOffset(seconds: 600), seed: [UInt8](repeating: 32, count: 32))
        defer {
            honest.stop()
            ahead.stop()
        }
        let result = await RoughtimeClient(servers: [honest.server, ahead.server], timeoutNanoseconds: 2_000_000_000).query(firstNonce: randomNonce())
        #expect(result.status == .untrustworthy(.disagreement))
        #expect(result.malfeasanceReport == nil)
        #expect(result.midpointSeconds == nil)
    }

    @Test("IPv6 loopback works the same (dual stack)")
    func ipv6() async throws {
        guard let fake = try? FakeRoughtimeServer(host: "::1") else { return }  // no IPv6 on this host
        defer { fake.stop() }
        let result = await RoughtimeClient(servers: [fake.server], timeoutNanoseconds: 2_000_000_000).query(firstNonce: randomNonce())
        #expect(result.status == .verified)
        #expect(fake.server.address.hasPrefix("[::1]:"))
    }

    @Test("Dual stack: a silent IPv6 address does not cost the timeout when IPv4 answers; a refusing address gives way to the next")
    func dualStack() async throws {
        let seed = [UInt8](repeating: 61, count: 32)
        let honest = try FakeRoughtimeServer(seed: seed)
        defer { honest.stop() }
        let closedAddress = try Self.refusingAddress()
        var addresses = [closedAddress, honest.address]
        let silentV6 = try? FakeRoughtimeServer(.silent, seed: seed, host: "::1")
        defer { silentV6?.stop() }
        if let silentV6 { addresses.insert(silentV6.address, at: 0) }
        let nonce = randomNonce()
        let request = RoughtimeRequest.make(nonce: nonce, serverKey: honest.publicKey)
        let started = SystemClock.bootNanoseconds()
        let outcome = SocketRoughtimeTransport.exchangeBlocking(request, nonce: nonce, addresses: addresses, timeoutNanoseconds: 10_000_000_000)
        // Asked one address at a time, the silent IPv6 one would have held the whole 10 s.
        #expect(SystemClock.bootNanoseconds() - started < 3_000_000_000)
        guard case .reply(let datagram, let address, _, _) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(address == honest.address)
        #expect(RoughtimeVerifier.verify(request: request, response: datagram, publicKey: honest.publicKey).map(\.radiusSeconds) == .success(1))
    }

    /// A loopback address nothing listens on: 127.77.0.2 is loopback too and no test binds there, so no other
    /// test's server can take the port while this test counts on its refusal (a freed ephemeral port was once
    /// taken by a parallel test's misbehaving server, which then answered).
    static func refusingAddress() throws -> SocketAddress {
        guard let address = SocketAddress(numericHost: "127.77.0.2", port: 9) else { throw SystemError(code: 22, operation: "address") }
        return address
    }

    @Test("A closed port: refused at once, unreachable, not offline")
    func closedPort() async throws {
        let closed = try Self.refusingAddress()
        let server = RoughtimeServer(host: closed.host, port: closed.port, publicKey: FakeRoughtimeResponder(seed: FakeRoughtimeServer.defaultSeed).publicKey)
        let result = await RoughtimeClient(servers: [server], timeoutNanoseconds: 10_000_000_000).query(firstNonce: randomNonce())
        #expect(result.status == .untrustworthy(.noAnswer))
        #expect(result.answers.first?.outcome.failureCode == "unreachable")
        // Linux reports ICMP port unreachable on the connected socket: the wait ends long before the timeout.
        let nonce = randomNonce()
        let started = SystemClock.bootNanoseconds()
        let outcome = SocketRoughtimeTransport.exchangeBlocking(
            RoughtimeRequest.make(nonce: nonce), nonce: nonce, addresses: [closed],
            timeoutNanoseconds: 10_000_000_000)
        #expect(SystemClock.bootNanoseconds() - started < 2_000_000_000)
        guard case .failed(let error, _) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(error.meansRefused)
    }
}

extension Result where Failure == RoughtimeFailure {
    /// The failure's code, or nil for a success.
    var failureCode: String? { if case .failure(let failure) = self { failure.code } else { nil } }
}
