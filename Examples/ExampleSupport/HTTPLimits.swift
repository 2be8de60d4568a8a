/// What one request may cost the example server (Examples/README.md). Everything past a limit is refused at
/// once with a status and a plain sentence; nothing waits for more bytes than these allow.
package struct HTTPLimits: Sendable {
    /// How long the whole request (head and body) may take to arrive, from the connection's first read:
    /// 5 s unless told otherwise. A slower client gets 408 and is closed.
    package var readTimeoutNanoseconds: Int64 = 5_000_000_000
    /// Bytes of the head (request line, fields and their line ends): 16 KiB. More is refused with 431.
    package var maximumHeadBytes = 16 * 1024
    /// Header fields: 64. More is refused with 431.
    package var maximumFields = 64
    /// Body bytes (journals are uploaded whole): 64 MiB. A larger `Content-Length` is refused with 413.
    package var maximumBody = 64 << 20

    /// The defaults.
    package init() {}

    /// The defaults with another read deadline.
    package init(readTimeoutNanoseconds: Int64) {
        self.readTimeoutNanoseconds = readTimeoutNanoseconds
    }
}
