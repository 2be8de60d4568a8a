import Foundation
import PlaytimeHTTP
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Paying calls under load while the service is killed (SIGKILL, as a crash) or stopped (SIGTERM), then restarted on
/// the same files and every call sent again: nothing is paid twice, and no payment that was answered is lost
/// (docs/service.md, "Exactly once").
@Suite(
    "playtime-server killed or stopped during paying calls (built binary, file store)", .serialized,
    .enabled(if: ServiceProcess.canMoveWallClock))
struct CrashTests {
    struct Answer: Sendable {
        var ticket: Int
        var status: Int
        var id: String?
        var gold: Int?
        var repeated: Bool?
    }

    /// Issues `count` tickets, redeems them from 8 threads, and after `answered` answers stops the service with `stop`;
    /// then restarts it and redeems every ticket again. Checks the invariants.
    func run(_ stop: @escaping @Sendable (ServiceProcess) -> Void, count: Int = 40, answered: Int = 12) async throws {
        try await onOwnThread {
            let state = try ServiceProcess.scratch("service-crash-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let issuer = try ServiceProcess(state: state, ["--policy", "demo"])
            let key = try #require(issuer.firstKey)
            var tickets: [String] = []
            for index in 0..<count {
                let issued = try ServiceProcess.object(try issuer.send("POST", "/v1/players/p\(index)/tickets", key: key, json: #"{"session":"s\#(index)"}"#))
                tickets.append(try #require(issued["ticket"] as? String))
            }
            issuer.crash()
            let all = tickets
            // Ten minutes later on the server's clock (libfaketime): each ticket is worth 6 000 gold on the demo policy.
            let first = try ServiceProcess(state: state, ["--policy", "demo"], wallClockAhead: 600)
            let answers = ThreadLock([Answer]())
            let stopped = ThreadLock(false)
            let group = DispatchGroup()
            for worker in 0..<8 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    for index in stride(from: worker, to: all.count, by: 8) {
                        let answer = try? first.send("POST", "/v1/players/p\(index)/redemptions", key: key, json: #"{"ticket":"\#(all[index])"}"#)
                        let object = answer.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
                        let done = answers.withLock { answers -> Int in
                            answers.append(
                                Answer(
                                    ticket: index, status: answer?.status ?? 0, id: object?["id"] as? String,
                                    gold: object?["gold"] as? Int, repeated: object?["repeated"] as? Bool))
                            return answers.filter { $0.status == 200 }.count
                        }
                        if done >= answered,
                            stopped.withLock({ was in
                                defer { was = true }
                                return !was
                            })
                        {
                            stop(first)
                        }
                    }
                }.start()
            }
            group.wait()
            if stopped.withLock({ !$0 }) { stop(first) }
            _ = first.child.finish()
            let before = answers.withLock { $0 }
            let acknowledged = before.filter { $0.status == 200 }
            #expect(acknowledged.count >= answered, "\(before.map(\.status))")

            #expect(
                acknowledged.allSatisfy { ($0.gold ?? 0) >= 6_000 && $0.repeated == false },
                "\(acknowledged.map { "\($0.gold ?? -1)/\($0.repeated.map(String.init) ?? "-")" })")
            let second = try ServiceProcess(state: state, ["--policy", "demo"], wallClockAhead: 600)
            defer { second.crash() }
            var paidIDs: [Int: String] = [:]
            for (index, ticket) in all.enumerated() {
                let answer = try second.send("POST", "/v1/players/p\(index)/redemptions", key: key, json: #"{"ticket":"\#(ticket)"}"#)
                let object = (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]) ?? [:]
                if let earlier = acknowledged.first(where: { $0.ticket == index }) {
                    // Answered before the stop: the same payment again, repeated.
                    #expect(answer.status == 200 && object["repeated"] as? Bool == true, "ticket \(index): \(answer.text)")
                    #expect(object["id"] as? String == earlier.id && object["gold"] as? Int == earlier.gold, "ticket \(index)")
                } else {
                    // Never answered: paid now, or the first attempt's payment repeated, or (a crash between the stores and the
                    // record) used up and unpaid — never paid twice.
                    #expect(
                        answer.status == 200 || (answer.status == 409 && object["code"] as? String == "already-redeemed"),
                        "ticket \(index): \(answer.text)")
                }
                if answer.status == 200, let id = object["id"] as? String { paidIDs[index] = id }
            }
            // Each player's log (one ticket each: overlapping tickets of one player share their hours, docs/anchors.md): one entry per paid ticket, each once; every answered payment is there.
            var logged: [String] = []
            for player in 0..<count {
                let page = try ServiceProcess.object(try second.send("GET", "/v1/players/p\(player)/payments?limit=500", key: key))
                logged += ((page["payments"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            }
            #expect(logged.count == Set(logged).count, "a payment logged twice")
            #expect(Set(paidIDs.values).isSubset(of: Set(logged)))
            #expect(Set(acknowledged.compactMap(\.id)).isSubset(of: Set(logged)))
        }
    }

    @Test(
        "SIGKILL after 12 of 40 concurrent redemptions were answered: after a restart, every answered one repeats, none is paid twice, the log holds each once")
    func killDuringLoad() async throws {
        try await run { service in
            _ = kill(service.serverPID, SIGKILL)
            service.child.killHard()
        }
    }

    @Test("SIGTERM after 12 of 40 concurrent redemptions were answered: the calls in flight are answered, the process exits 0, nothing is lost or paid twice")
    func terminateDuringLoad() async throws {
        try await run { service in service.signal(SIGTERM) }
    }
}
