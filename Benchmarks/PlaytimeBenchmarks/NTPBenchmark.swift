import Foundation
import PlaytimeNTP
import PlaytimeSystem

/// Queries a loopback NTP server (normally chronyd) many times and prints latency and |offset| figures,
/// then times a check against four silent servers.
///
/// Arguments: `--server HOST:PORT [--queries N]`. Latency is the wall time of one whole query as a caller
/// sees it (socket, send, wait, receive, validate), measured two ways: the async `NTPClient.query`
/// (actor hop and I/O-queue hand-off included) and the synchronous exchange a query runs on its I/O queue.
/// The offset is θ = ½[(T2 − T1) + (T3 − T4)] (RFC 5905 §8), as `scripts/bench_ntplib.py` prints ntplib's.
/// A third row repeats the blocking exchange with T4 read after `recv` returns instead of the kernel's
/// receive stamp (the transport's former way), so each run shows what the stamp changes.
func runNTPBenchmark(arguments: [String]) async {
    let options = BenchmarkArguments(arguments)
    guard let text = options.value("--server"), let server = NTPServer(parsing: text) else {
        print("usage: PlaytimeBenchmarks ntp --server HOST:PORT [--queries N]")
        return
    }
    let queries = options.integer("--queries") ?? 2000
    var configuration = NTPConfiguration()
    configuration.minimumPollIntervalNanoseconds = 0
    let client = NTPClient(configuration: configuration)

    var asyncLatency: [Int64] = []
    var asyncOffset: [Int64] = []
    var failures = 0
    for index in 0..<(queries + queries / 10) {
        let started = SystemClock.bootNanoseconds()
        do {
            let fix = try await client.query([server])
            let elapsed = SystemClock.bootNanoseconds() - started
            if index >= queries / 10 {  // the first tenth warms up
                asyncLatency.append(elapsed)
                asyncOffset.append(fix.offsetNanoseconds)
            }
        } catch {
            failures += 1
        }
    }

    let addresses = (try? Resolver.resolveUDP(host: server.host, port: server.port).get()) ?? []
    let (syncLatency, syncOffset) = measureBlocking(queries: queries, failures: &failures) { nonce in
        let result = SocketNTPTransport.exchangeBlocking([NTPRequest(addresses: addresses, nonce: nonce)], timeoutNanoseconds: 1_000_000_000)
        guard case .reply(let datagram, _, let sent, let received) = result.first?.outcome else { return nil }
        return (datagram, sent, received)
    }
    let (oldLatency, oldOffset) = measureBlocking(queries: queries, failures: &failures) { nonce in
        addresses.first.flatMap { exchangeReadingT4AfterReceive($0, nonce: nonce) }
    }

    print("ntp against \(server) — \(queries) queries each, \(failures) failures")
    print("client                         median µs   p99 µs   median |offset| µs   median offset µs")
    printRow("PlaytimeNTP async query", asyncLatency, asyncOffset)
    printRow("PlaytimeNTP blocking exchange", syncLatency, syncOffset)
    printRow("  same, T4 read after recv", oldLatency, oldOffset)
    if let reference = options.value("--reference") { print(reference) }
    await silentServers()
}

/// Runs `queries` (plus a tenth to warm up) blocking exchanges on this thread, each in the frame of its own
/// clock reading, and returns their latencies and offsets.
private func measureBlocking(
    queries: Int, failures: inout Int,
    _ exchange: (UInt64) -> (datagram: [UInt8], sent: Int64, received: Int64)?
) -> ([Int64], [Int64]) {
    var latency: [Int64] = []
    var offset: [Int64] = []
    var generator = SystemRandomNumberGenerator()
    for index in 0..<(queries + queries / 10) {
        let frame = SystemClockSource().read()
        let started = SystemClock.bootNanoseconds()
        let nonce = UInt64.random(in: 1...UInt64.max, using: &generator)
        guard let (datagram, sent, received) = exchange(nonce) else {
            failures += 1
            continue
        }
        let timing = NTPExchangeTiming(
            frameWallNanoseconds: frame.wallNanoseconds, frameBootNanoseconds: frame.bootNanoseconds,
            sentBootNanoseconds: sent, receivedBootNanoseconds: received)
        guard case .success(let sample) = NTPReplyValidator.validate(datagram, nonce: nonce, timing: timing, limits: .init()) else {
            failures += 1
            continue
        }
        let elapsed = SystemClock.bootNanoseconds() - started
        if index >= queries / 10 {
            latency.append(elapsed)
            offset.append(sample.offsetNanoseconds)
        }
    }
    return (latency, offset)
}

