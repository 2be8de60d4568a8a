/// What the server lets its clients hold at once and for how long (docs/service.md, "Limits and load"). Every limit
/// answers at once with a status and a sentence; nothing waits without a deadline.
package struct HTTPServerLimits: Sendable {
    /// Connections served at once, all clients together (default 256). Beyond it, only probes are answered, on the
    /// ``reservedConnections``.
    package var maximumConnections = 256
    /// Connections one client (one peer address) may hold at once (default 64; 0: no per-client limit — behind a
    /// proxy every request comes from the proxy's address).
    package var maximumConnectionsPerClient = 64
    /// Connections kept for probes (health, readiness) when the others are all taken (default 16, at most 4 of them
    /// per client): a probe always finds one, reads its head within ``probeHeadTimeoutNanoseconds``, is answered once
    /// and closed. Anything else on such a connection gets 503.
    package var reservedConnections = 16
    /// How long a reserved connection may take to send its head (default 2 s).
    package var probeHeadTimeoutNanoseconds: Int64 = 2_000_000_000
    /// How long the head of a request may take from its first byte (default 10 s; then 408).
    package var headTimeoutNanoseconds: Int64 = 10_000_000_000
    /// How long an open connection waits for its next request (keep-alive; default 15 s; then it is closed).
    package var idleTimeoutNanoseconds: Int64 = 15_000_000_000
    /// How long a write of an answer may stall (a client that stopped reading; default 30 s).
    package var writeTimeoutNanoseconds: Int64 = 30_000_000_000
    /// Bytes of request bodies held in memory at once, all requests together (default 128 MiB). A request reserves
    /// its `Content-Length` before its body is read; one that cannot within ``bodyWaitNanoseconds`` gets 503.
    package var bodyMemoryBytes = 128 << 20
    /// The share of ``bodyMemoryBytes`` one client may hold at once (default half), so others are still read.
    package var bodyMemoryBytesPerClient = 64 << 20
    /// How long a request waits in line for body memory (default 10 s).
    package var bodyWaitNanoseconds: Int64 = 10_000_000_000
    /// The head's limits and the whole request's read deadline (``HTTPLimits``).
    package var message = HTTPLimits()

    /// The defaults.
    package init() {}

    /// The bytes a server with these limits holds for request bodies and connection buffers at most: the body
    /// memory, plus each connection's read buffer and head (64 KiB + ``HTTPLimits/maximumHeadBytes``), reserved
    /// ones included.
    package var memoryBoundBytes: Int {
        bodyMemoryBytes + (maximumConnections + reservedConnections) * (HTTPConnectionLoop.readBufferBytes + message.maximumHeadBytes)
    }
}
