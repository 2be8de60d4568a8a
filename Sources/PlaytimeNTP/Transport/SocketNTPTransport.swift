import Dispatch
package import PlaytimeSystem

/// The real transport: non-blocking connected UDP sockets on ephemeral ports, one `poll` for all of them.
///
/// A round starts on the caller's thread: sockets are opened and every request is sent (UDP sends never
/// block), then the caller polls without sleeping for at most `busyPollNanoseconds` — long enough for
/// loopback and LAN replies, so those cost no thread hand-off. Whatever is still outstanding is then waited
/// for on this transport's own dispatch queue, so no thread of Swift's cooperative pool is ever parked in a
/// blocking call. Name resolution (which can block in the system resolver) always runs on that queue.
///
/// T1 is the boot clock read right before `send`. T4 is the kernel's receive stamp (Linux `SO_TIMESTAMPNS`,
/// Darwin `SO_TIMESTAMP`) placed on the boot clock, so that a late wake-up of the polling thread does not
/// count as network delay; where no stamp comes it is the boot clock right after the read. On Linux the
/// transport holds one idle stamping socket while it lives, so stamps are taken at arrival from the start.
/// Both are reported on `clock`'s boot clock (``BootFrame``): the one the client reads; the waits themselves
/// are real time, so the clock must be one whose boot time passes as the system's does (or is offset from it).
package struct SocketNTPTransport: NTPTransport {
    private let queue = DispatchQueue(label: "PlaytimeNTP.SocketNTPTransport")
    /// Keeps Linux's receive stamping on for as long as this transport lives (see `ArrivalStampKeeper`).
    private let stampKeeper = ArrivalStampKeeper()
    /// How long the caller's thread polls, without sleeping, before waiting moves to the I/O queue.
    package let busyPollNanoseconds: Int64
    /// The clock T1 and T4 are reported on (the client's).
    package let clock: any ClockSource

    /// Creates a transport with its own I/O queue, reporting instants on `clock`. `busyPollNanoseconds` 0 hands
    /// off at once.
    package init(busyPollNanoseconds: Int64 = 200_000, clock: any ClockSource = SystemClockSource()) {
        self.busyPollNanoseconds = max(0, busyPollNanoseconds)
        self.clock = clock
    }

    /// Numeric hosts parse in place; names resolve on the I/O queue.
    package nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Resolver.resolveUDP(host: host, port: port)) }
        }
    }

    /// Sends and busy-polls on the caller's thread, then waits for the rest on the I/O queue.
    package nonisolated(nonsending) func exchange(_ requests: [NTPRequest], timeoutNanoseconds: Int64) async -> [NTPExchangeResult] {
        let frame = BootFrame(clock)
        let round = ExchangeRound(requests, timeoutNanoseconds: timeoutNanoseconds)
        round.poll(until: min(round.deadline, SystemClock.bootNanoseconds() + busyPollNanoseconds), sleeping: false)
        if round.isSettled { return round.finish(on: frame) }
        return await withCheckedContinuation { continuation in
            queue.async {
                round.poll(until: round.deadline, sleeping: true)
                continuation.resume(returning: round.finish(on: frame))
            }
        }
    }

    /// Reads the interface table.
    package nonisolated(nonsending) func hasUsableInterface() async -> Bool {
        NetworkInterfaces.summary().hasUsableInterface
    }

    /// The whole round on the calling thread, sleeping in `poll` until all are answered or the deadline
    /// passes. For synchronous callers and benchmarks; async callers use `exchange`.
    package static func exchangeBlocking(_ requests: [NTPRequest], timeoutNanoseconds: Int64) -> [NTPExchangeResult] {
        let round = ExchangeRound(requests, timeoutNanoseconds: timeoutNanoseconds)
        round.poll(until: round.deadline, sleeping: true)
        return round.finish(on: BootFrame(SystemClockSource()))
    }
}

/// The requests of one round in flight. Owned by one thread at a time: the caller while it busy-polls, then
/// the I/O queue; the hand-off happens-before through `DispatchQueue.async`, hence `@unchecked Sendable`.
private final class ExchangeRound: @unchecked Sendable {
    private var slots: [PendingRequest]
    let deadline: Int64
    private var buffer = [UInt8](repeating: 0, count: 2048)

    init(_ requests: [NTPRequest], timeoutNanoseconds: Int64) {
        slots = requests.map(PendingRequest.init)
        for index in slots.indices { slots[index].sendToNextAddress() }
        deadline = SystemClock.bootNanoseconds() + max(0, timeoutNanoseconds)
    }

