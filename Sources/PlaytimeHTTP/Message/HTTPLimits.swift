/// What one message's head and body may cost a reader (docs/service.md, "Limits"). Everything past a limit is
/// refused at once with a status and a plain sentence; nothing waits for more bytes than these allow.
package struct HTTPLimits: Sendable {
    /// How long a whole request (head and body) may take to arrive, from its first byte: 30 s unless told
    /// otherwise. A slower client gets 408 and is closed.
    package var readTimeoutNanoseconds: Int64 = 30_000_000_000
    /// Bytes of the head (request line, fields and their line ends): 16 KiB. More is refused with 431.
    package var maximumHeadBytes = 16 * 1024
    /// Header fields: 64. More is refused with 431.
    package var maximumFields = 64
    /// Body bytes of any one message: 64 MiB. A larger `Content-Length` is refused with 413 before the body is read
    /// (a server's handler may set a smaller limit per request).
    package var maximumBody = 64 << 20

    /// The defaults.
    package init() {}

    /// The defaults with another read deadline.
    package init(readTimeoutNanoseconds: Int64) {
        self.readTimeoutNanoseconds = readTimeoutNanoseconds
    }
}
