import Foundation

/// A call's outcome as C receives it: the status returned, and the UTF-8 JSON written to `*out_json` — the result
/// object, or `{"code": …, "message": …}` (docs/c.md, "Results and errors").
struct CReply: Sendable {
    /// What the function returns.
    let status: CStatus
    /// The JSON text.
    let json: String

    /// A success with `result` encoded (keys sorted, so the same result is the same text).
    static func success(_ result: some Encodable) -> CReply {
        do {
            return CReply(status: .ok, json: try encoded(result))
        } catch {
            return failure(.internalFailure("the result could not be encoded: \(error)"))
        }
    }

    /// The error object of `failure`.
    static func failure(_ failure: CFailure) -> CReply {
        let body = ErrorBody(code: failure.code, message: failure.message)
        // Two strings always encode; the literal is a fallback that never runs.
        let json = (try? encoded(body)) ?? #"{"code":"internal","message":"the error could not be encoded"}"#
        return CReply(status: failure.status, json: json)
    }

    /// The reply of a body that returns a result or throws why not.
    static func of(_ body: () throws(CFailure) -> CReply) -> CReply {
        do { return try body() } catch { return failure(error) }
    }

    /// A synchronous C call: with a NULL `out` nothing runs and `PTG_NULL_ARGUMENT` is returned; otherwise `body`
    /// runs, its JSON goes to `*out` (a fresh string the caller frees with `ptg_free`) and its status is returned.
    static func answer(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: () throws(CFailure) -> CReply) -> Int32 {
        guard let out else { return CStatus.nullArgument.rawValue }
        let reply = of(body)
        out.pointee = ResultStrings.shared.allocate(reply.json)
        return reply.status.rawValue
    }

    private struct ErrorBody: Encodable {
        let code: String
        let message: String
    }

    private static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
