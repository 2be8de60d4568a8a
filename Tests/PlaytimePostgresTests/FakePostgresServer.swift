import Foundation
import PlaytimeCrypto
import PlaytimePostgres
import PlaytimeSystem

/// An in-process stand-in for a hostile or broken PostgreSQL server on 127.0.0.1: accepts one connection, reads
/// the startup message, then plays its script. Its thread ends when the script does or the client hangs up.
final class FakePostgresServer: @unchecked Sendable {
    /// One step of the script.
    enum Step: Sendable {
        /// Send these bytes.
        case send([UInt8])
        /// Read one typed frontend message (and drop it).
        case receive
        /// Play the server side of SCRAM-SHA-256 for `password`, with these liberties taken.
        case scram(password: String, iterations: Int, corruptSignature: Bool, skipFinal: Bool)
        /// Read until the client closes (a server that never answers).
        case hang
    }

    let port: UInt16
    private let listener: TCPListener
    private let thread: Thread

    init(_ script: [Step]) throws {
        let listener = try TCPListener(bindingTo: SocketAddress(numericHost: "127.0.0.1", port: 0)!)
        self.listener = listener
        port = listener.localAddress.port
        let shared = UncheckedListener(listener: listener)
        thread = Thread {
            let listener = shared.listener
            guard let connection = try? listener.accept(timeoutNanoseconds: 20_000_000_000) else { return }
            defer { connection.close() }
            var peer = FakePeer(connection: connection)
            guard peer.readStartup() else { return }
            for step in script {
                guard peer.play(step) else { return }
            }
        }
        thread.start()
    }

    deinit { listener.close() }

    /// A configuration aimed at this server, with short deadlines.
    func configuration(password: String? = "secret", timeout: Int64 = 2_000_000_000) -> PostgresConfiguration {
        var configuration = PostgresConfiguration(host: "127.0.0.1", port: port, user: "fake", password: password, database: "db")
        configuration.connectTimeoutNanoseconds = timeout
        configuration.queryTimeoutNanoseconds = timeout
        return configuration
    }

    // MARK: Canned messages

    static func message(_ type: Character, _ body: [UInt8]) -> [UInt8] {
        [type.asciiValue!] + int32(Int32(body.count + 4)) + body
    }

    static func int32(_ value: Int32) -> [UInt8] {
        let bits = UInt32(bitPattern: value)
        return [UInt8(bits >> 24), UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits)]
    }

    static func authentication(_ code: Int32, _ rest: [UInt8] = []) -> [UInt8] { message("R", int32(code) + rest) }
    static let authenticationOK = authentication(0)
    static let readyForQuery = message("Z", [UInt8(ascii: "I")])
    /// AuthenticationOk, a parameter, the backend key and ReadyForQuery: a finished startup.
    static let startupDone =
        authenticationOK + message("S", Array("server_version\u{0}15.0\u{0}".utf8))
        + message("K", int32(4242) + int32(99)) + readyForQuery
}

/// The fake's side of one connection.
private struct FakePeer {
    let connection: TCPConnection
    var pending: [UInt8] = []

    init(connection: TCPConnection) { self.connection = connection }

    mutating func readExactly(_ count: Int) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while pending.count < count {
            guard let read = try? connection.read(into: &chunk), read > 0 else { return nil }
            pending.append(contentsOf: chunk[..<read])
        }
        defer { pending.removeFirst(count) }
        return Array(pending[..<count])
    }

    mutating func readStartup() -> Bool {
        guard let header = readExactly(4) else { return false }
        let length = Int(UInt32(header[0]) << 24 | UInt32(header[1]) << 16 | UInt32(header[2]) << 8 | UInt32(header[3]))
        return length >= 8 && length < 10_000 && readExactly(length - 4) != nil
    }

    mutating func readMessage() -> (UInt8, [UInt8])? {
        guard let header = readExactly(5) else { return nil }
        let length = Int(UInt32(header[1]) << 24 | UInt32(header[2]) << 16 | UInt32(header[3]) << 8 | UInt32(header[4]))
        guard length >= 4, length < 100_000_000, let body = readExactly(length - 4) else { return nil }
        return (header[0], body)
    }

    func send(_ bytes: [UInt8]) -> Bool { (try? connection.writeAll(bytes)) != nil }

    mutating func play(_ step: FakePostgresServer.Step) -> Bool {
        switch step {
        case .send(let bytes): return send(bytes)
        case .receive: return readMessage() != nil
        case .hang:
            while readMessage() != nil {}
            return false
        case .scram(let password, let iterations, let corruptSignature, let skipFinal):
            return playSCRAM(password: password, iterations: iterations, corruptSignature: corruptSignature, skipFinal: skipFinal)
        }
    }

    /// RFC 5802 §3 from the server's side.
    mutating func playSCRAM(password: String, iterations: Int, corruptSignature: Bool, skipFinal: Bool) -> Bool {
        guard send(FakePostgresServer.authentication(10, Array("SCRAM-SHA-256\u{0}\u{0}".utf8))) else { return false }
        // SASLInitialResponse: mechanism\0, int32 length, "n,,n=,r=NONCE".
        guard let (_, initial) = readMessage(), let nul = initial.firstIndex(of: 0), initial.count >= nul + 5 else { return false }
        let clientFirst = String(decoding: initial[(nul + 5)...], as: UTF8.self)
        guard clientFirst.hasPrefix("n,,") else { return false }
        let clientFirstBare = String(clientFirst.dropFirst(3))
        guard let nonceRange = clientFirstBare.range(of: "r=") else { return false }
        let nonce = String(clientFirstBare[nonceRange.upperBound...]) + "ServerPart"
        let salt: [UInt8] = Array("fake-salt-bytes!".utf8)
        let serverFirst = "r=\(nonce),s=\(Data(salt).base64EncodedString()),i=\(iterations)"
        guard send(FakePostgresServer.authentication(11, Array(serverFirst.utf8))) else { return false }
        guard let (_, finalBody) = readMessage() else { return false }
        let clientFinal = String(decoding: finalBody, as: UTF8.self)
        guard let proofRange = clientFinal.range(of: ",p=") else { return false }
        let withoutProof = String(clientFinal[..<proofRange.lowerBound])
        if skipFinal { return send(FakePostgresServer.authenticationOK + FakePostgresServer.readyForQuery) }
        let iterationCount = max(1, iterations)
        let salted = PBKDF2<SHA256>.deriveKey(password: Array(password.utf8), salt: salt, iterations: iterationCount, keyByteCount: 32)
        let serverKey = HMAC<SHA256>.authenticationCode(for: Array("Server Key".utf8), using: salted)
        var signature = HMAC<SHA256>.authenticationCode(
            for: Array("\(clientFirstBare),\(serverFirst),\(withoutProof)".utf8), using: serverKey)
        if corruptSignature { signature[0] ^= 1 }
        let serverFinal = "v=\(Data(signature).base64EncodedString())"
        return send(FakePostgresServer.authentication(12, Array(serverFinal.utf8)) + FakePostgresServer.startupDone)
    }
}

/// The listener, handed to the fake's thread; only that thread accepts on it.
private struct UncheckedListener: @unchecked Sendable {
    let listener: TCPListener
}
