import Foundation
import PublicAPIListing
import Testing

@Suite("Public API list")
struct PublicAPITests {
    /// The client product's list, made once for the tests below.
    static let client = Result { () throws(PublicAPIError) -> PublicAPIList in
        try PublicAPIList.make(module: "PlaytimeGuard", extractor: try SymbolGraphExtractor(modulesDirectory: try BuiltModules.directory()))
    }

    @Test("docs/public-api.md is what the built modules export (regenerate: scripts/public-api.sh --write)")
    func listIsCurrent() throws {
        let extractor = try SymbolGraphExtractor(modulesDirectory: try BuiltModules.directory())
        let products = PublicAPIProducts.built(in: extractor)
        #expect(products.first == "PlaytimeGuard")
        let lists = try Self.products.get()
        #expect(lists.map(\.module) == products)
        let regenerated = PublicAPIDocument.render(lists)
        let path = BuiltModules.root.appendingPathComponent("docs/public-api.md").path
        let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let difference = PublicAPIDocument.difference(committed: committed, regenerated: regenerated)
        #expect(difference.isEmpty, """
            The public API changed without docs/public-api.md (- listed there, + built now). If the change is meant, \
            run \(PublicAPIDocument.regenerateCommand) and commit the file:
            \(difference.joined(separator: "\n"))
            """)
    }

    /// Every product's list, made once.
    static let products = Result { () throws(PublicAPIError) -> [PublicAPIList] in
        let extractor = try SymbolGraphExtractor(modulesDirectory: try BuiltModules.directory())
        return try PublicAPIProducts.built(in: extractor).map { (product: String) throws(PublicAPIError) in
            product == "PlaytimeGuard" ? try client.get() : try PublicAPIList.make(module: product, extractor: extractor)
        }
    }

    /// The library modules of Sources/ (every folder but the CLI's).
    static let sourceModules = ((try? FileManager.default.contentsOfDirectory(atPath: BuiltModules.root.appendingPathComponent("Sources").path)) ?? [])
        .filter { $0 != "playtime" && !$0.hasPrefix(".") }.sorted()

    @Test("no module declares public what no product exposes (it would be package)", arguments: sourceModules)
    func nothingPublicForNothing(_ module: String) throws {
        let extractor = try SymbolGraphExtractor(modulesDirectory: try BuiltModules.directory())
        let listed = try Self.products.get().reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        let strays = try PublicAPIList.strays(in: module, extractor: extractor, listed: listed)
        #expect(strays.isEmpty, """
            public in \(module) but in no product's API (docs/public-api.md), so no game can reach it: make it package \
            (or, if a game should see it, expose it through PlaytimeGuard or PlaytimeServer):
            \(strays.prefix(40).joined(separator: "\n"))
            """)
    }

    @Test("the client product names none of the platform layer beyond its aliases, and re-exports only the rewards and the judging core")
    func clientSurface() throws {
        let list = try Self.client.get()
        #expect(Set(list.reexported) == ["PlaytimeRewards", "PlaytimeJudging"])
        let platform = Set(list.nameable.filter { $0.module == "PlaytimeSystem" }.map { $0.path.split(separator: ".").first.map(String.init) ?? "" })
        #expect(platform == ["ClockReading", "ClockSource", "SystemClockSource"])
        let all = list.nameable + list.reachable
        for hidden in ["UDPSocket", "OpenFile", "TCPConnection", "Poller", "FileSystem", "Resolver", "SocketAddress", "NTPClient", "NTPTransport",
                       "CheatSimulator", "SessionAssembler", "UploadGate", "TicketAuthority"] {
            #expect(!all.contains { $0.path == hidden || $0.path.hasPrefix(hidden + ".") }, "\(hidden) is part of the client's public API")
        }
    }
}
