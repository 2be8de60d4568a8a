/// The library products whose public API docs/public-api.md lists, by the module a game imports.
package enum PublicAPIProducts {
    /// The client product, then the server product (listed once its module exists).
    package static let all = ["PlaytimeGuard", "PlaytimeServer"]

    /// The products whose module is built in `extractor`'s folder, in `all`'s order.
    package static func built(in extractor: SymbolGraphExtractor) -> [String] {
        let modules = extractor.moduleNames()
        return all.filter { modules.contains($0) }
    }
}
