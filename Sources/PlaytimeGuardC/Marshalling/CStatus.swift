/// What a C function of include/playtime_guard.h returns: `PTG_OK`, or why not (docs/c.md, "Results and errors").
///
/// The numbers and the code strings are the header's `PTG_*` constants; `PlaytimeGuardCTests` compares the two.
/// ``failed`` carries the facade's own code (`EarningsError.Code.rawValue`) in the error JSON, so a code a later
/// version of the facade adds reaches C unchanged.
enum CStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    case failed = 1
    case nullArgument = 2
    case invalidUTF8 = 3
    case malformedJSON = 4
    case invalidArgument = 5
    case closedHandle = 6
    case unknownAnchorRequest = 7
    case internalFailure = 8

    /// The error JSON's `code` for the C layer's own failures (``failed`` takes the facade's code instead).
    var code: String {
        switch self {
        case .ok: "ok"
        case .failed: "failed"
        case .nullArgument: "null-argument"
        case .invalidUTF8: "invalid-utf8"
        case .malformedJSON: "malformed-json"
        case .invalidArgument: "invalid-argument"
        case .closedHandle: "closed-handle"
        case .unknownAnchorRequest: "unknown-anchor-request"
        case .internalFailure: "internal"
        }
    }

    /// The header's name of the constant.
    var constantName: String {
        switch self {
        case .ok: "PTG_OK"
        case .failed: "PTG_FAILED"
        case .nullArgument: "PTG_NULL_ARGUMENT"
        case .invalidUTF8: "PTG_INVALID_UTF8"
        case .malformedJSON: "PTG_MALFORMED_JSON"
        case .invalidArgument: "PTG_INVALID_ARGUMENT"
        case .closedHandle: "PTG_CLOSED_HANDLE"
        case .unknownAnchorRequest: "PTG_UNKNOWN_ANCHOR_REQUEST"
        case .internalFailure: "PTG_INTERNAL"
        }
    }
}
