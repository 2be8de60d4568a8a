internal import PlaytimeGuard

/// A failed C call: its status, the error JSON's `code` and a one-line message (`{"code": …, "message": …}`).
struct CFailure: Error, Sendable, Equatable {
    /// What the function returns.
    let status: CStatus
    /// The stable code: the status's own, or the facade's `EarningsError` code for ``CStatus/failed``.
    let code: String
    /// What went wrong, in words.
    let message: String

    private init(_ status: CStatus, code: String? = nil, _ message: String) {
        self.status = status
        self.code = code ?? status.code
        self.message = message
    }

    /// The facade refused or failed: its code, whatever codes a later version adds, and its description.
    static func earnings(_ error: EarningsError) -> CFailure { CFailure(.failed, code: error.code.rawValue, error.description) }
    /// A required pointer was NULL.
    static func nullArgument(_ name: String) -> CFailure { CFailure(.nullArgument, "\(name) is NULL") }
    /// A text argument is not well-formed UTF-8.
    static func invalidUTF8(_ name: String) -> CFailure { CFailure(.invalidUTF8, "\(name) is not well-formed UTF-8") }
    /// A JSON argument does not parse.
    static func malformedJSON(_ name: String, _ detail: String) -> CFailure { CFailure(.malformedJSON, "\(name) is not JSON: \(detail)") }
    /// An argument parses but is not what the function takes.
    static func invalidArgument(_ message: String) -> CFailure { CFailure(.invalidArgument, message) }
    /// The handle was never opened here, or is closed.
    static func closedHandle(_ handle: UInt64) -> CFailure {
        CFailure(.closedHandle, "handle \(handle) is not open (never opened, or closed)")
    }
    /// `ptg_record_anchor` was given a request text this handle did not make (or made too long ago).
    static func unknownAnchorRequest(kept: Int) -> CFailure {
        CFailure(.unknownAnchorRequest, "this handle made no such anchor request among its last \(kept): call ptg_anchor_request again")
    }
    /// The library could not do what it always can (encode its own JSON, start a thread).
    static func internalFailure(_ message: String) -> CFailure { CFailure(.internalFailure, message) }
}
