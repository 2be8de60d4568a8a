import PlaytimeSystem
import Testing

@testable import PlaytimePostgres

/// The search for a suitable host when nothing answers, without a server (docs/postgres-client.md, "Several hosts").
@Suite("Host search without servers")
struct HostSearchTests {
    /// Two loopback ports nothing listens on: bound, read and closed again.
    func closedPorts() throws -> [UInt16] {
        var ports: [UInt16] = []
        while ports.count < 2 {
            let listener = try TCPListener(bindingTo: try #require(SocketAddress(numericHost: "127.0.0.1", port: 0)))
            let port = listener.localAddress.port
            listener.close()
            if !ports.contains(port) { ports.append(port) }
        }
        return ports
    }

    @Test("The pause between rounds starts at 50 ms and doubles up to 250 ms")
    func backOff() {
        var pauses = [HostSearch.firstPauseNanoseconds]
        while pauses.count < 7 { pauses.append(HostSearch.nextPause(after: pauses[pauses.count - 1])) }
        #expect(pauses.map { $0 / 1_000_000 } == [50, 100, 200, 250, 250, 250, 250])
    }

    @Test("Every host down: noSuitableHost after several rounds, within the connect deadline, naming each host and not the password")
    func allDown() async throws {
        try await onOwnThread {
            let ports = try closedPorts()
            let url = "postgres://game:hunter2@127.0.0.1:\(ports[0]),127.0.0.1:\(ports[1])/db?target_session_attrs=read-write&connect_timeout=1"
            let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maximumConnections: 1)
            let started = SystemClock.bootNanoseconds()
            do throws(PostgresError) {
                _ = try pool.query("SELECT 1")
                Issue.record("a query ran with every host down")
            } catch {
                let elapsed = SystemClock.bootNanoseconds() - started
                guard case .noSuitableHost(let reason) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(elapsed < 3_000_000_000, "\(elapsed / 1_000_000) ms against a 1 s deadline")
                #expect(elapsed >= 300_000_000, "gave up after \(elapsed / 1_000_000) ms, before the rounds it may take")
                #expect(reason.contains("127.0.0.1:\(ports[0]) (") && reason.contains("127.0.0.1:\(ports[1]) ("), "\(reason)")
                #expect(reason.contains("read-write"))
                #expect(!reason.contains(" in 1 round "), "one round only: \(reason)")
                #expect(!error.description.contains("hunter2"))
            }
            #expect(pool.idleCount == 0)
        }
    }

    @Test("One host and any, down: connectFailed at once, as before several hosts existed")
    func oneHostDown() throws {
        let port = try closedPorts()[0]
        let pool = PostgresPool(configuration: try PostgresConfiguration(url: "postgres://game@127.0.0.1:\(port)/db"), maximumConnections: 1)
        let started = SystemClock.bootNanoseconds()
        do throws(PostgresError) {
            _ = try pool.query("SELECT 1")
            Issue.record("a query ran on a closed port")
        } catch {
            guard case .connectFailed = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(SystemClock.bootNanoseconds() - started < 3_000_000_000)
    }
}
