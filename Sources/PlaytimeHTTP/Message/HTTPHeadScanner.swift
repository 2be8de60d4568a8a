/// Finds where a message's head ends as its bytes arrive, and refuses at once what the subset does not
/// accept: a line end that is not CR LF (a bare LF or a bare CR), a head longer than
/// ``HTTPLimits/maximumHeadBytes`` or with more than ``HTTPLimits/maximumFields`` fields. Each byte is
/// looked at once, however the bytes are split across reads.
package struct HTTPHeadScanner {
    let limits: HTTPLimits
    /// Bytes already looked at.
    private var scanned = 0
    /// Line ends seen (the start line's and each field's).
    private var lines = 0

    package init(limits: HTTPLimits) { self.limits = limits }

    /// Looks at the bytes of `data` not seen before; returns the length of the head including its closing
    /// blank line (CR LF CR LF) once it is complete, `nil` while more bytes are needed.
    package mutating func scan(_ data: [UInt8]) throws(HTTPError) -> Int? {
        let cr: UInt8 = 13
        let lf: UInt8 = 10
        var index = scanned
        defer { scanned = index }
        while index < data.count {
            let byte = data[index]
            let previous = index > 0 ? data[index - 1] : 0
            if byte == lf {
                guard previous == cr else { throw HTTPError(description: "a line of the request ends with a bare LF; end every line with CR LF") }
                if index >= 3, data[index - 3] == cr, data[index - 2] == lf {
                    index += 1
                    guard index <= limits.maximumHeadBytes else { throw Self.headTooLarge(limits) }
                    return index
                }
                lines += 1
                // The start line and the fields: one more line than fields.
                guard lines <= limits.maximumFields + 1 else {
                    throw HTTPError(status: 431, description: "more than \(limits.maximumFields) header fields")
                }
            } else if previous == cr {
                throw HTTPError(description: "a line of the request contains a bare CR; end every line with CR LF")
            }
            index += 1
            guard index <= limits.maximumHeadBytes else { throw Self.headTooLarge(limits) }
        }
        return nil
    }

    private static func headTooLarge(_ limits: HTTPLimits) -> HTTPError {
        HTTPError(status: 431, description: "the request's headers are longer than \(limits.maximumHeadBytes) bytes")
    }
}
