internal import Foundation
internal import PlaytimeHTTP
internal import PlaytimeServer
package import PlaytimeSystem

/// `playtime-server`: parse the configuration, open the state, serve until SIGTERM (docs/service.md). Exit status 0
/// after a clean stop, 1 when it cannot start, 2 for a usage error.
package enum ServerCommand {
    /// Runs the command with `arguments` (after the program name); the exit status.
    package static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "keys" { return KeysCommand.run(Array(arguments.dropFirst()), .api) }
        if arguments.first == "operators" { return KeysCommand.run(Array(arguments.dropFirst()), .operators) }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(ServiceOptions.usage)
            return 0
        }
        if arguments.contains("--version") {
            print("playtime-server \(PlaytimeVersion.current)")
            return 0
        }
        let configuration: ServiceConfiguration
        do { configuration = try ServiceOptions.parse(arguments) } catch {
            StandardStreams.writeError("playtime-server: \(error)")
            return 2
        }
        do {
            return try serve(configuration)
        } catch {
            StandardStreams.writeError("playtime-server: \(error)")
            return 1
        }
    }

    /// The HTTP layer's limits for `configuration`.
    static func limits(_ configuration: ServiceConfiguration) -> HTTPServerLimits {
        var limits = HTTPServerLimits()
        limits.maximumConnections = Int(configuration.maxConnections)
        limits.maximumConnectionsPerClient = Int(configuration.maxConnectionsPerClient)
        limits.reservedConnections = Int(configuration.reservedConnections)
        limits.bodyMemoryBytes = Int(configuration.bodyMemoryMiB) << 20
        limits.bodyMemoryBytesPerClient = max(limits.bodyMemoryBytes / 2, min(limits.bodyMemoryBytes, Int(configuration.maxUploadMiB) << 20))
        limits.headTimeoutNanoseconds = configuration.headSeconds * 1_000_000_000
        limits.idleTimeoutNanoseconds = configuration.idleSeconds * 1_000_000_000
        limits.message.readTimeoutNanoseconds = configuration.readSeconds * 1_000_000_000
        limits.message.maximumBody = Int(configuration.maxUploadMiB) << 20
        return limits
    }

    private static func serve(_ configuration: ServiceConfiguration) throws(ServiceSetupError) -> Int32 {
        guard configuration.maxUploadMiB * 2 <= configuration.bodyMemoryMiB else {
            throw ServiceSetupError("--max-upload-mib \(configuration.maxUploadMiB) is more than half of --body-memory-mib \(configuration.bodyMemoryMiB)")
        }
        let address = try Self.address(configuration.listen, flag: "--listen")
        let metricsAddress = try configuration.metricsListen.map { (text) throws(ServiceSetupError) in try Self.address(text, flag: "--metrics-listen") }
        let state = try ServiceState.open(configuration)
        let keys = try ServiceState.loadKeys(state.apiKeysPath)
        let operators = try ServiceState.loadOperatorKeys(state.operatorKeysPath)
        let log: AccessLog
        switch configuration.accessLog {
        case "off": log = AccessLog(descriptor: nil)
        case "-": log = AccessLog(descriptor: 1)
        default:
            let descriptor = open(configuration.accessLog, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw ServiceSetupError("--access-log \(configuration.accessLog): cannot open it") }
            log = AccessLog(descriptor: descriptor)
        }
        let metrics = ServiceMetrics()
        let limits = Self.limits(configuration)
        let service = Service(
            state: state, keys: keys, operators: operators, metrics: metrics, log: log, version: PlaytimeVersion.current,
            uploadLimit: Int(configuration.maxUploadMiB) << 20)
        let listener: StreamListener
        do { listener = try StreamListener(bindingTo: address) } catch { throw ServiceSetupError("cannot listen on \(address): \(error.message)") }
        let server = HTTPServer(listener: listener, handler: service, limits: limits)
        service.readGauges { (server.openConnections, server.bodyMemory) }
        var metricsOnly: HTTPServer?
        if let metricsAddress {
            let metricsService = Service(
                state: state, keys: keys, metrics: metrics, log: log, version: PlaytimeVersion.current, uploadLimit: 0,
                metricsOnly: true)
            metricsService.readGauges { (server.openConnections, server.bodyMemory) }
            let metricsListener: StreamListener
            do { metricsListener = try StreamListener(bindingTo: metricsAddress) } catch {
                throw ServiceSetupError("cannot listen on \(metricsAddress): \(error.message)")
            }
            metricsOnly = HTTPServer(listener: metricsListener, handler: metricsService, limits: HTTPServerLimits())
        }
        let metricsServer = metricsOnly
        // The first line, always: clients and tests read the address from it.
        print("playtime-server \(PlaytimeVersion.current) listening on \(server.localAddress)")
        if let metricsServer { print("metrics on \(metricsServer.localAddress) (GET /v1/metrics, no key)") }
        for line in state.summary { print(line) }
        if let key = state.firstKey {
            print("API key 'default', shown once — keep it in your backend's secret store (more: playtime-server keys add NAME): \(key)")
        }
        print("serving: SIGTERM stops (requests in flight are answered first), SIGHUP reloads the API keys and the operator keys")
        let grace = configuration.shutdownGraceSeconds * 1_000_000_000
        let stopper = Thread {
            while true {
                let signal = ProcessSignals.next(of: [.terminate, .interrupt, .hangUp])
                if signal == .hangUp {
                    do {
                        let reloaded = try ServiceState.loadKeys(state.apiKeysPath)
                        let operators = try ServiceState.loadOperatorKeys(state.operatorKeysPath)
                        service.reload(reloaded)
                        service.reload(operators: operators)
                        print(
                            "SIGHUP: API keys reloaded (\(reloaded.entries.filter { !$0.revoked }.count) in force), "
                                + "operator keys (\(operators.entries.filter { !$0.revoked }.count) in force)")
                    } catch {
                        print("SIGHUP: the API keys were not reloaded, the old ones stay in force: \(error)")
                    }
                    continue
                }
                print("\(signal): stopping (in-flight requests get \(grace / 1_000_000_000) s)")
                server.stop(graceNanoseconds: grace)
                metricsServer?.stop(graceNanoseconds: 0)
                return
            }
        }
        stopper.start()
        if let metricsServer { Thread { _ = metricsServer.run() }.start() }
        if state.server.storeDescription.hasPrefix("fleet") {
            Thread {
                // The fleet database's garbage collection: at start, then hourly.
                while true {
                    do {
                        if let report = try state.server.collectExpired() { print("collection: \(report.description)") }
                    } catch {
                        print("collection failed (tried again in an hour): \(error)")
                    }
                    Thread.sleep(forTimeInterval: 3_600)
                }
            }.start()
        }
        let unfinished = server.run()
        log.close()
        print(unfinished == 0 ? "stopped: every request in flight was answered" : "stopped: \(unfinished) connection(s) still open after the grace period")
        return 0
    }

    /// `HOST:PORT` with a numeric host (`[::1]:PORT` for IPv6).
    static func address(_ text: String, flag: String) throws(ServiceSetupError) -> SocketAddress {
        var host = Substring(text)
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            throw ServiceSetupError("\(flag) takes HOST:PORT with a numeric host, not '\(text)'")
        }
        host = text[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if host == "localhost" { host = "127.0.0.1" }
        guard let address = SocketAddress(numericHost: String(host), port: port) else {
            throw ServiceSetupError("\(flag) takes HOST:PORT with a numeric host, not '\(text)'")
        }
        return address
    }
}

