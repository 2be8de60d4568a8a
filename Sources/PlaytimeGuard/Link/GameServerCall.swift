internal import PlaytimeSystem

/// One exchange with the game's link to its server (``EarningsConfiguration/gameServer``), bounded in time: the
/// facade asks, and goes on without an answer when the link throws, or has not answered within the budget — a
/// lifecycle call never fails, and never waits long, because the server is away (docs/facades.md, "The game server's
/// link").
enum GameServerCall {
    /// The text that asks the game's server for a new device's enrollment (the answer: `Enrollment.text`, `pe1.…`).
    static let enrollMessage = "enroll"

    /// The link's answer to `text`, or `nil` when it threw or did not answer within `budget` nanoseconds of `clock`
    /// (≤ 0: no bound). A link still running at the deadline is cancelled and its late answer dropped.
    static func answer(
        _ link: @escaping @Sendable (String) async throws -> String, to text: String, budget: Int64,
        clock: any ClockSource
    ) async -> String? {
        guard budget > 0 else { return try? await link(text) }
        let waiting = ThreadLock<CheckedContinuation<String?, Never>?>(nil)
        let tasks = ThreadLock<[Task<Void, Never>]>([])
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            waiting.withLock { $0 = continuation }
            let call = Task {
                let answer = try? await link(text)
                waiting.withLock { $0.take() }?.resume(returning: answer)
            }
            let deadline = Task {
                await clock.sleep(nanoseconds: budget)
                waiting.withLock { $0.take() }?.resume(returning: nil)
            }
            tasks.withLock { $0 = [call, deadline] }
        }
        for task in tasks.withLock({ $0 }) { task.cancel() }
        return answer
    }
}
