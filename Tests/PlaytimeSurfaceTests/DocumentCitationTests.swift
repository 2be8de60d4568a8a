import Foundation
import Testing

/// The documents and source comments cite only what the repository holds: every path under one of its top-level
/// folders exists (or, with a `*`, matches a file), every relative Markdown link resolves, and nothing cites
/// notes kept outside the repository.
@Suite("Citations")
struct DocumentCitationTests {
    static let root = BuiltModules.root
    static let folders = ["Sources", "Tests", "docs", "scripts", "Examples", "Benchmarks", "Fuzz"]

    /// Every Markdown document and every source or script file of the repository (outside build output).
    static func citingFiles() -> [String] {
        var files = ["README.md"]
        let manager = FileManager.default
        for folder in folders {
            guard let walker = manager.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let path as String in walker
            where [".md", ".swift", ".sh", ".py", ".c"].contains(where: path.hasSuffix) && !path.contains(".build/") {
                files.append(folder + "/" + path)
            }
        }
        return files
    }

    /// The repository paths `text` names: a top-level folder, then name characters (a `*` allowed).
    static func citedPaths(in text: String) -> [String] {
        let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+./*-")
        var found: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let before: Character? = index > 0 ? characters[index - 1] : nil
            let startsWord = before.map { !nameCharacters.contains($0) } ?? true
            if startsWord, let folder = folders.first(where: { matches($0 + "/", characters, at: index) }) {
                var end = index + folder.count + 1
                while end < characters.count, nameCharacters.contains(characters[end]) { end += 1 }
                var path = String(characters[index..<end])
                while let last = path.last, ".-/".contains(last) { path.removeLast() }
                if path.count > folder.count + 1 { found.append(path) }
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    private static func matches(_ prefix: String, _ characters: [Character], at index: Int) -> Bool {
        let needle = Array(prefix)
        guard index + needle.count <= characters.count else { return false }
        return Array(characters[index..<index + needle.count]) == needle
    }

    /// True when `path` exists, or, with a `*` in its last component, some file of its folder matches.
    static func exists(_ path: String) -> Bool {
        let url = root.appendingPathComponent(path)
        guard path.contains("*") else { return FileManager.default.fileExists(atPath: url.path) }
        let folder = url.deletingLastPathComponent().path
        let parts = url.lastPathComponent.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { name in
            guard name.hasPrefix(parts.first!), name.hasSuffix(parts.last!) else { return false }
            return name.count >= parts.first!.count + parts.last!.count
        }
    }

    /// A placeholder such as `Examples/Samples/NAME`: a last component in capitals only.
    static func isPlaceholder(_ path: String) -> Bool {
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return !last.isEmpty && last.allSatisfy { $0.isUppercase || $0 == "_" }
    }

    @Test("every repository path a document or a source comment cites exists")
    func citedPathsExist() throws {
        var missing: [String] = []
        for file in Self.citingFiles() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for path in Self.citedPaths(in: text) where !Self.isPlaceholder(path) && !Self.exists(path) {
                missing.append("\(file) cites \(path)")
            }
        }
        #expect(missing.isEmpty, "\(Set(missing).sorted().joined(separator: "\n"))")
    }

    @Test("every relative Markdown link of the documents resolves")
    func markdownLinksResolve() throws {
        var broken: [String] = []
        for file in Self.citingFiles() where file.hasSuffix(".md") {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            var rest = text[...]
            while let open = rest.range(of: "](") {
                guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
                let target = String(rest[open.upperBound..<close])
                rest = rest[close...]
                // A link to a file: a relative path with a dot in it (`[k](−A)` in a formula is not a link).
                let pathCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-")
                let linkPath = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                guard !target.contains("://"), !linkPath.isEmpty, linkPath.contains("."),
                    linkPath.allSatisfy(pathCharacters.contains)
                else { continue }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                let base = Self.root.appendingPathComponent(file).deletingLastPathComponent()
                if !FileManager.default.fileExists(atPath: base.appendingPathComponent(path).standardized.path) {
                    broken.append("\(file) links to \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test("nothing cites the field notes kept outside the repository")
    func noOutsideNotes() throws {
        let citing = try Self.citingFiles().filter { file in
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            return text.contains("GUIDE" + " §") || text.contains("the field" + " guide")
        }
        #expect(citing.isEmpty, "\(citing)")
    }

    @Test("the checks can fail: a missing path, a placeholder and a glob are told apart")
    func checksCanFail() {
        // Spelt in pieces, so that this file does not cite what it shows missing.
        let missing = "docs" + "/no-such-file.md"
        let missingGlob = "scripts" + "/no-*.sh"
        let text = "see `\(missing)`, Examples/Samples/NAME, scripts/bench-*.sh and Sources/playtime/main.swift."
        let paths = Self.citedPaths(in: text)
        #expect(paths == [missing, "Examples/Samples/NAME", "scripts/bench-*.sh", "Sources/playtime/main.swift"])
        #expect(!Self.exists(missing))
        #expect(Self.isPlaceholder("Examples/Samples/NAME"))
        #expect(Self.exists("scripts/bench-*.sh"))
        #expect(!Self.exists(missingGlob))
        #expect(Self.exists("Sources/playtime/main.swift"))
    }
}