    /// True when no request is still waiting for its reply.
    var isSettled: Bool { !slots.contains { $0.isWaiting } }

    /// Polls until every request is settled or `limit` passes; `sleeping` false polls with a zero timeout.
    func poll(until limit: Int64, sleeping: Bool) {
        while true {
            let waiting = slots.indices.filter { slots[$0].isWaiting }
            if waiting.isEmpty { return }
            let remaining = limit - SystemClock.bootNanoseconds()
            if remaining <= 0 { return }
            let descriptors = waiting.map { slots[$0].descriptor }
            guard let ready = try? Poller.waitReadable(descriptors, timeoutNanoseconds: sleeping ? remaining : 0) else { return }
            for (position, index) in waiting.enumerated() where ready[position] {
                slots[index].drain(into: &buffer)
            }
        }
    }

    /// Closes every socket and reports each request's end state, its instants on `frame`'s clock.
    func finish(on frame: BootFrame) -> [NTPExchangeResult] {
        let results = slots.map { $0.result().onClock(frame) }
        for index in slots.indices { slots[index].close() }
        return results
    }
}

/// One request in flight.
private struct PendingRequest {
    let request: NTPRequest
    var addressIndex = 0
    var socket: UDPSocket?
    var sentBoot: Int64 = 0
    var outcome: NTPExchangeResult.Outcome?
    var ignored: [NTPRejection] = []
    var lastError: SystemError?

    init(_ request: NTPRequest) { self.request = request }

    var isWaiting: Bool { outcome == nil && socket != nil }
    var descriptor: Int32 { socket?.descriptor ?? -1 }

    /// Opens a socket to the next address that has a route and sends the request; records failure when none does.
    mutating func sendToNextAddress() {
        let datagram = request.datagram
        while addressIndex < request.addresses.count {
            let address = request.addresses[addressIndex]
            do {
                let socket = try UDPSocket(connectedTo: address)
                _ = socket.requestArrivalStamps()
                // T1 (RFC 5905 §8) is the last thing read before the datagram leaves.
                sentBoot = SystemClock.bootNanoseconds()
                try socket.send(datagram)
                self.socket = socket
                return
            } catch {
                lastError = error
                addressIndex += 1
            }
        }
        socket = nil
        outcome = .failed(lastError ?? SystemError(code: 0, operation: "no address"), address: request.addresses.last)
    }

    /// Reads every waiting datagram; the first that echoes the nonce ends the request.
    mutating func drain(into buffer: inout [UInt8]) {
        guard let socket else { return }
        while outcome == nil {
            do {
                guard let stamped = try socket.receiveStamped(into: &buffer) else { return }
                // T4 is the kernel's arrival stamp on the boot clock, not when this thread got to read it.
                let received = stamped.arrivalBootNanoseconds(notBefore: sentBoot)
                let count = stamped.count
                let datagram = Array(buffer[..<count])
                if NTPPacket.echoes(nonce: request.nonce, in: datagram) {
                    outcome = .reply(datagram: datagram, address: socket.peer, sentBootNanoseconds: sentBoot, receivedBootNanoseconds: received)
                    close()
                } else {
                    ignored.append(count < NTPPacket.headerSize ? .shortPacket(length: count) : .originMismatch)
                }
            } catch {
                lastError = error
                close()
                if error.meansRefused || error.meansNoRoute {
                    addressIndex += 1
                    sendToNextAddress()
                } else {
                    outcome = .failed(error, address: socket.peer)
                }
                return
            }
        }
    }

    mutating func close() {
        socket?.close()
        socket = nil
    }

    /// The end state: the reply or failure, else a timeout at the address last tried.
    func result() -> NTPExchangeResult {
        if let outcome { return NTPExchangeResult(outcome: outcome, ignored: ignored) }
        let address = socket?.peer ?? request.addresses[min(addressIndex, request.addresses.count - 1)]
        return NTPExchangeResult(outcome: .timedOut(address: address), ignored: ignored)
    }
}

extension NTPExchangeResult {
    /// This result with its send and receive instants carried onto `frame`'s clock.
    func onClock(_ frame: BootFrame) -> NTPExchangeResult {
        guard case .reply(let datagram, let address, let sent, let received) = outcome else { return self }
        var moved = self
        moved.outcome = .reply(
            datagram: datagram, address: address, sentBootNanoseconds: frame.onClock(sent),
            receivedBootNanoseconds: frame.onClock(received))
        return moved
    }
}
