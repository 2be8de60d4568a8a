package import PlaytimeCrypto
internal import PlaytimeSystem

/// An operator's Roughtime key file: one base64 Ed25519 public key a line; blank lines and lines starting
/// with `#` are skipped. At most 64 KiB, a regular file. What a game server trusts signed time under
/// (docs/journal-format.md §12).
package enum RoughtimeKeyFile {
    /// Why a key file was refused.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong, with the path and line.
        package let description: String
    }

    /// The keys in the file at `path`, in file order (at least one).
    package static func load(path: String) throws(Problem) -> [Ed25519PublicKey] {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readRegularFile(atPath: path, byteLimit: 64 * 1024) } catch {
            throw Problem(description: "Roughtime keys: \(error)")
        }
        var keys: [Ed25519PublicKey] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var text = String(decoding: line, as: UTF8.self)
            while let last = text.last, last == "\r" || last == " " || last == "\t" { text.removeLast() }
            while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let raw = Base64.decode(text), raw.count == 32 else {
                throw Problem(description: "\(path):\(index + 1): not a base64 Ed25519 public key (32 bytes)")
            }
            do { keys.append(try Ed25519PublicKey(rawRepresentation: raw)) } catch {
                throw Problem(description: "\(path):\(index + 1): not an Ed25519 public key (\(error))")
            }
        }
        guard !keys.isEmpty else { throw Problem(description: "\(path): no Roughtime key in the file") }
        return keys
    }
}
