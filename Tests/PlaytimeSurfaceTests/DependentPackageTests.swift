import Foundation
import PublicAPIListing
import Testing

/// What a package that depends on PlaytimeGuard and imports only `PlaytimeGuard` (or `PlaytimeServer`) can name, checked by
/// type-checking the files of Tests/DependentPackage against the built modules as an outside package would
/// (no `-package-name`, so `package` declarations are invisible; the control passes the build's package name). scripts/dependent-package.sh does the same
/// with a real throw-away package and `swift build`.
@Suite("A dependent package")
struct DependentPackageTests {
    /// `swiftc -typecheck` of `file` against the built modules: the exit status and the distinct error lines.
    static func typecheck(_ file: String, packageName: String? = nil) async throws -> (status: Int32, errors: [String]) {
        try await offPool { try typecheckBlocking(file, packageName: packageName) }
    }

    private static func typecheckBlocking(_ file: String, packageName: String?) throws -> (status: Int32, errors: [String]) {
        guard let swiftc = SymbolGraphExtractor.toolchainTool("swiftc") else {
            throw PublicAPIError("swiftc is not on PATH")
        }
        let modules = try BuiltModules.directory()
        let arguments =
            ["-typecheck", "-I", modules, file]
            + (packageName.map { ["-package-name", $0] } ?? []) + SymbolGraphExtractor.platformArguments()
            + SymbolGraphExtractor.clangModuleArguments(modulesDirectory: modules)
        let result = try SymbolGraphExtractor.run(swiftc, arguments)
        let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains(": error: ") }
            .map { String($0[$0.range(of: ": error: ")!.upperBound...]) }
        return (result.status, Array(Set(errors)).sorted())
    }

    @Test(
        "control: with PlaytimeSystem imported, the package's own modules see all three; an outside package none (they are package)",
        arguments: ["UDPSocket", "SystemError", "OpenFile"])
    func namesExistInThePackage(_ type: String) async throws {
        let file = try Self.namingFile(type, importing: "PlaytimeGuard\nimport PlaytimeSystem")
        defer { try? FileManager.default.removeItem(at: file) }
        let inside = try await Self.typecheck(file.path, packageName: try BuiltModules.packageName())
        #expect(inside.errors.isEmpty && inside.status == 0, "\(inside.errors)")
        let outside = try await Self.typecheck(file.path)
        #expect(outside.errors == ["cannot find type '\(type)' in scope"], "\(outside.errors)")
    }

    /// `Names<type>.swift` with its `import PlaytimeGuard` replaced by `import <module>`, in a temporary file.
    static func namingFile(_ type: String, importing module: String) throws -> URL {
        let source = try String(contentsOfFile: BuiltModules.fixture("Names\(type).swift"), encoding: .utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("playtime-names-\(UUID().uuidString).swift")
        try source.replacingOccurrences(of: "import PlaytimeGuard\n", with: "import \(module)\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("importing only PlaytimeGuard, a game cannot name the platform layer's type", arguments: ["UDPSocket", "SystemError", "OpenFile"])
    func cannotName(_ type: String) async throws {
        let (status, errors) = try await Self.typecheck(BuiltModules.fixture("Names\(type).swift"))
        #expect(status != 0)
        #expect(errors == ["cannot find type '\(type)' in scope"], "\(errors)")
    }

    @Test("importing only PlaytimeServer, a game server cannot name them either", arguments: ["UDPSocket", "SystemError", "OpenFile"])
    func serverCannotName(_ type: String) async throws {
        let file = try Self.namingFile(type, importing: "PlaytimeServer")
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, errors) = try await Self.typecheck(file.path)
        #expect(status != 0)
        #expect(errors == ["cannot find type '\(type)' in scope"], "\(errors)")
    }

    @Test("importing only PlaytimeGuard, a game writes the quick starts and names its clock, key, NTP and Roughtime types")
    func clientTypesResolve() async throws {
        let (status, errors) = try await Self.typecheck(BuiltModules.fixture("ClientUse.swift"))
        #expect(errors.isEmpty, "\(errors)")
        #expect(status == 0)
    }

    @Test(
        "the README's quick starts type-check as written, every variable declared with its type",
        arguments: ["## Client quick start", "## Server quick start"])
    func readmeQuickStart(_ heading: String) async throws {
        try await Self.typecheckBlock(under: heading, of: "README.md")
    }

    /// Type-checks the first Swift block under `heading` of the document at `path` (repository-relative), as written.
    static func typecheckBlock(under heading: String, of path: String) async throws {
        let document = try String(contentsOf: BuiltModules.root.appendingPathComponent(path), encoding: .utf8)
        let code = try #require(firstSwiftBlock(after: heading, in: document), "no ```swift block under \(heading) in \(path)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("playtime-snippet-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try code.write(to: file, atomically: true, encoding: .utf8)
        let (status, errors) = try await typecheck(file.path)
        #expect(errors.isEmpty, "\(path), \(heading): \(errors)")
        #expect(status == 0)
    }

    /// The client quick start of the documentation catalog (Sources/PlaytimeGuard/PlaytimeGuard.docc/GettingStarted.md),
    /// and the server's (Sources/PlaytimeServer/PlaytimeServer.docc/GettingStarted.md).
    static let catalogQuickStarts = [
        ("Sources/PlaytimeGuard/PlaytimeGuard.docc/GettingStarted.md", "## Ten lines"),
        ("Sources/PlaytimeServer/PlaytimeServer.docc/GettingStarted.md", "## The calls"),
    ]

    @Test("the documentation catalogs' quick starts type-check as written", arguments: catalogQuickStarts.map { $0.0 + " " + $0.1 })
    func catalogQuickStart(_ place: String) async throws {
        let (path, heading) = try #require(Self.catalogQuickStarts.first { $0.0 + " " + $0.1 == place })
        try await Self.typecheckBlock(under: heading, of: path)
    }

    @Test("the client quick start is at most 10 lines of code, and the README shows the catalog's, line for line (issue 34)")
    func tenLines() throws {
        let (path, heading) = Self.catalogQuickStarts[0]
        let article = try String(contentsOf: BuiltModules.root.appendingPathComponent(path), encoding: .utf8)
        let code = try #require(Self.firstSwiftBlock(after: heading, in: article))
        let lines = code.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count <= 10, "\(lines.count) lines:\n\(code)")
        #expect(lines.contains { $0.contains("gameServer:") }, "the quick start gives the library the link")
        let readme = try String(contentsOf: BuiltModules.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(Self.firstSwiftBlock(after: "## Client quick start", in: readme) == code, "README.md's client quick start is not the catalog's")
    }

    /// The first fenced Swift block after the line `heading` (before the next `## ` heading).
    static func firstSwiftBlock(after heading: String, in text: String) -> String? {
        guard let start = text.range(of: "\n" + heading + "\n") else { return nil }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let body = section[..<end]
        guard let open = body.range(of: "```swift\n"),
            let close = body[open.upperBound...].range(of: "\n```")
        else { return nil }
        return String(body[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test("importing only PlaytimeServer, a game server writes the server quick start")
    func serverTypesResolve() async throws {
        let (status, errors) = try await Self.typecheck(BuiltModules.fixture("ServerUse.swift"))
        #expect(errors.isEmpty, "\(errors)")
        #expect(status == 0)
    }
}
