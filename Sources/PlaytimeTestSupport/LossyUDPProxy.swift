import Foundation
import PlaytimeSystem
import PropertyTesting

/// A bad network on loopback: a UDP proxy on 127.0.0.1 (any free port) in front of a real server (a chronyd or a
/// `FakeNTPServer`) that drops, delays, jitters, duplicates and reorders datagrams in both directions, from a seed.
///
/// Each client address gets its own upstream socket, so replies find their way back to the port that asked.
/// Real sockets through the platform layer; one thread; datagrams wait in a queue until their delivery instant.
package final class LossyUDPProxy: Sendable {
    /// The address clients send to, e.g. `127.0.0.1:40123`.
    package let address: SocketAddress
    private let impairment: ThreadLock<PathImpairment>
    private let counters = ThreadLock(LossyUDPProxyCounters())
    private let running = ThreadLock(true)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts forwarding to `upstream` with `impairment`; `seed` fixes every random choice.
    package init(upstream: SocketAddress, impairment: PathImpairment, seed: UInt64) throws {
        guard let bindAddress = SocketAddress(numericHost: "127.0.0.1", port: 0) else { throw SystemError(code: 22, operation: "address") }
        let socket = try UDPServerSocket(bindingTo: bindAddress)
        address = socket.localAddress
        self.impairment = ThreadLock(impairment)
        // The socket is handed to the forwarding thread and never touched here again.
        nonisolated(unsafe) let owned = socket
        let thread = Thread { [self] in
            var loop = ProxyLoop(listener: owned, upstream: upstream, random: SplitMix64(seed: seed))
            while running.withLock({ $0 }) {
                let current = self.impairment.withLock { $0 }
                let tally = loop.step(current)
                counters.withLock { $0.add(tally) }
            }
            loop.close()
            finished.signal()
        }
        thread.start()
    }

    /// `host:port` as the CLI takes it.
    package var serverArgument: String { address.description }

    /// What the proxy has done so far.
    package var counts: LossyUDPProxyCounters { counters.withLock { $0 } }

    /// Changes the defects of datagrams that arrive from now on.
    package func impair(with impairment: PathImpairment) { self.impairment.withLock { $0 = impairment } }

    /// Stops forwarding and waits for the thread to finish.
    package func stop() {
        let wasRunning = running.withLock { value -> Bool in
            defer { value = false }
            return value
        }
        if wasRunning { finished.wait() }
    }

    deinit { stop() }
}

/// Datagrams the proxy saw, dropped, and delivered (copies included).
package struct LossyUDPProxyCounters: Sendable, Hashable {
    /// Datagrams received, from either side.
    package var received = 0
    /// Datagrams dropped.
    package var dropped = 0
    /// Datagrams delivered, duplicates included.
    package var delivered = 0
    /// Extra copies delivered.
    package var duplicated = 0

    mutating func add(_ other: LossyUDPProxyCounters) {
        received += other.received
        dropped += other.dropped
        delivered += other.delivered
        duplicated += other.duplicated
    }
}

/// The forwarding thread's state: the listening socket, one upstream socket per client, and the datagrams
/// waiting for their delivery instant.
private struct ProxyLoop {
    let listener: UDPServerSocket
    let upstream: SocketAddress
    var random: SplitMix64
    var clients: [(client: SocketAddress, socket: UDPSocket, lastUse: Int64)] = []
    /// Datagram, due instant (boot clock), and where it goes: a client index's upstream socket, or a client address.
    var queue: [(due: Int64, bytes: [UInt8], toServerOf: Int?, toClient: SocketAddress?)] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)

    init(listener: UDPServerSocket, upstream: SocketAddress, random: SplitMix64) {
        self.listener = listener
        self.upstream = upstream
        self.random = random
    }

    /// Waits for traffic (or the next due datagram, at most 10 ms), forwards what arrived, delivers what is due.
    mutating func step(_ impairment: PathImpairment) -> LossyUDPProxyCounters {
        var tally = LossyUDPProxyCounters()
        evictIdleClients()
        let now = SystemClock.bootNanoseconds()
        let nextDue = queue.map(\.due).min() ?? (now + 10_000_000)
        let wait = max(0, min(10_000_000, nextDue - now))
        let descriptors = [listener.descriptor] + clients.map(\.socket.descriptor)
        let ready = (try? Poller.waitReadable(descriptors, timeoutNanoseconds: wait)) ?? []
        if ready.first == true {
            while let (count, sender) = try? listener.receive(into: &buffer) {
                tally.received += 1
                let slot = clientSlot(for: sender)
                guard let slot else {
                    tally.dropped += 1
                    continue
                }
                schedule(Array(buffer[..<count]), toServerOf: slot, toClient: nil, impairment, &tally)
            }
        }
        for (position, isReady) in ready.dropFirst().enumerated() where isReady && position < clients.count {
            while let count = try? clients[position].socket.receive(into: &buffer) {
                tally.received += 1
                schedule(Array(buffer[..<count]), toServerOf: nil, toClient: clients[position].client, impairment, &tally)
            }
        }
        deliverDue(&tally)
        return tally
    }

    /// The upstream socket for this client, opened on first use.
    mutating func clientSlot(for client: SocketAddress) -> Int? {
        let now = SystemClock.bootNanoseconds()
        if let index = clients.firstIndex(where: { $0.client == client }) {
            clients[index].lastUse = now
            return index
        }
        guard let socket = try? UDPSocket(connectedTo: upstream) else { return nil }
        clients.append((client, socket, now))
        return clients.count - 1
    }

    /// Beyond 64 clients, closes the least recently used upstream socket (only while no datagram waits to go
    /// upstream, since queued datagrams name their socket by position).
    mutating func evictIdleClients() {
        guard clients.count > 64, !queue.contains(where: { $0.toServerOf != nil }),
            let oldest = clients.indices.min(by: { clients[$0].lastUse < clients[$1].lastUse })
        else { return }
        clients[oldest].socket.close()
        clients.remove(at: oldest)
    }

    /// Drops, delays, duplicates or holds back one datagram.
    mutating func schedule(
        _ bytes: [UInt8], toServerOf slot: Int?, toClient: SocketAddress?, _ impairment: PathImpairment,
        _ tally: inout LossyUDPProxyCounters
    ) {
        if random.chance(impairment.loss) {
            tally.dropped += 1
            return
        }
        let copies = random.chance(impairment.duplication) ? 2 : 1
        tally.duplicated += copies - 1
        let now = SystemClock.bootNanoseconds()
        for _ in 0..<copies {
            var due = now + impairment.delayNanoseconds + random.upTo(impairment.jitterNanoseconds)
            if random.chance(impairment.reordering) { due += impairment.reorderHoldNanoseconds }
            queue.append((due, bytes, slot, toClient))
        }
    }

    /// Sends every datagram whose instant has come, earliest first.
    mutating func deliverDue(_ tally: inout LossyUDPProxyCounters) {
        let now = SystemClock.bootNanoseconds()
        let due = queue.indices.filter { queue[$0].due <= now }.sorted { queue[$0].due < queue[$1].due }
        guard !due.isEmpty else { return }
        for index in due {
            let item = queue[index]
            if let slot = item.toServerOf, slot < clients.count {
                try? clients[slot].socket.send(item.bytes)
            } else if let client = item.toClient {
                try? listener.send(item.bytes, to: client)
            }
            tally.delivered += 1
        }
        let sent = Set(due)
        queue = queue.indices.filter { !sent.contains($0) }.map { queue[$0] }
    }

    func close() {
        for entry in clients { entry.socket.close() }
        listener.close()
    }
}
