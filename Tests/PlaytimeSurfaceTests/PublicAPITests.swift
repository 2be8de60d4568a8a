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
        let lists = try products.map { (product: String) throws(PublicAPIError) in
            product == "PlaytimeGuard" ? try Self.client.get() : try PublicAPIList.make(module: product, extractor: extractor)
        }
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

    @Test("the client product names none of the platform layer beyond its aliases, and re-exports only PlaytimeRewards")
    func clientSurface() throws {
        let list = try Self.client.get()
        #expect(list.reexported == ["PlaytimeRewards"])
        let platform = Set(list.nameable.filter { $0.module == "PlaytimeSystem" }.map { $0.path.split(separator: ".").first.map(String.init) ?? "" })
        #expect(platform == ["ClockReading", "ClockSource", "SystemClockSource"])
        let all = list.nameable + list.reachable
        for hidden in ["UDPSocket", "OpenFile", "TCPConnection", "Poller", "FileSystem", "Resolver", "SocketAddress", "NTPClient", "NTPTransport",
                       "CheatSimulator", "SessionAssembler", "UploadGate", "TicketAuthority"] {
            #expect(!all.contains { $0.path == hidden || $0.path.hasPrefix(hidden + ".") }, "\(hidden) is part of the client's public API")
        }
    }
}
