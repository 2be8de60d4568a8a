internal import PlaytimeGuard

// The app's lifecycle on a handle (include/playtime_guard.h, docs/c.md): the calls that wait for the network
// (launch, foreground, settle, stamp_departure; at most the recorder's 1.5 s budget) block the calling thread and
// have a callback form; background and heartbeat never wait for the network.

/// `ptg_launch`: a cold start; blocks. `{"payouts": [payout]}` when it closed a departure left open, else `[]`.
@_cdecl("ptg_launch")
public func ptgLaunch(
    _ handle: UInt64, _ multipliersJSON: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    ReturnCall.blocking(handle, multipliersJSON, outJSON, FacadeCalls.launch)
}

/// `ptg_launch_async`: `ptg_launch` on a thread of the library, its reply to `callback`.
@_cdecl("ptg_launch_async")
public func ptgLaunchAsync(
    _ handle: UInt64, _ multipliersJSON: UnsafePointer<CChar>?,
    _ callback: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    ReturnCall.start(handle, multipliersJSON, callback, userData, FacadeCalls.launch)
}

/// `ptg_background`: the app leaves the foreground; durable before it returns, no network. `{}`.
@_cdecl("ptg_background")
public func ptgBackground(_ handle: UInt64, _ goldPerHour: Int64, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        try HandleTable.shared.handle(handle).perform { earnings throws(CFailure) in FacadeCalls.background(earnings, goldPerHour: goldPerHour) }
    }
}

/// `ptg_stamp_departure`: signed time for the open departure (Roughtime, when configured); blocks.
/// `{"stamped": true|false}`.
@_cdecl("ptg_stamp_departure")
public func ptgStampDeparture(_ handle: UInt64, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        try HandleTable.shared.handle(handle).perform { earnings throws(CFailure) in FacadeCalls.stampDeparture(earnings) }
    }
}

/// `ptg_stamp_departure_async`: `ptg_stamp_departure` on a thread of the library, its reply to `callback`.
@_cdecl("ptg_stamp_departure_async")
public func ptgStampDepartureAsync(
    _ handle: UInt64,
    _ callback: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    guard callback != nil else { return CStatus.nullArgument.rawValue }
    let call = BegunCall(handle) { () throws(CFailure) in () }
    return call.start(callback, userData) { earnings, _, _ in FacadeCalls.stampDeparture(earnings) }
}

/// `ptg_heartbeat`: a proof of life in the foreground with the current rate; no network. `{}`.
@_cdecl("ptg_heartbeat")
public func ptgHeartbeat(_ handle: UInt64, _ goldPerHour: Int64, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        try HandleTable.shared.handle(handle).perform { earnings throws(CFailure) in FacadeCalls.heartbeat(earnings, goldPerHour: goldPerHour) }
    }
}

/// `ptg_foreground`: the player returns; blocks. `{"payouts": [payout]}`, or `[]` when nothing was open.
@_cdecl("ptg_foreground")
public func ptgForeground(
    _ handle: UInt64, _ multipliersJSON: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    ReturnCall.blocking(handle, multipliersJSON, outJSON, FacadeCalls.foreground)
}

/// `ptg_foreground_async`: `ptg_foreground` on a thread of the library, its reply to `callback`.
@_cdecl("ptg_foreground_async")
public func ptgForegroundAsync(
    _ handle: UInt64, _ multipliersJSON: UnsafePointer<CChar>?,
    _ callback: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    ReturnCall.start(handle, multipliersJSON, callback, userData, FacadeCalls.foreground)
}

/// `ptg_settle`: pays what proof added to earlier sessions; blocks. `{"payouts": […]}`.
@_cdecl("ptg_settle")
public func ptgSettle(_ handle: UInt64, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        try HandleTable.shared.handle(handle).perform { earnings throws(CFailure) in FacadeCalls.settle(earnings) }
    }
}

/// `ptg_settle_async`: `ptg_settle` on a thread of the library, its reply to `callback`.
@_cdecl("ptg_settle_async")
public func ptgSettleAsync(
    _ handle: UInt64,
    _ callback: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    guard callback != nil else { return CStatus.nullArgument.rawValue }
    let call = BegunCall(handle) { () throws(CFailure) in () }
    return call.start(callback, userData) { earnings, _, _ in FacadeCalls.settle(earnings) }
}

/// The two calls that close a departure and pay it (launch, foreground): a handle and a multiplier list.
enum ReturnCall {
    /// The blocking form.
    static func blocking(
        _ handle: UInt64, _ multipliersJSON: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ call: (OfflineEarnings, [String]) -> CReply
    ) -> Int32 {
        CReply.answer(outJSON) { () throws(CFailure) -> CReply in
            let multipliers = try names(multipliersJSON)
            return try HandleTable.shared.handle(handle).perform { earnings throws(CFailure) in call(earnings, multipliers) }
        }
    }

    /// The callback form.
    static func start(
        _ handle: UInt64, _ multipliersJSON: UnsafePointer<CChar>?, _ callback: CCallbackFunction?, _ userData: UnsafeMutableRawPointer?,
        _ call: @escaping @Sendable (OfflineEarnings, [String]) -> CReply
    ) -> Int32 {
        guard callback != nil else { return CStatus.nullArgument.rawValue }
        let begun = BegunCall(handle) { () throws(CFailure) in try names(multipliersJSON) }
        return begun.start(callback, userData) { earnings, _, multipliers in call(earnings, multipliers) }
    }

    private static func names(_ json: UnsafePointer<CChar>?) throws(CFailure) -> [String] {
        try CJSON.multipliers(try CTextArgument.optional(json, "multipliers_json", limit: CTextArgument.shortLimit))
    }
}
