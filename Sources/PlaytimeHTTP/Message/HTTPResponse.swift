/// A response: status, content type, extra header fields and a body. The server adds `Content-Length` and
/// `Connection`.
package struct HTTPResponse: Sendable {
    /// Status code.
    package var status: Int
    /// Content type of the body (`nil`: no `Content-Type`, for an empty body).
    package var contentType: String?
    /// Further header fields, in order (names as they are written; never `Content-Length` or `Connection`).
    package var headers: [(name: String, value: String)]
    /// Body bytes.
    package var body: [UInt8]

    /// A response.
    package init(status: Int, contentType: String? = "application/json", headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A response with a text body (UTF-8).
    package init(status: Int, contentType: String, text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// The status line's reason phrase.
    package static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// The whole message on the wire: status line, `Content-Type`, the extra fields, `Content-Length`, and
    /// `Connection: close` when `closing` (HTTP/1.1 keeps the connection open otherwise), then the body.
    package func serialized(closing: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = [UInt8]()
        bytes.reserveCapacity(head.utf8.count + body.count)
        bytes.append(contentsOf: head.utf8)
        bytes.append(contentsOf: body)
        return bytes
    }
}