/// One exchange the way the transport took T4 before it read the kernel's receive stamp: the boot clock
/// read after `recv` returned, so a late wake-up of this thread counts as network delay. Kept so that every
/// run shows, beside the current transport, what the stamp changes.
private func exchangeReadingT4AfterReceive(_ address: SocketAddress, nonce: UInt64) -> (datagram: [UInt8], sent: Int64, received: Int64)? {
    guard let socket = try? UDPSocket(connectedTo: address) else { return nil }
    defer { socket.close() }
    let request = NTPRequest(addresses: [address], nonce: nonce).datagram
    let sent = SystemClock.bootNanoseconds()
    guard (try? socket.send(request)) != nil else { return nil }
    var buffer = [UInt8](repeating: 0, count: 2048)
    let deadline = sent + 1_000_000_000
    while SystemClock.bootNanoseconds() < deadline {
        let wait = deadline - SystemClock.bootNanoseconds()
        guard (try? Poller.waitReadable([socket.descriptor], timeoutNanoseconds: wait))?.first == true else { continue }
        while let count = try? socket.receive(into: &buffer) {
            let received = SystemClock.bootNanoseconds()
            let datagram = Array(buffer[..<count])
            if NTPPacket.echoes(nonce: nonce, in: datagram) { return (datagram, sent, received) }
        }
    }
    return nil
}

/// Latency median and p99; the median of |offset| (accuracy) and of the signed offset (bias: negative
/// when T4 is read late). Every exchange is with the same clock, so the true offset is 0.
private func printRow(_ name: String, _ latency: [Int64], _ offset: [Int64]) {
    guard !latency.isEmpty else {
        print(name.padding(toLength: 31, withPad: " ", startingAt: 0) + "no data")
        return
    }
    let line =
        name.padding(toLength: 31, withPad: " ", startingAt: 0)
        + String(
            format: "%-11.1f %-8.1f %-20.2f %.2f", median(latency), micros(percentile(latency, 99)),
            median(offset.map { abs($0) }), median(offset))
    print(line)
}

/// The median in µs as Python's `statistics.median` takes it (the mean of the middle two of an even count),
/// so that this table and the ntplib row use one definition.
private func median(_ values: [Int64]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    let value = sorted.count % 2 == 1 ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
    return value / 1000
}

/// Four bound sockets that never answer; the check must end right after the client's default timeout (the one
/// label and figure both come from: `NTPConfiguration().timeoutNanoseconds`, 1.5 s).
private func silentServers() async {
    let sockets = (0..<4).compactMap { _ in SocketAddress(numericHost: "127.0.0.1", port: 0).flatMap { try? UDPServerSocket(bindingTo: $0) } }
    let servers = sockets.map { NTPServer(host: "127.0.0.1", port: $0.localAddress.port) }
    let timeout = Double(NTPConfiguration().timeoutNanoseconds) / 1e9
    let client = NTPClient()
    let started = SystemClock.bootNanoseconds()
    let outcome: String
    do {
        _ = try await client.query(servers)
        outcome = "fix (unexpected)"
    } catch {
        outcome = error.kind.rawValue
    }
    let elapsed = Double(SystemClock.bootNanoseconds() - started) / 1e9
    print(
        String(
            format: "4 silent servers, %.1f s timeout (the default): answered '%@' after %.3f s (%.3f s past the timeout)",
            timeout, outcome, elapsed, elapsed - timeout))
    sockets.forEach { $0.close() }
}

func percentile(_ values: [Int64], _ percent: Int) -> Int64 {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, sorted.count * percent / 100)]
}

func micros(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1000 }

/// `--name value` pairs from a benchmark's arguments.
struct BenchmarkArguments {
    let arguments: [String]
    init(_ arguments: [String]) { self.arguments = arguments }

    func value(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    func integer(_ name: String) -> Int? { value(name).flatMap { Int($0) } }
}
