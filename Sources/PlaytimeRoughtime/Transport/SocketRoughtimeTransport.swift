import Dispatch
package import PlaytimeSystem

/// The real transport: non-blocking connected UDP sockets on ephemeral ports, waited on with `poll` on this
/// transport's own dispatch queue, so no thread of Swift's cooperative pool is parked.
///
/// Dual stack: the first IPv6 and the first IPv4 address of a server are asked at once and the first answer
/// wins. An address without a route (`ENETUNREACH`, `EHOSTUNREACH`, …) or refusing (ICMP port unreachable)
/// is replaced at once by the next of its family; when none is left the request fails at once — that is how
/// "offline" is reported without waiting for the timeout. A datagram that does not carry the request's nonce does not
/// end the wait (an injected one cannot hide the real answer); if no better one arrives, the last such
/// datagram is returned at the deadline so the verifier can name what was wrong with it.
///
/// Send and receive instants are reported on `clock`'s boot clock (``BootFrame``), the one its client reads; the
/// waits are real time, so the clock must be one whose boot time passes as the system's does.
package struct SocketRoughtimeTransport: RoughtimeTransport {
    private let queue = DispatchQueue(label: "PlaytimeRoughtime.SocketRoughtimeTransport")
    /// The clock the exchange's instants are reported on (the client's).
    package let clock: any ClockSource

    /// Creates a transport with its own I/O queue, reporting instants on `clock`.
    package init(clock: any ClockSource = SystemClockSource()) {
        self.clock = clock
    }

    /// Numeric hosts parse in place; names resolve on the I/O queue.
    package nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Resolver.resolveUDP(host: host, port: port)) }
        }
    }

    /// Sends and waits on the I/O queue.
    package nonisolated(nonsending) func exchange(
        _ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
        timeoutNanoseconds: Int64
    ) async -> RoughtimeExchangeOutcome {
        let frame = BootFrame(clock)
        return await withCheckedContinuation { continuation in
            queue.async {
                let outcome = Self.exchangeBlocking(request, nonce: nonce, addresses: addresses, timeoutNanoseconds: timeoutNanoseconds)
                continuation.resume(returning: outcome.onClock(frame))
            }
        }
    }

    /// Reads the interface table.
    package nonisolated(nonsending) func hasUsableInterface() async -> Bool {
        NetworkInterfaces.summary().hasUsableInterface
    }

    /// The whole exchange on the calling thread, sleeping in `poll`.
    package static func exchangeBlocking(
        _ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
        timeoutNanoseconds: Int64
    ) -> RoughtimeExchangeOutcome {
        var exchange = DualStackExchange(
            request: request, nonce: nonce, addresses: addresses,
            deadline: SystemClock.bootNanoseconds() + max(0, timeoutNanoseconds))
        return exchange.run()
    }
}

/// One request to one server, dual stack: the first address of each family (IPv6, IPv4, in the resolver's
/// order) is asked at once, so a family that silently drops packets cannot cost the whole timeout; an
/// address without a route or refusing is replaced at once by the next one of its family.
private struct DualStackExchange {
    let request: [UInt8]
    let nonce: [UInt8]
    let deadline: Int64
    /// Addresses not yet tried, per family, in the resolver's order.
    private var pending: [[SocketAddress]]
    /// Sockets in flight (at most one per family) with when their request was sent.
    private var inFlight: [(socket: UDPSocket, sent: Int64)] = []
    private var lastError: SystemError?
    private var lastAddress: SocketAddress?
    private var stray: RoughtimeExchangeOutcome?
    // Large enough for any datagram, so an oversize answer is seen whole (and then refused).
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(request: [UInt8], nonce: [UInt8], addresses: [SocketAddress], deadline: Int64) {
        self.request = request
        self.nonce = nonce
        self.deadline = deadline
        var families: [SocketAddress.Family] = []
        for address in addresses where !families.contains(address.family) { families.append(address.family) }
        pending = families.map { family in addresses.filter { $0.family == family } }
        lastAddress = addresses.last
    }

    mutating func run() -> RoughtimeExchangeOutcome {
        defer { for entry in inFlight { entry.socket.close() } }
        for family in pending.indices { launch(family) }
        while !inFlight.isEmpty {
            let remaining = deadline - SystemClock.bootNanoseconds()
            if remaining <= 0 { break }
            guard let ready = try? Poller.waitReadable(inFlight.map(\.socket.descriptor), timeoutNanoseconds: remaining) else { break }
            for position in ready.indices.reversed() where ready[position] {
                if let reply = drain(position) { return reply }
            }
        }
        if let stray { return stray }
        if let first = inFlight.first { return .timedOut(address: first.socket.peer) }
        return .failed(lastError ?? SystemError(code: 0, operation: "no address"), address: lastAddress)
    }

    /// Opens a socket to the next address of `family` that has a route and sends the request.
    private mutating func launch(_ family: Int) {
        while !pending[family].isEmpty {
            let address = pending[family].removeFirst()
            lastAddress = address
            let socket: UDPSocket
            do { socket = try UDPSocket(connectedTo: address) } catch {
                lastError = error
                continue
            }
            let sent = SystemClock.bootNanoseconds()
            do { try socket.send(request) } catch {
                lastError = error
                socket.close()
                continue
            }
            inFlight.append((socket, sent))
            return
        }
    }

    /// Reads what waits on socket `position`: the reply carrying the nonce, or nil (a stray datagram is kept;
    /// an error closes the socket and launches the next address of its family).
    private mutating func drain(_ position: Int) -> RoughtimeExchangeOutcome? {
        let (socket, sent) = inFlight[position]
        while true {
            do {
                guard let count = try socket.receive(into: &buffer) else { return nil }
                let reply = RoughtimeExchangeOutcome.reply(
                    datagram: Array(buffer[..<count]), address: socket.peer,
                    sentBootNanoseconds: sent, receivedBootNanoseconds: SystemClock.bootNanoseconds())
                if RoughtimeNonceProbe.answers(nonce, in: buffer[..<count]) { return reply }
                stray = reply
            } catch {
                lastError = error
                lastAddress = socket.peer
                socket.close()
                inFlight.remove(at: position)
                if let family = pending.indices.first(where: { pending[$0].first?.family == socket.peer.family }) { launch(family) }
                return nil
            }
        }
    }
}

extension RoughtimeExchangeOutcome {
    /// This outcome with its send and receive instants carried onto `frame`'s clock.
    func onClock(_ frame: BootFrame) -> RoughtimeExchangeOutcome {
        guard case .reply(let datagram, let address, let sent, let received) = self else { return self }
        return .reply(
            datagram: datagram, address: address, sentBootNanoseconds: frame.onClock(sent),
            receivedBootNanoseconds: frame.onClock(received))
    }
}
