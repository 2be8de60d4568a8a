/// The library products whose public API docs/public-api.md lists, by the module a game imports.
package enum PublicAPIProducts {
    /// The client product, the server product, then the C interface's module (its `@_cdecl` functions, which
    /// include/playtime_guard.h declares for C; a Swift game imports PlaytimeGuard instead).
    package static let all = ["PlaytimeGuard", "PlaytimeServer", "PlaytimeGuardC"]

    /// The products whose module is built in `extractor`'s folder, in `all`'s order.
    package static func built(in extractor: SymbolGraphExtractor) -> [String] {
        let modules = extractor.moduleNames()
        return all.filter { modules.contains($0) }
    }
}
