/// Why a message could not be read, and the status a server answers with: 400 unless said otherwise (408 for a
/// request that did not arrive in time, 413 for a body over the limit, 431 for a head over the limits). The
/// description is plain words for the client.
package struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The status to answer with.
    package var status: Int
    /// What went wrong.
    package var description: String

    /// Creates an error answered with `status` (default 400).
    package init(status: Int = 400, description: String) {
        self.status = status
        self.description = description
    }
}
