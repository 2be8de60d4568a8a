import PlaytimeTestSupport
import Testing

@testable import PlaytimeNTP

@Suite("Reply validation")
struct ValidationTests {
    let nonce: UInt64 = 0xDEAD_BEEF_0000_0001
    let timing = NTPExchangeTiming(
        frameWallNanoseconds: 1_796_083_200_000_000_000, frameBootNanoseconds: 5_000_000_000,
        sentBootNanoseconds: 5_000_000_000, receivedBootNanoseconds: 5_020_000_000)

    /// A reply as a server whose clock is `offset` ahead would send, 10 ms each way, 0 processing time.
    func reply(_ kind: FakeReply = .honest(), offset: Int64 = 0) -> [UInt8] {
        let serverTime = timing.frameWallNanoseconds + 10_000_000 + offset
        return kind.datagrams(
            for: NTPPacket.clientRequest(nonce: nonce).encoded(),
            receivedUnixNanoseconds: serverTime, transmitUnixNanoseconds: serverTime)[0]
    }

    @Test("Offset and delay follow θ = ½[(T2−T1)+(T3−T4)], δ = (T4−T1)−(T3−T2)")
    func offsetAndDelay() throws {
        for offset: Int64 in [0, 250_000_000, -3_600_000_000_000, 7 * 86_400_000_000_000] {
            let sample = try NTPReplyValidator.validate(reply(offset: offset), nonce: nonce, timing: timing, limits: .init()).get()
            #expect(abs(sample.offsetNanoseconds - offset) <= 2)
            #expect(abs(sample.delayNanoseconds - 20_000_000) <= 2)
            #expect(sample.stratum == 2)
        }
    }

    @Test(
        "Each defect is rejected with its reason",
        arguments: [
            (FakeReply.unsynchronized, "unsynchronized"),
            (.kissOfDeath("DENY"), "kiss-of-death"),
            (.stratum(0), "kiss-of-death"),
            (.stratum(16), "stratum-out-of-range"),
            (.stratum(200), "stratum-out-of-range"),
            (.zeroReceive, "zero-timestamp"),
            (.zeroTransmit, "zero-timestamp"),
            (.mode(3), "wrong-mode"),
            (.mode(5), "wrong-mode"),
            (.version(0), "unsupported-version"),
            (.version(5), "unsupported-version"),
            (.rootDispersion(nanoseconds: 1_500_000_000), "root-distance-too-large"),
            (.negativeDelay, "negative-delay"),
            (.spoofedOrigin, "origin-mismatch"),
            (.short(length: 47), "short-packet"),
        ])
    func rejection(kind: FakeReply, code: String) {
        let result = NTPReplyValidator.validate(reply(kind), nonce: nonce, timing: timing, limits: .init())
        guard case .failure(let rejection) = result else {
            Issue.record("\(kind) was accepted")
            return
        }
        #expect(rejection.code == code)
    }

    @Test("The root-distance limit is configurable")
    func rootDistanceLimit() {
        var limits = NTPValidationLimits()
        limits.maximumRootDistanceNanoseconds = 2_000_000_000
        let datagram = reply(.rootDispersion(nanoseconds: 1_500_000_000))
        #expect((try? NTPReplyValidator.validate(datagram, nonce: nonce, timing: timing, limits: limits).get()) != nil)
    }

    @Test("Kiss codes are carried in the rejection")
    func kissCodeCarried() {
        let result = NTPReplyValidator.validate(reply(.kissOfDeath("RATE")), nonce: nonce, timing: timing, limits: .init())
        #expect(throws: NTPRejection.kissOfDeath(code: "RATE")) { try result.get() }
    }
}

@Suite("Interval intersection")
struct IntersectionTests {
    @Test("Two overlapping honest intervals beat one far away")
    func falseTicker() throws {
        let selection = try #require(IntervalIntersection.select([(-10, 10), (-5, 15), (3_600_000, 3_600_020)], quorum: 2))
        #expect(selection.low == -5)
        #expect(selection.high == 10)
        #expect(selection.members == [0, 1])
    }

    @Test("No quorum gives nothing, never a guess")
    func noQuorum() {
        #expect(IntervalIntersection.select([(0, 1), (5, 6), (10, 11)], quorum: 2) == nil)
        #expect(IntervalIntersection.select([], quorum: 1) == nil)
    }

    @Test("Touching closed intervals overlap")
    func touching() throws {
        let selection = try #require(IntervalIntersection.select([(0, 5), (5, 9)], quorum: 2))
        #expect(selection.low == 5 && selection.high == 5)
    }

    @Test("With an honest majority, the selected region always contains the true offset")
    func honestMajorityContainsTruth() throws {
        var generator = SplitMix(seed: 42)
        for trial in 0..<2_000 {
            let truth = Int64(bitPattern: generator.next() % 2_000_000) - 1_000_000
            let honest = Int(generator.next() % 4) + 2
            let liars = Int(generator.next() % UInt64(honest))  // strictly fewer liars than honest servers
            var intervals: [(low: Int64, high: Int64)] = []
            for _ in 0..<honest {
                let halfWidth = Int64(generator.next() % 50_000) + 1
                let error = Int64(bitPattern: generator.next() % UInt64(2 * halfWidth + 1)) - halfWidth
                intervals.append((truth + error - halfWidth, truth + error + halfWidth))
            }
            for _ in 0..<liars {
                let center = truth + 10_000_000 + Int64(generator.next() % 1_000_000_000)
                intervals.append((center - 1_000, center + 1_000))
            }
            let selection = try #require(IntervalIntersection.select(intervals, quorum: (honest + liars) / 2 + 1), "trial \(trial)")
            #expect(selection.low <= truth && truth <= selection.high, "trial \(trial): \(intervals)")
        }
    }
}
