import Foundation

/// `ptg_callback`: `void (*)(void *user_data, int32_t status, const char *json)`.
typealias CCallbackFunction = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void

/// The asynchronous forms of docs/c.md: the call runs on a thread of the library and its reply goes to a C
/// function with the caller's user data, exactly once.
///
/// Each call gets a thread of its own (not a task: the callback may call a blocking form of the interface, which
/// must never hold a thread of Swift's cooperative pool). The JSON passed to the callback lives until it returns;
/// the library frees it then.
struct CCallback: @unchecked Sendable {
    // @unchecked: the user data is the caller's opaque pointer, passed back untouched on the thread the header names.
    let function: CCallbackFunction
    let userData: UnsafeMutableRawPointer?

    /// Starts `work` on a new thread, calls back with its reply, then runs `finish`; `PTG_NULL_ARGUMENT` (and no
    /// call) without a callback, `PTG_OK` otherwise. `handle` is the handle the call runs on, if it was open.
    static func start(
        _ function: CCallbackFunction?, _ userData: UnsafeMutableRawPointer?, handle: UInt64?,
        _ work: @escaping @Sendable () -> CReply, finish: @escaping @Sendable () -> Void
    ) -> Int32 {
        guard let function else {
            finish()
            return CStatus.nullArgument.rawValue
        }
        let callback = CCallback(function: function, userData: userData)
        let thread = Thread {
            let reply = work()
            if let handle { Thread.current.threadDictionary[runningKey] = NSNumber(value: handle) }
            reply.json.withCString { callback.function(callback.userData, reply.status.rawValue, $0) }
            Thread.current.threadDictionary.removeObject(forKey: runningKey)
            finish()
        }
        thread.name = "playtime-guard callback"
        thread.start()
        return CStatus.ok.rawValue
    }

    /// The handle whose callback runs on this thread, if any: `ptg_close` from inside it does not wait for itself.
    static var runningCallbackHandle: UInt64? {
        (Thread.current.threadDictionary[runningKey] as? NSNumber)?.uint64Value
    }

    private static let runningKey = "playtime-guard.callback-handle"
}
