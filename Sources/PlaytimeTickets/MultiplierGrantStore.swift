/// Where a server records the multipliers it grants one session at a time (an ad its ad network confirmed, server
/// to server), and reads them back when it pays that session (docs/tickets.md, "Multiplier grants").
///
/// Contract: ``record(_:for:expiresAt:now:)`` returns only once the grant is durable (a crash after it keeps it);
/// recording a name already granted changes nothing; a thrown error means the grant may not be recorded (the
/// caller may call again). Names come back in the order they were first granted, without repeats.
package protocol MultiplierGrantStore: MultiplierGrants {
    /// Records that `session` (of its player) is granted the multiplier `name`, until `expiresAt` (server time,
    /// Unix nanoseconds): after that its session can no longer be paid, and the grant may be forgotten.
    func record(_ name: String, for session: SessionKey, expiresAt: Int64, now: Int64) throws(TicketStoreError)
}

/// The grants a server pays with: those its operator configured (``StaticMultiplierGrants`` or its own
/// ``MultiplierGrants``), then those recorded one session at a time, without repeats.
package struct RecordedMultiplierGrants: MultiplierGrants {
    /// The operator's grants.
    package let configured: any MultiplierGrants
    /// The grants recorded by the server.
    package let recorded: any MultiplierGrantStore

    package init(configured: any MultiplierGrants, recorded: any MultiplierGrantStore) {
        self.configured = configured
        self.recorded = recorded
    }

    /// The configured names, then the recorded ones, each once.
    package func multipliers(for session: SessionKey) throws(TicketStoreError) -> [String] {
        var seen = Set<String>()
        return (try configured.multipliers(for: session) + recorded.multipliers(for: session)).filter { seen.insert($0).inserted }
    }
}
