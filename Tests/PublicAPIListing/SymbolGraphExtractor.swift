import Foundation

/// Why the public API list could not be made.
package struct PublicAPIError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in a sentence.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}

/// Runs the toolchain's `swift-symbolgraph-extract` on modules that `swift build` left in a `Modules` folder.
package struct SymbolGraphExtractor: Sendable {
    /// The folder holding the built `.swiftmodule`s (e.g. `.build/debug/Modules`).
    package var modulesDirectory: String
    /// The extractor's path.
    package var tool: String

    /// An extractor for the modules in `modulesDirectory`, using `tool` or the toolchain's.
    package init(modulesDirectory: String, tool: String? = nil) throws(PublicAPIError) {
        guard FileManager.default.fileExists(atPath: modulesDirectory) else {
            throw PublicAPIError("no built modules at \(modulesDirectory); run 'swift build' first")
        }
        guard let found = tool ?? Self.toolchainTool("swift-symbolgraph-extract") else {
            throw PublicAPIError("swift-symbolgraph-extract is not on PATH (it ships with every Swift toolchain)")
        }
        self.modulesDirectory = modulesDirectory
        self.tool = found
    }

    /// A tool of the Swift toolchain (`swift-symbolgraph-extract`, `swiftc`): `PLAYTIME_SWIFT_BIN/NAME` if set,
    /// else the first on `PATH`, else the one beside the real `swift` that `PATH` finds (a `/usr/bin/swift`
    /// link into a toolchain), else (Apple) what `xcrun --find` names.
    package static func toolchainTool(_ name: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        var directories: [String] = []
        if let bin = environment["PLAYTIME_SWIFT_BIN"] { directories.append(bin) }
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        directories += path
        directories += path.compactMap { directory in
            let swift = URL(fileURLWithPath: directory + "/swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { return nil }
            return swift.resolvingSymlinksInPath().deletingLastPathComponent().path
        }
        for directory in directories {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        #if os(macOS)
        if let found = try? run("/usr/bin/xcrun", ["--find", name]).output.trimmingCharacters(in: .whitespacesAndNewlines),
            !found.isEmpty
        {
            return found
        }
        #endif
        return nil
    }

    /// Arguments every compiler-based tool needs here: the SDK on Apple platforms, nothing on Linux.
    package static func platformArguments() -> [String] {
        #if os(macOS)
        if let sdk = try? run("/usr/bin/xcrun", ["--show-sdk-path"]).output.trimmingCharacters(in: .whitespacesAndNewlines),
            !sdk.isEmpty
        {
            return ["-sdk", sdk]
        }
        #endif
        return []
    }

    /// What a client of the built modules passes to load the package's C targets (Sources/CPlaytimeSHA): each one's
    /// module map, which SwiftPM writes beside the `Modules` folder (`<target>.build/module.modulemap`) and gives to
    /// every Swift target that imports one, directly or through another module.
    package static func clangModuleArguments(modulesDirectory: String) -> [String] {
        let buildDirectory = URL(fileURLWithPath: modulesDirectory).deletingLastPathComponent()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: buildDirectory.path)) ?? []
        return entries.filter { $0.hasSuffix(".build") }.sorted().flatMap { entry -> [String] in
            let map = buildDirectory.appendingPathComponent(entry).appendingPathComponent("module.modulemap").path
            return FileManager.default.fileExists(atPath: map) ? ["-Xcc", "-fmodule-map-file=" + map] : []
        }
    }

    /// The names of the modules built in `modulesDirectory`.
    package func moduleNames() -> Set<String> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: modulesDirectory)) ?? []
        return Set(entries.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) })
    }

    /// The public symbol graphs of `module` (its own graph and those of its extensions to other modules'
    /// types), with the symbols of every module in `reexporting` that `module` re-exports folded in.
    package func graphs(of module: String, reexporting: Set<String> = []) throws(PublicAPIError) -> [SymbolGraph] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("playtime-symbolgraph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw PublicAPIError("cannot create \(output.path): \(error)")
        }
        // Inherited doc comments left out: a declaration is documented by its own `///`, not by its protocol's.
        var arguments = [
            "-module-name", module, "-I", modulesDirectory, "-minimum-access-level", "public",
            "-skip-synthesized-members", "-skip-inherited-docs", "-output-dir", output.path,
        ]
        let others = reexporting.subtracting([module]).sorted()
        if !others.isEmpty { arguments.append("-experimental-allowed-reexported-modules=" + others.joined(separator: ",")) }
        arguments += Self.platformArguments() + Self.clangModuleArguments(modulesDirectory: modulesDirectory)
        let result: (status: Int32, output: String)
        do {
            result = try Self.run(tool, arguments)
        } catch {
            throw PublicAPIError("cannot run \(tool): \(error)")
        }
        guard result.status == 0 else {
            throw PublicAPIError("\(tool) failed for \(module) (status \(result.status)):\n\(result.output)")
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [])
            .filter { $0.hasSuffix(".symbols.json") && ($0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@")) }
            .sorted()
        guard !files.isEmpty else { throw PublicAPIError("\(tool) wrote no symbol graph for \(module)") }
        var graphs: [SymbolGraph] = []
        for file in files {
            let path = output.appendingPathComponent(file)
            do {
                graphs.append(try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: path)))
            } catch {
                throw PublicAPIError("cannot read the symbol graph \(file): \(error)")
            }
        }
        return graphs
    }

    /// Runs `executable ARGUMENTS`, returning its status and its standard output and error together.
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
