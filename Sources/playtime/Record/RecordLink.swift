import Foundation
import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeHTTP
import PlaytimeJournal
import PlaytimeSystem

/// `playtime record`'s link to a game's server (docs/anchors.md, docs/service.md): an enrolled journal made from an
/// enrollment text (`--enrollment`) or from `playtime-server` itself (`--server URL --api-key KEY --player ID`), and an
/// anchor of the server's time recorded after the event when a server is named.
struct RecordLink {
    /// The options the link takes.
    static let valueOptions: Set<String> = ["--enrollment", "--server", "--api-key", "--player"]

    static let help = """
        ENROLLED JOURNALS:
          --enrollment TEXT|@FILE  Make (or continue) the journal a game server enrolled: TEXT is the `pe1.…` enrollment
                                   (or @FILE holds it). A new journal takes the enrollment's id and key — the key file is
                                   written with it (0600) — and the enrollment anchor as its first record; an existing one
                                   must be that journal, under that key. The enrollment holds the key: keep it as the key
                                   file is kept.
          --server URL             A playtime-server (http://HOST:PORT, loopback or a private address; put TLS in front of
                                   it elsewhere, docs/service.md): with --api-key and --player, a new journal is enrolled
                                   there, and after the event the server's anchor for the journal's head is recorded.
          --api-key KEY            The backend's API key for --server (or the environment's PLAYTIME_API_KEY).
          --player ID              The player the server enrolls and anchors for.

        `playtime record anchor-request --journal FILE --key-file FILE` prints the journal's anchor request (the `pr1.…`
        text a backend sends to the service's anchors operation); `record anchor --token TOKEN` records the answer, or
        `record anchor --server URL --api-key KEY --player ID` asks the server for it.
        """

    let enrollment: Enrollment?
    let service: ServiceClient?
    let player: String?

    /// The link named on the command line (none without --enrollment or --server).
    init(_ parsed: ParsedArguments) throws(UsageError) {
        var text = parsed.value("--enrollment")
        if let given = text, given.hasPrefix("@") {
            guard let data = FileManager.default.contents(atPath: String(given.dropFirst())) else {
                throw UsageError(description: "--enrollment \(given): cannot read the file")
            }
            text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let text {
            guard let parsedEnrollment = Enrollment(text: text) else { throw UsageError(description: "--enrollment: not a pe1 enrollment text") }
            enrollment = parsedEnrollment
        } else {
            enrollment = nil
        }
        if let url = parsed.value("--server") {
            guard let address = Self.address(url) else {
                throw UsageError(description: "--server takes http://HOST:PORT with a numeric host (or localhost), not '\(url)'")
            }
            guard let key = parsed.value("--api-key") ?? ProcessInfo.processInfo.environment["PLAYTIME_API_KEY"], !key.isEmpty else {
                throw UsageError(description: "--server needs --api-key KEY (or PLAYTIME_API_KEY)")
            }
            guard let player = parsed.value("--player"), !player.isEmpty else { throw UsageError(description: "--server needs --player ID") }
            service = ServiceClient(address: address, apiKey: key)
            self.player = player
        } else {
            guard parsed.value("--api-key") == nil, parsed.value("--player") == nil else {
                throw UsageError(description: "--api-key and --player go with --server URL")
            }
            service = nil
            player = nil
        }
    }

    /// True when the command names an enrollment or a server.
    var isEnrolled: Bool { enrollment != nil || service != nil }

    /// The enrollment to open the journal with: the one given, else — for a journal not yet made — a new one from the
    /// server; `nil` for a journal that exists without one (its key file then has its key).
    func enrollmentToUse(journalPath: String) throws(LinkError) -> Enrollment? {
        if let enrollment { return enrollment }
        guard let service, let player, (try? FileSystem.kind(ofPath: journalPath, followingLinks: false)) == nil else { return nil }
        do {
            guard let made = Enrollment(text: try service.enroll(player: player).enrollment) else {
                throw LinkError(description: "the server's enrollment is not a pe1 text")
            }
            return made
        } catch let error as ServiceClientError {
            throw LinkError(description: "enrolling at the server: \(error.description)")
        } catch {
            throw LinkError(description: "enrolling at the server: \(error)")
        }
    }

    /// The key of `enrollment`, written to `keyPath` when no file is there (0600, atomically); an existing key file
    /// must hold that key.
    static func key(of enrollment: Enrollment, keyPath: String) throws(LinkError) -> JournalKey {
        let key: JournalKey
        do { key = try JournalKey(bytes: enrollment.key) } catch { throw LinkError(description: "the enrollment's key: \(error)") }
        if (try? FileSystem.kind(ofPath: keyPath, followingLinks: false)) == nil {
            do {
                try FileSystem.createFile(atPath: keyPath, bytes: Array((Hex.encode(enrollment.key) + "\n").utf8), permissions: 0o600)
            } catch  where error.reason == .alreadyExists {
                // Written by another run meanwhile: checked below.
            } catch {
                throw LinkError(description: "cannot write the key file \(keyPath): \(error)")
            }
        }
        let stored: JournalKey
        do { stored = try KeyFile.load(path: keyPath) } catch { throw LinkError(description: "\(error)") }
        guard stored.keyIDHex == key.keyIDHex else {
            throw LinkError(
                description: "the key file \(keyPath) holds another key than the enrollment's: name another key file, or the journal this key belongs to")
        }
        return key
    }

    /// Asks the server for an anchor of `recorder`'s head and records it; the anchor's sequence, or `nil` without a server.
    func anchor(_ recorder: SessionRecorder) throws(LinkError) -> (token: String, sequence: UInt64?)? {
        guard let service, let player else { return nil }
        let request = recorder.anchorRequest()
        let token: String
        do { token = try service.anchor(player: player, request: request.text).anchor } catch {
            throw LinkError(description: "asking the server for an anchor: \(error.description)")
        }
        do {
            return (token, try recorder.recordAnchor(token, for: request).sequence)
        } catch {
            throw LinkError(description: "the server's anchor was refused: \(plainMessage(error))")
        }
    }

    /// `http://HOST:PORT` (numeric host, `localhost`, or `[v6]`).
    static func address(_ url: String) -> SocketAddress? {
        guard url.hasPrefix("http://") else { return nil }
        var rest = url.dropFirst(7)
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]) else { return nil }
        var host = rest[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if host == "localhost" { host = "127.0.0.1" }
        return SocketAddress(numericHost: String(host), port: port)
    }
}

/// The server or the enrollment could not be used; nothing more was written.
struct LinkError: Error, CustomStringConvertible {
    var description: String
}