/// `playtime-server keys add|revoke|list` and `playtime-server operators add|revoke|list`: the API keys file or the
/// support console's operator keys file, edited atomically (the running server reads both again on SIGHUP).
enum KeysCommand {
    /// Which file a command edits.
    enum Kind {
        /// The backends' API keys (`ptk_`).
        case api
        /// The support console's operator keys (`pto_`).
        case operators

        var command: String { self == .api ? "keys" : "operators" }
        var prefix: String { self == .api ? "ptk_" : "pto_" }
        var noun: String { self == .api ? "API key" : "operator key" }
        var flag: String { self == .api ? "--api-keys" : "--operator-keys" }
        var heading: String {
            self == .api
                ? "# playtime-server API keys (docs/service.md, \"API keys\"): NAME sha256:HEX [revoked]"
                : "# playtime-server operator keys of the support console (docs/service.md, \"Support console\"): NAME sha256:HEX [revoked]"
        }
        var keep: String { self == .api ? "keep it in your backend's secret store" : "give it to the support person; it opens /console" }
        func path(_ configuration: ServiceConfiguration) -> String { self == .api ? configuration.apiKeysPath : configuration.operatorKeysPath }
    }

    static func run(_ arguments: [String], _ kind: Kind) -> Int32 {
        let command = "playtime-server \(kind.command)"
        guard let action = arguments.first, ["add", "revoke", "list"].contains(action) else {
            StandardStreams.writeError("\(command): add NAME | revoke NAME | list, with --state DIR or \(kind.flag) FILE")
            return 2
        }
        var rest = Array(arguments.dropFirst())
        var name: String?
        if action != "list" {
            guard let first = rest.first, !first.hasPrefix("--") else {
                StandardStreams.writeError("\(command) \(action): name the key")
                return 2
            }
            name = first
            rest.removeFirst()
        }
        let configuration: ServiceConfiguration
        do { configuration = try ServiceOptions.parse(rest) } catch {
            StandardStreams.writeError("\(command): \(error)")
            return 2
        }
        let path = kind.path(configuration)
        do {
            var keys = (try? FileSystem.kind(ofPath: path, followingLinks: true)) == nil ? APIKeys(entries: []) : try ServiceState.loadKeys(path)
            switch action {
            case "list":
                for entry in keys.entries { print("\(entry.name)\t\(entry.revoked ? "revoked" : "in force")") }
                return 0
            case "add":
                guard let name, APIKeys.isValidName(name) else {
                    StandardStreams.writeError("\(command) add: the name must be 1–64 letters, digits, '-', '_' or '.'")
                    return 2
                }
                guard !keys.entries.contains(where: { $0.name == name }) else {
                    StandardStreams.writeError("\(command) add: a key named '\(name)' exists (revoke it, or choose another name)")
                    return 1
                }
                let key = APIKeys.newKey(prefix: kind.prefix)
                keys.entries.append(APIKeys.entry(name: name, key: key))
                try write(keys, kind, to: path)
                print("\(kind.noun.prefix(1).uppercased() + kind.noun.dropFirst()) '\(name)', shown once — \(kind.keep): \(key)")
                print("a running server uses it after SIGHUP (kill -HUP <pid>)")
                return 0
            default:
                guard let name, let index = keys.entries.firstIndex(where: { $0.name == name }) else {
                    StandardStreams.writeError("\(command) revoke: no key named '\(name ?? "")' in \(path)")
                    return 1
                }
                keys.entries[index].revoked = true
                try write(keys, kind, to: path)
                print(
                    "\(kind.noun.prefix(1).uppercased() + kind.noun.dropFirst()) '\(name)' revoked; a running server refuses it (403) after SIGHUP (kill -HUP <pid>)"
                )
                return 0
            }
        } catch {
            StandardStreams.writeError("\(command): \(error)")
            return 1
        }
    }

    private static func write(_ keys: APIKeys, _ kind: Kind, to path: String) throws(ServiceSetupError) {
        do {
            let slash = path.lastIndex(of: "/").map { String(path[..<$0]) }
            if let slash, !slash.isEmpty { try FileSystem.createDirectories(atPath: slash) }
            try FileSystem.writeOutput(Array(keys.text(heading: kind.heading).utf8), toPath: path, permissions: 0o600)
        } catch {
            throw ServiceSetupError("cannot write \(path): \(error.reasonText)")
        }
    }
}
