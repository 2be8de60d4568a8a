import Foundation
import PlaytimeCrypto
import PlaytimeJournal
import PlaytimeRewards
@_spi(Testing) import PlaytimeServer
import PlaytimeSystem

/// `playtime-fleet-worker --server`: paying calls through `EarningsServer` (one transaction each, recorded under
/// its idempotency key, retried by the server after a failover), for the failover test (Tests/PlaytimeFleetTests).
///
/// USAGE: playtime-fleet-worker --server --url URL --secret HEX --work FILE --now NS [--threads N] [--pause-ms MS]
///                              [--deadline-ms MS] [--hold-after K --hold-file PATH]
///   FILE: one call per line, `ticket<TAB>PLAYER<TAB>TICKET` or `upload<TAB>PLAYER<TAB>KEYFILE<TAB>JOURNAL`, split
///   among N threads as in the ticket mode; each thread pauses MS between its calls (default 0). The server's clock
///   stands at NS. Output per call, as soon as it is answered:
///   `paid ID GOLD ATTEMPTS SENTMS ANSWEREDMS` (this call paid), `repeat ID GOLD ATTEMPTS SENTMS ANSWEREDMS` (an
///   earlier call paid; nothing now), `failed ID ANSWEREDMS ERROR` (nothing known to be paid); ID is the ticket's nonce
///   or `upload-<JOURNAL's name>`, SENTMS and ANSWEREDMS the wall clock in milliseconds before the call and after its
///   answer. Then `done`. With --hold-after, each thread prints `holding` after its K-th call and waits until PATH
///   exists before the next (so that a test can act while every thread still has calls to make).
enum ServerWork {
    /// The policy of the failover test: the default with a budget no test reaches.
    static var policy: RewardPolicy {
        var policy = RewardPolicy.default
        policy.version = "fleet-failover"
        policy.dailyBudgetGold = 1_000_000_000_000
        return policy
    }

    static func run() -> Never {
        guard let url = FleetWorker.argument("--url"), let secretHex = FleetWorker.argument("--secret"),
            let workPath = FleetWorker.argument("--work"), let now = FleetWorker.argument("--now").flatMap({ Int64($0) }),
            let secret = Hex.decode(secretHex)
        else {
            FleetWorker.fail("usage: --server --url URL --secret HEX --work FILE --now NS [--threads N] [--pause-ms MS] [--deadline-ms MS]")
        }
        let threads = max(1, FleetWorker.argument("--threads").flatMap { Int($0) } ?? 1)
        let pause = max(0, FleetWorker.argument("--pause-ms").flatMap { Double($0) } ?? 0) / 1000
        let holdAfter = FleetWorker.argument("--hold-after").flatMap { Int($0) }
        let holdFile = FleetWorker.argument("--hold-file")
        var configuration = ServerConfiguration()
        configuration.ticketKeyID = "fleet-test"
        configuration.maximumConnections = threads
        configuration.clock = FixedWallClock(wallNanoseconds: now)
        if let deadline = FleetWorker.argument("--deadline-ms").flatMap({ Int64($0) }) { configuration.retryDeadlineMilliseconds = deadline }
        let server: EarningsServer
        do {
            server = try EarningsServer(store: url, ticketSecret: secret, policy: policy, configuration: configuration)
        } catch {
            FleetWorker.fail("\(error)")
        }
        guard let text = try? String(contentsOfFile: workPath, encoding: .utf8) else { FleetWorker.fail("cannot read \(workPath)") }
        let lines = text.split(separator: "\n").map(String.init)
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                var index = thread
                var made = 0
                while index < lines.count {
                    call(lines[index], server: server)
                    index += threads
                    made += 1
                    if made == holdAfter, let holdFile {
                        print("holding")
                        while !FileManager.default.fileExists(atPath: holdFile) { Thread.sleep(forTimeInterval: 0.005) }
                    }
                    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                }
                group.leave()
            }
        }
        group.wait()
        print("done")
        StandardStreams.flushOutput()
        StandardStreams.exitProcess(0)
    }

    /// Sends one call and prints its answer.
    static func call(_ line: String, server: EarningsServer) {
        let fields = line.split(separator: "\t").map(String.init)
        let sent = wallMilliseconds
        let id: String
        do {
            switch (fields.first, fields.count) {
            case ("ticket", 3):
                id = (try? DepartureTicket.parse(fields[2]).nonce.description) ?? "unparsable"
                let payout = try server.redeem(fields[2], player: fields[1])
                report(payout.isRepeat, id, payout.gold, payout.attempts, sent)
            case ("upload", 4):
                id = "upload-" + URL(fileURLWithPath: fields[3]).lastPathComponent
                let key = try KeyFile.load(path: fields[2])
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fields[3])))
                do {
                    let payout = try server.acceptUpload(bytes, player: fields[1], key: key)
                    report(payout.isRepeat, id, payout.paidGold, payout.attempts, sent)
                } catch {
                    print("failed \(id) \(wallMilliseconds) \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
                }
            default:
                print("failed malformed-line \(wallMilliseconds) \(line.prefix(40))")
            }
        } catch {
            let name = fields.count > 2 ? ((try? DepartureTicket.parse(fields[2]).nonce.description) ?? "unparsable") : "malformed"
            print("failed \(name) \(wallMilliseconds) \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
        }
    }

    static func report(_ isRepeat: Bool, _ id: String, _ gold: Int64, _ attempts: Int, _ sent: Int64) {
        print("\(isRepeat ? "repeat" : "paid") \(id) \(gold) \(attempts) \(sent) \(wallMilliseconds)")
    }

    static var wallMilliseconds: Int64 { SystemClock.wallNanoseconds() / 1_000_000 }
}

/// The fleet test's server clock: its wall time fixed (the tests' expected payments are computed for it), its
/// boot time and pauses real (the retry deadline and the waits between attempts, docs/fleet.md).
struct FixedWallClock: ClockSource {
    let wallNanoseconds: Int64
    func read() -> ClockReading {
        ClockReading(wallNanoseconds: wallNanoseconds, bootNanoseconds: SystemClock.bootNanoseconds(), bootID: nil)
    }
    func sleep(nanoseconds: Int64) async { try? await Task.sleep(nanoseconds: UInt64(max(0, nanoseconds))) }
}
