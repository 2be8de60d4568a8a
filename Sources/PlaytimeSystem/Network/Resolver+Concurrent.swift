extension Resolver {
    /// Resolves every endpoint at once (one child task each) with `resolve`, results in the endpoints' order.
    /// When every host is a numeric address, no resolver is asked and no task is started. Shared by the NTP and
    /// Roughtime clients, whose transports do the resolving.
    package nonisolated(nonsending) static func resolveAll(
        _ endpoints: [(host: String, port: UInt16)],
        with resolve: @escaping @Sendable (_ host: String, _ port: UInt16) async -> Result<[SocketAddress], ResolveError>
    ) async -> [Result<[SocketAddress], ResolveError>] {
        let numeric = endpoints.map { SocketAddress(numericHost: $0.host, port: $0.port) }
        if numeric.allSatisfy({ $0 != nil }) { return numeric.map { .success([$0!]) } }
        return await withTaskGroup(of: (Int, Result<[SocketAddress], ResolveError>).self) { group in
            for (index, endpoint) in endpoints.enumerated() {
                group.addTask { (index, await resolve(endpoint.host, endpoint.port)) }
            }
            var results = [Result<[SocketAddress], ResolveError>](repeating: .success([]), count: endpoints.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }
}
