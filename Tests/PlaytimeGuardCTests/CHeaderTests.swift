import Foundation
import PlaytimeGuardC
import Testing

extension CInterfaceTests {
    /// The repository (this file is Tests/PlaytimeGuardCTests/CHeaderTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("The header's PTG_* statuses are the library's: names, numbers and error codes")
    func headerStatuses() throws {
        let header = try Self.text("include/playtime_guard.h")
        let defines = header.split(separator: "\n").filter { $0.hasPrefix("#define PTG_") }
        #expect(defines.count == CInterfaceTesting.statuses.count, "\(defines)")
        for status in CInterfaceTesting.statuses {
            let line = defines.first { $0.split(separator: " ").dropFirst().first.map(String.init) == status.name }
            let fields = line?.split(separator: " ", omittingEmptySubsequences: true) ?? []
            #expect(fields.count > 2 && fields[2] == "\(status.value)", "\(status.name) is \(status.value) in the library: \(line ?? "missing")")
            if status.value > 1 { #expect(line?.contains("\"\(status.code)\"") == true, "\(status.name)'s code \"\(status.code)\": \(line ?? "missing")") }
        }
    }

    @Test("The header declares exactly the functions the Swift sources export with @_cdecl, each with its comment")
    func headerFunctions() throws {
        let header = try Self.text("include/playtime_guard.h")
        let declared = Set(
            header.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("int32_t ptg_"), let open = line.firstIndex(of: "(") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 8)..<open])
            })
        let exportsDirectory = Self.root.appendingPathComponent("Sources/PlaytimeGuardC/Exports")
        var exported = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: exportsDirectory.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: exportsDirectory.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") where line.hasPrefix("@_cdecl(\"") {
                exported.insert(String(line.dropFirst(9).prefix { $0 != "\"" }))
            }
        }
        #expect(!exported.isEmpty)
        #expect(
            declared == exported, "only in the header: \(declared.subtracting(exported).sorted()); only exported: \(exported.subtracting(declared).sorted())")
        for name in declared {
            #expect(header.contains("/* \(name):") || header.contains("/* \(name): "), "\(name) has no comment of its own in the header")
        }
    }
}
