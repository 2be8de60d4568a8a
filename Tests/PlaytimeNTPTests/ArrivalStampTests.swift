import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting
import Testing

@testable import PlaytimeNTP

/// Kernel receive stamps: the control-message parser on any bytes, and real exchanges over loopback.
@Suite("Kernel receive stamps")
struct ArrivalStampTests {
    static let stampsExpected: Bool = {
        #if os(Linux) || os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return true
        #else
        return false
        #endif
    }()

    static func parse(_ bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBytes { ArrivalStampControl.wallNanoseconds(in: $0) }
    }

    @Test("A stamp laid out as the kernel sends it is read back; a foreign message before it is skipped")
    func layout() throws {
        let wall: Int64 = 1_750_000_123_456_789_012
        let stamp = try #require(ArrivalStampControl.Message.arrivalStamp(wallNanoseconds: wall))
        let foreign = ArrivalStampControl.Message(level: stamp.level &+ 1, type: stamp.type, data: [1, 2, 3, 4, 5])
        let wrongType = ArrivalStampControl.Message(level: stamp.level, type: stamp.type &+ 100, data: stamp.data)
        let parsed = try #require(Self.parse(ArrivalStampControl.controlBuffer([foreign, wrongType, stamp])))
        // Nanosecond stamps are exact; microsecond stamps (Darwin) are read as the middle of their microsecond.
        #expect(parsed == wall || parsed == wall / 1_000 * 1_000 + 500)
        #expect(Self.parse(ArrivalStampControl.controlBuffer([foreign, wrongType])) == nil)
        #expect(Self.parse([]) == nil)
    }

    @Test("Truncated or corrupted control buffers give no stamp and never trap")
    func truncated() throws {
        let stamp = try #require(ArrivalStampControl.Message.arrivalStamp(wallNanoseconds: 1_750_000_000_000_000_001))
        let full = ArrivalStampControl.controlBuffer([stamp])
        for cut in 0..<full.count {
            // A message whose declared length runs past the buffer is not read.
            #expect(Self.parse(Array(full.prefix(cut))) == nil, "cut at \(cut)")
        }
        // A fraction out of range (≥ 1 s) is refused rather than folded into the seconds.
        var bad = stamp
        bad.data = [UInt8](repeating: 0xFF, count: bad.data.count)
        #expect(Self.parse(ArrivalStampControl.controlBuffer([bad])) == nil)
    }

    @Test("Any bytes at all are parsed without trapping")
    func garbage() throws {
        let bytes = Gen<Int>.int(in: 0...255).map { UInt8($0) }.array(count: 0...96)
        try PropertyCheck.forAll(bytes, count: 3000, name: "control parser total") { bytes in
            _ = Self.parse(bytes)
            return true
        }
    }

    @Test("A real datagram from the fake NTP server carries a kernel stamp within [send, read]")
    func fakeServerExchange() throws {
        let fake = try FakeNTPServer(.honest())
        defer { fake.stop() }
        let socket = try UDPSocket(connectedTo: fake.address)
        defer { socket.close() }
        #expect(socket.requestArrivalStamps() == Self.stampsExpected)
        let request = NTPRequest(addresses: [fake.address], nonce: 0x0123_4567_89AB_CDEF)
        let sentWall = SystemClock.wallNanoseconds()
        let sentBoot = SystemClock.bootNanoseconds()
        try socket.send(request.datagram)
        var buffer = [UInt8](repeating: 0, count: 2048)
        let stamped = try #require(try receive(on: socket, into: &buffer))
        #expect(NTPPacket.echoes(nonce: request.nonce, in: Array(buffer[..<stamped.count])))
        if Self.stampsExpected {
            let stamp = try #require(stamped.kernelWallNanoseconds, "no SCM_TIMESTAMP(NS) control message")
            // The kernel's stamp is on the wall clock, between our send and our read (Darwin: to the µs).
            #expect(stamp >= sentWall - 1_000 && stamp <= stamped.readAt.wallNanoseconds + 1_000)
        }
        let arrival = stamped.arrivalBootNanoseconds(notBefore: sentBoot)
        #expect(arrival >= sentBoot && arrival <= stamped.readAt.bootNanoseconds)
        #expect(stamped.readAt.bootNanoseconds <= SystemClock.bootNanoseconds())
    }

    @Test("The stamp is taken at arrival: earlier than a clock read made after the datagram was queued", .enabled(if: stampsExpected))
    func stampPrecedesRead() throws {
        // Linux turns stamping on for the whole stack asynchronously the first time a socket asks, and stamps a
        // datagram that arrived before that at the read instead; so try exchanges (bounded in count and time)
        // until one shows an arrival stamp, and require that one does.
        let server = try UDPServerSocket(bindingTo: try #require(SocketAddress(numericHost: "127.0.0.1", port: 0)))
        defer { server.close() }
        let client = try UDPSocket(connectedTo: server.localAddress)
        defer { client.close() }
        #expect(client.requestArrivalStamps())
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = SystemClock.bootNanoseconds() + 3_000_000_000
        var attempts = 0
        var earlier = false
        while !earlier && attempts < 20_000 && SystemClock.bootNanoseconds() < deadline {
            attempts += 1
            try client.send([UInt8(truncatingIfNeeded: attempts)])
            guard try Poller.waitReadable([server.descriptor], timeoutNanoseconds: 1_000_000_000).first == true,
                let (_, sender) = try server.receive(into: &buffer)
            else { continue }
            try server.send([7], to: sender)
            guard try Poller.waitReadable([client.descriptor], timeoutNanoseconds: 1_000_000_000).first == true else { continue }
            let queuedBy = SystemClock.wallNanoseconds()
            guard let stamped = try client.receiveStamped(into: &buffer) else { continue }
            let stamp = try #require(stamped.kernelWallNanoseconds)
            #expect(stamp <= stamped.readAt.wallNanoseconds + 1_000)
            earlier = stamp < queuedBy
        }
        #expect(earlier, "no stamp earlier than the read in \(attempts) exchanges")
    }

    @Test("On Linux a keeper holds an idle socket with receive stamps on; elsewhere it holds nothing")
    func keeper() {
        let keeper = ArrivalStampKeeper()
        #if os(Linux)
        #expect(keeper.isHolding)
        #else
        #expect(!keeper.isHolding)
        #endif
    }

    @Test("The transport's T4 lies within [T1, the end of the exchange]")
    func transportTiming() throws {
        let fake = try FakeNTPServer(.honest())
        defer { fake.stop() }
        for nonce in UInt64(1)...20 {
            let started = SystemClock.bootNanoseconds()
            let result = SocketNTPTransport.exchangeBlocking([NTPRequest(addresses: [fake.address], nonce: nonce)], timeoutNanoseconds: 1_000_000_000)
            let ended = SystemClock.bootNanoseconds()
            guard case .reply(_, _, let sent, let received) = try #require(result.first).outcome else {
                Issue.record("no reply: \(String(describing: result.first?.outcome))")
                return
            }
            #expect(started <= sent && sent <= received && received <= ended)
        }
    }

    /// Waits (bounded) for the reply, then reads it with its stamp.
    private func receive(on socket: UDPSocket, into buffer: inout [UInt8]) throws -> StampedDatagram? {
        let deadline = SystemClock.bootNanoseconds() + 2_000_000_000
        while SystemClock.bootNanoseconds() < deadline {
            guard try Poller.waitReadable([socket.descriptor], timeoutNanoseconds: deadline - SystemClock.bootNanoseconds()).first == true else { continue }
            if let stamped = try socket.receiveStamped(into: &buffer) { return stamped }
        }
        return nil
    }
}
