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
    func listIsCurrent() async throws {
        let (products, lists) = try await offPool {
            (PublicAPIProducts.built(in: try SymbolGraphExtractor(modulesDirectory: try BuiltModules.directory())), try Self.products.get())
        }
        #expect(products.first == "PlaytimeGuard")
        #expect(lists.map(\.module) == products)
        let regenerated = PublicAPIDocument.render(lists)
        let path = BuiltModules.root.appendingPathComponent("docs/public-api.md").path
        let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let difference = PublicAPIDocument.difference(committed: committed, regenerated: regenerated)
        #expect(
            difference.isEmpty,
            """
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

    /// The library modules of Sources/ (every folder but the executables' — `playtime`, `playtime-server`: a folder with
    /// a main.swift — and but the C targets': C has no `package`, and CPlaytimeSHA's functions are reached only through
    /// PlaytimeCrypto's internal import).
    static let sourceModules = ((try? FileManager.default.contentsOfDirectory(atPath: BuiltModules.root.appendingPathComponent("Sources").path)) ?? [])
        .filter { !$0.hasPrefix(".") && !isCTarget($0) && !isExecutable($0) }.sorted()

    /// True for a target folder of Sources/ that holds a main.swift (an executable).
    static func isExecutable(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: BuiltModules.root.appendingPathComponent("Sources").appendingPathComponent(name).path + "/main.swift")
    }

    /// True for a target folder of Sources/ with a public-header folder and no Swift file (a C target).
    static func isCTarget(_ name: String) -> Bool {
        let folder = BuiltModules.root.appendingPathComponent("Sources").appendingPathComponent(name).path
        let files = FileManager.default.enumerator(atPath: folder).map { $0.compactMap { $0 as? String } } ?? []
        return FileManager.default.fileExists(atPath: folder + "/include") && !files.contains { $0.hasSuffix(".swift") }
    }

    @Test("no module declares public what no product exposes (it would be package)", arguments: sourceModules)
    func nothingPublicForNothing(_ module: String) async throws {
        let strays = try await offPool {
            let listed = try Self.products.get().reduce(into: Set<String>()) { $0.formUnion($1.keys) }
            return try PublicAPIList.strays(
                in: module, extractor: try SymbolGraphExtractor(modulesDirectory: try BuiltModules.directory()),
                listed: listed)
        }
        .filter { stray in !Self.testingSeam.contains { stray.hasPrefix("\(module).\($0)") } }
        #expect(
            strays.isEmpty,
            """
            public in \(module) but in no product's API (docs/public-api.md), so no game can reach it: make it package \
            (or, if a game should see it, expose it through PlaytimeGuard or PlaytimeServer):
            \(strays.prefix(40).joined(separator: "\n"))
            """)
    }

    /// The platform layer's types that are public only for PlaytimeGuard's `@_spi(Testing)` aliases: the clock a
    /// game's tests move by hand (docs/public-api.md). The symbol graphs leave SPI out, so no product lists them.
    static let testingSeam = ["ClockReading", "ClockSource", "SystemClockSource"]

    @Test("the client product names none of the platform layer (its clock is a testing seam), and re-exports only the modules of its few types")
    func clientSurface() async throws {
        let list = try await offPool { try Self.client.get() }
        #expect(Set(list.reexported) == ["PlaytimeRewards", "PlaytimeJournal", "PlaytimeNTP", "PlaytimeRoughtime"])
        #expect(list.nameable.filter { $0.module == "PlaytimeSystem" }.isEmpty)
        let declarations = list.nameable.filter { $0.kind != "conformance" }.count
        // 60 after issue 18; issue 29 added what a game needs after a damaged journal or a lost key: QuarantinedJournal
        // (path, message, explanation), OfflineEarnings.quarantinedJournal and .needsEnrollment, EarningsError.Code.keyLost.
        // Issue 34 added the game's link to its server, EarningsConfiguration.gameServer (and its init parameter).
        #expect(declarations <= 66, "the client's surface grew past 66 declarations (issues 18, 29, 34): \(declarations)")
        let all = list.nameable + list.reachable
        for hidden in [
            "UDPSocket", "OpenFile", "TCPConnection", "Poller", "FileSystem", "Resolver", "SocketAddress", "NTPClient", "NTPTransport",
            "CheatSimulator", "SessionAssembler", "UploadGate", "TicketAuthority", "ClockSource", "ClockReading", "ElapsedVerdict",
            "RewardBreakdown", "SessionTimeline", "ClaimRecord", "NTPFix", "ServerAnchor",
        ] {
            #expect(!all.contains { $0.path == hidden || $0.path.hasPrefix(hidden + ".") }, "\(hidden) is part of the client's public API")
        }
    }

    @Test("every public declaration a game or a game server can name or reach has a doc comment (issue 34)")
    func everyDeclarationDocumented() async throws {
        let lists = try await offPool { try Self.products.get() }
        #expect(lists.count >= 2)
        for list in lists {
            #expect(
                list.undocumented.isEmpty,
                """
                import \(list.module): public declarations without a `///` comment (the documentation catalogs, scripts/docs.sh, \
                show each one's):
                \(list.undocumented.joined(separator: "\n"))
                """)
        }
    }

    @Test("the server product names at most 80 declarations (issue 18), none of the judging core's")
    func serverSurface() async throws {
        let server = try #require(try await offPool { try Self.products.get() }.first { $0.module == "PlaytimeServer" })
        let declarations = server.nameable.filter { $0.kind != "conformance" }
        #expect(declarations.count <= 80, "the server's surface grew past 80 declarations: \(declarations.count)")
        #expect(!declarations.contains { $0.module == "PlaytimeJudging" || $0.module == "PlaytimeAudit" }, "\(declarations.map(\.line))")
    }
}
