import Foundation
import PlaytimeNTP
import PlaytimeSystem

/// Queries a loopback NTP server (normally chronyd) many times and prints latency and |offset| figures,
/// then times a check against four silent servers.
///
/// Arguments: `--server HOST:PORT [--queries N]`. Latency is the wall time of one whole query as a caller
/// sees it (socket, send, wait, receive, validate), measured two ways: the async `NTPClient.query`
/// (actor hop and I/O-queue hand-off included) and the synchronous exchange a query runs on its I/O queue.
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
            if index >= queries / 10 {   // the first tenth warms up
                asyncLatency.append(elapsed)
                asyncOffset.append(abs(fix.offsetNanoseconds))
            }
        } catch {
            failures += 1
        }
    }

    var syncLatency: [Int64] = []
    var syncOffset: [Int64] = []
    let addresses = (try? Resolver.resolveUDP(host: server.host, port: server.port).get()) ?? []
    var generator = SystemRandomNumberGenerator()
    for index in 0..<(queries + queries / 10) {
        let frame = SystemClockSource().read()
        let started = SystemClock.bootNanoseconds()
        let nonce = UInt64.random(in: 1...UInt64.max, using: &generator)
        let result = SocketNTPTransport.exchangeBlocking([NTPRequest(addresses: addresses, nonce: nonce)], timeoutNanoseconds: 1_000_000_000)
        guard case .reply(let datagram, _, let sent, let received) = result.first?.outcome else { failures += 1; continue }
        let timing = NTPExchangeTiming(frameWallNanoseconds: frame.wallNanoseconds, frameBootNanoseconds: frame.bootNanoseconds,
                                       sentBootNanoseconds: sent, receivedBootNanoseconds: received)
        guard case .success(let sample) = NTPReplyValidator.validate(datagram, nonce: nonce, timing: timing, limits: .init()) else { failures += 1; continue }
        let elapsed = SystemClock.bootNanoseconds() - started
        if index >= queries / 10 {
            syncLatency.append(elapsed)
            syncOffset.append(abs(sample.offsetNanoseconds))
        }
    }

    print("ntp against \(server) — \(queries) queries each, \(failures) failures")
    print("client                         median µs   p99 µs   median |offset| µs")
    printRow("PlaytimeNTP async query", asyncLatency, asyncOffset)
    printRow("PlaytimeNTP blocking exchange", syncLatency, syncOffset)
    if let reference = options.value("--reference") { print(reference) }
    await silentServers()
}

private func printRow(_ name: String, _ latency: [Int64], _ offset: [Int64]) {
    guard !latency.isEmpty else { print(name.padding(toLength: 31, withPad: " ", startingAt: 0) + "no data"); return }
    let line = name.padding(toLength: 31, withPad: " ", startingAt: 0)
        + String(format: "%-11.1f %-8.1f %.1f", micros(percentile(latency, 50)), micros(percentile(latency, 99)), micros(percentile(offset, 50)))
    print(line)
}

/// Four bound sockets that never answer; the check must end right after its 1 s timeout.
private func silentServers() async {
    let sockets = (0..<4).compactMap { _ in SocketAddress(numericHost: "127.0.0.1", port: 0).flatMap { try? UDPServerSocket(bindingTo: $0) } }
    let servers = sockets.map { NTPServer(host: "127.0.0.1", port: $0.localAddress.port) }
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
    print(String(format: "4 silent servers, 1 s timeout: answered '%@' after %.3f s", outcome, elapsed))
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
