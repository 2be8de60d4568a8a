internal import PlaytimeGuard

// Server anchors by hand (docs/anchors.md §1): the game sends the request's text to its server and records the
// token it answers, naming the request it answers.

/// `ptg_anchor_request`: where the journal stands now, `{"text": "pr1.…"}`; reads the clock, writes nothing.
@_cdecl("ptg_anchor_request")
public func ptgAnchorRequest(_ handle: UInt64, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        let opened = try HandleTable.shared.handle(handle)
        return try opened.perform { earnings throws(CFailure) in FacadeCalls.anchorRequest(earnings, remembering: opened) }
    }
}

/// `ptg_record_anchor`: records the server's `token`, the answer to the request whose text is `request_text`;
/// `{"payouts": […]}` (what the fix settles).
@_cdecl("ptg_record_anchor")
public func ptgRecordAnchor(
    _ handle: UInt64, _ requestText: UnsafePointer<CChar>?, _ token: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        let (request, answer) = try AnchorArguments.read(requestText, token)
        let opened = try HandleTable.shared.handle(handle)
        return try opened.perform { earnings throws(CFailure) in
            guard let made = opened.anchorRequest(text: request) else { throw .unknownAnchorRequest(kept: Handle.requestsKept) }
            return FacadeCalls.recordAnchor(earnings, token: answer, for: made)
        }
    }
}

/// `ptg_record_anchor_async`: `ptg_record_anchor` on a thread of the library, its reply to `callback`.
@_cdecl("ptg_record_anchor_async")
public func ptgRecordAnchorAsync(
    _ handle: UInt64, _ requestText: UnsafePointer<CChar>?, _ token: UnsafePointer<CChar>?,
    _ callback: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    guard callback != nil else { return CStatus.nullArgument.rawValue }
    let call = BegunCall(handle) { () throws(CFailure) in try AnchorArguments.read(requestText, token) }
    return call.start(callback, userData) { earnings, opened, arguments in
        guard let made = opened.anchorRequest(text: arguments.request) else { return .failure(.unknownAnchorRequest(kept: Handle.requestsKept)) }
        return FacadeCalls.recordAnchor(earnings, token: arguments.token, for: made)
    }
}

/// The two texts of `ptg_record_anchor`.
enum AnchorArguments {
    static func read(_ request: UnsafePointer<CChar>?, _ token: UnsafePointer<CChar>?) throws(CFailure) -> (request: String, token: String) {
        (
            try CTextArgument.read(request, "request_text", limit: CTextArgument.shortLimit),
            try CTextArgument.read(token, "token", limit: CTextArgument.shortLimit)
        )
    }
}
