package import PlaytimeNTP

/// Where the recorder gets network time. Production: `NTPNetworkTimeSource`; tests script one.
package protocol NetworkTimeSource: Sendable {
    /// A fix obtained within `budgetNanoseconds`, or why not.
    nonisolated(nonsending) func fix(withinNanoseconds budgetNanoseconds: Int64) async -> Result<NTPFix, NTPError>
}

/// Network time from PlaytimeNTP's client and a list of servers.
package struct NTPNetworkTimeSource: NetworkTimeSource {
    /// The client (it remembers etiquette and retired servers across calls).
    package let client: NTPClient
    /// The servers asked.
    package let servers: [NTPServer]

    /// Creates a source.
    package init(client: NTPClient = NTPClient(), servers: [NTPServer] = NTPConfiguration.defaultServers) {
        self.client = client
        self.servers = servers
    }

    /// A source asking `servers` with a client (and its socket transport) on `clock`, the recorder's.
    package init(servers: [NTPServer], clock: any ClockSource) {
        self.init(client: NTPClient(clock: clock), servers: servers)
    }

    /// One check whose timeout is the smaller of the client's and the budget.
    package nonisolated(nonsending) func fix(withinNanoseconds budgetNanoseconds: Int64) async -> Result<NTPFix, NTPError> {
        do {
            return .success(try await client.query(servers, timeoutNanoseconds: budgetNanoseconds))
        } catch {
            return .failure(error)
        }
    }
}
