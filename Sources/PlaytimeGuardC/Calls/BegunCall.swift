internal import PlaytimeGuard

/// An asynchronous form's call, checked and counted on the caller's thread (its text arguments are copied before
/// the C function returns, and closing the handle waits for it), run later on the library's thread.
struct BegunCall<Arguments: Sendable>: Sendable {
    private let outcome: Result<(handle: Handle, arguments: Arguments), CFailure>

    /// Reads the arguments and counts the call on handle `id`; a failure is kept for the callback.
    init(_ id: UInt64, _ arguments: () throws(CFailure) -> Arguments) {
        do throws(CFailure) {
            let read = try arguments()
            let handle = try HandleTable.shared.handle(id)
            guard handle.begin() else { throw CFailure.closedHandle(id) }
            outcome = .success((handle, read))
        } catch {
            outcome = .failure(error)
        }
    }

    /// The handle's id when the call was counted on it (its callback's ``CCallback/runningCallbackHandle``).
    var handleID: UInt64? { try? outcome.get().handle.id }

    /// The reply: `body`'s, or the failure found when the call was made.
    func run(_ body: (OfflineEarnings, Handle, Arguments) -> CReply) -> CReply {
        switch outcome {
        case .failure(let failure): return .failure(failure)
        case .success(let begun):
            return CReply.of { () throws(CFailure) -> CReply in
                try begun.handle.performBegun { earnings throws(CFailure) in body(earnings, begun.handle, begun.arguments) }
            }
        }
    }

    /// Ends the call on its handle, once its callback returned (nothing for a call that was never counted).
    func finish() {
        if case .success(let begun) = outcome { begun.handle.end() }
    }

    /// Runs the call on a thread of the library and calls back (``CCallback/start(_:_:handle:_:finish:)``).
    func start(
        _ function: CCallbackFunction?, _ userData: UnsafeMutableRawPointer?,
        _ body: @escaping @Sendable (OfflineEarnings, Handle, Arguments) -> CReply
    ) -> Int32 {
        CCallback.start(function, userData, handle: handleID, { run(body) }, finish: { finish() })
    }
}
