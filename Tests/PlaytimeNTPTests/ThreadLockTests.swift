import Dispatch
import PlaytimeSystem
import Testing

/// The platform layer's lock (Sources/PlaytimeSystem/Threads/ThreadLock.swift), which replaces
/// `Synchronization.Mutex` so that Apple's older systems are in reach (docs/apple.md).
@Suite("ThreadLock")
struct ThreadLockTests {
    /// Two fields that an unguarded read-modify-write from several threads would tear apart.
    struct Tally {
        var count = 0
        var shadow = 0
    }

    @Test("8 threads × 20 000 increments lose none and never see a half-done update")
    func contention() {
        let lock = ThreadLock(Tally())
        let torn = ThreadLock(0)
        let threads = 8
        let increments = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                let consistent = lock.withLock { tally -> Bool in
                    let seen = tally.count == tally.shadow
                    tally.count += 1
                    tally.shadow = tally.count
                    return seen
                }
                if !consistent { torn.withLock { $0 += 1 } }
            }
        }
        let tally = lock.withLock { $0 }
        #expect(tally.count == threads * increments)
        #expect(tally.shadow == threads * increments)
        #expect(torn.withLock { $0 } == 0)
    }

    struct Refusal: Error, Equatable {
        let code: Int
    }

    @Test("a throwing body rethrows its typed error, keeps its changes and releases the lock")
    func throwingBody() throws {
        let lock = ThreadLock([Int]())
        let caught: Refusal? = {
            do throws(Refusal) {
                try lock.withLock { (values: inout [Int]) throws(Refusal) in
                    values.append(1)
                    throw Refusal(code: 7)
                }
                return nil
            } catch {
                return error  // typed: Refusal, no cast needed
            }
        }()
        #expect(caught == Refusal(code: 7))
        // Taken from another thread: had the throw left it locked, this wait would time out instead.
        let done = DispatchSemaphore(value: 0)
        let seen = ThreadLock([Int]())
        DispatchQueue.global().async {
            let values = lock.withLock { values -> [Int] in
                values.append(2)
                return values
            }
            seen.withLock { $0 = values }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(seen.withLock { $0 } == [1, 2])
    }

    /// A non-copyable value (as a journal writer or an open file is) that counts its own destruction.
    struct Resource: ~Copyable {
        let destroyed: ThreadLock<Int>
        var uses = 0
        deinit { destroyed.withLock { $0 += 1 } }
    }

    @Test("non-copyable state is changed in place and destroyed exactly once, with the lock")
    func nonCopyableState() {
        let destroyed = ThreadLock(0)
        do {
            let lock = ThreadLock(Resource(destroyed: destroyed))
            for _ in 0..<3 { lock.withLock { $0.uses += 1 } }
            #expect(lock.withLock { $0.uses } == 3)
            #expect(destroyed.withLock { $0 } == 0)
        }
        #expect(destroyed.withLock { $0 } == 1)
    }

    @Test("a non-copyable result can be moved out of the lock")
    func nonCopyableResult() {
        let destroyed = ThreadLock(0)
        let lock = ThreadLock(7)
        let resource = lock.withLock { value -> Resource in
            value += 1
            return Resource(destroyed: destroyed, uses: value)
        }
        #expect(resource.uses == 8)
        #expect(lock.withLock { $0 } == 8)
        _ = consume resource
        #expect(destroyed.withLock { $0 } == 1)
    }
}
