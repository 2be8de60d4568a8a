import PlaytimeTestSupport

extension TicketFixtures {
    /// Runs `body` with a fresh empty directory, removed with everything in it when `body` returns or throws.
    static func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
        try ScratchDirectory.with(prefix: "playtime-tickets", body)
    }

    /// The same for an asynchronous `body`.
    static func withTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        try await ScratchDirectory.with(prefix: "playtime-tickets", body)
    }
}
