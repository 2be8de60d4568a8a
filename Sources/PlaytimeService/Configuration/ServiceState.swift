internal import Foundation
internal import PlaytimeCrypto
package import PlaytimeServer
internal import PlaytimeSystem

/// What `playtime-server` opens at start from its ``ServiceConfiguration`` (docs/service.md, "State"): the state
/// directory, the server secret (made on first start: 32 random bytes, hex, 0600, written atomically, reused after),
/// the API keys (a first key made and shown once), the ad network's secret, the legacy shared journal key, and the
/// library's ``EarningsServer`` on its stores.
package struct ServiceState: Sendable {
    /// The library's server.
    package let server: EarningsServer
    /// The API keys file.
    package let apiKeysPath: String
    /// The support console's operator keys file (it may not exist: then no one opens the console).
    package let operatorKeysPath: String
    /// The ad network's secret, when grants are on.
    package let adNetworkSecret: [UInt8]?
    /// The shared journal key of the legacy mode, when it is on.
    package let legacyJournalKey: JournalKey?
    /// A new API key made at this start (shown once), if the keys file was made now.
    package let firstKey: String?
    /// What the start-up lines say about the state.
    package let summary: [String]

    /// A state of these parts (a test builds its server on a clock it moves by hand).
    package init(
        server: EarningsServer, apiKeysPath: String, operatorKeysPath: String? = nil, adNetworkSecret: [UInt8]? = nil,
        legacyJournalKey: JournalKey? = nil, firstKey: String? = nil, summary: [String] = []
    ) {
        self.server = server
        self.apiKeysPath = apiKeysPath
        self.operatorKeysPath = operatorKeysPath ?? apiKeysPath + ".operators"
        self.adNetworkSecret = adNetworkSecret
        self.legacyJournalKey = legacyJournalKey
        self.firstKey = firstKey
        self.summary = summary
    }

    /// Opens the state.
    /// Synchronous, on the calling thread: the service runs on threads of its own and never on Swift's cooperative pool
    /// (which, under libfaketime, spins a core: docs/service.md, "Clocks").
    package static func open(_ configuration: ServiceConfiguration) throws(ServiceSetupError) -> ServiceState {
        do {
            try FileSystem.createDirectories(atPath: configuration.state, permissions: 0o700)
        } catch {
            throw ServiceSetupError("cannot create the state directory \(configuration.state): \(error.reasonText)")
        }
        // A fleet's servers share one secret: each host making its own would split enrollments and anchors, so with a
        // database store the secret must exist.
        let (secret, madeSecret) = try Self.secret(at: configuration.secretPath, create: configuration.store == nil)
        let (firstKey, keysSummary) = try Self.keysFile(at: configuration.apiKeysPath)
        var adSecret: [UInt8]?
        if let path = configuration.adNetworkSecretFile {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ServiceSetupError("--ad-network-secret-file \(path): cannot read it")
            }
            let trimmed = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
            guard trimmed.count >= 16 else { throw ServiceSetupError("--ad-network-secret-file \(path): the secret must be at least 16 bytes") }
            adSecret = trimmed
        }
        var legacyKey: JournalKey?
        if let path = configuration.legacyJournalKeyFile {
            do { legacyKey = try KeyFile.load(path: path) } catch { throw ServiceSetupError("--legacy-journal-key \(path): \(error)") }
        }
        let policy = try Self.policy(configuration.policy, flag: "--policy")
        var library = ServerConfiguration()
        library.ticketLifetimeSeconds = configuration.ticketLifetimeSeconds
        library.maximumConnections = Int(configuration.databaseConnections)
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        for text in configuration.retainedPolicies {
            var name = text
            var retired = now
            if let equals = text.lastIndex(of: "="), let seconds = Int64(text[text.index(after: equals)...]), seconds >= 0,
                seconds < Int64.max / 1_000_000_000
            {
                name = String(text[..<equals])
                retired = seconds * 1_000_000_000
            }
            let retained = try Self.policy(name, flag: "--retain-policy")
            guard retained.version != policy.version else { continue }
            library.retainedPolicies.append(retained)
            library.policyRetirements[retained.version] = retired
        }
        if !configuration.playerRates.isEmpty {
            var rates = PlayerRates(defaultGoldPerHour: policy.goldPerHour)
            for text in configuration.playerRates {
                guard let equals = text.lastIndex(of: "="), equals != text.startIndex, let rate = Int64(text[text.index(after: equals)...]), rate >= 0 else {
                    throw ServiceSetupError("--player-rate takes PLAYER=GOLD_PER_HOUR, not '\(text)'")
                }
                rates.perPlayer[PlayerKey(String(text[..<equals]))] = rate
            }
            library.rates = rates
        }
        var limits = library.limits
        limits.bytesPerUpload = Int(configuration.maxUploadMiB) << 20
        library.limits = limits
        if let path = configuration.roughtimeKeysFile { library.roughtimeKeys = try Self.roughtimeKeys(path) }
        let server: EarningsServer
        do {
            server = try EarningsServer(
                store: configuration.store ?? configuration.state, ticketSecret: secret, policy: policy,
                configuration: library)
        } catch {
            throw ServiceSetupError("\(error)")
        }
        var summary = [
            "state \(configuration.state) (\(server.storeDescription)), policy \(policy.version)",
            "server secret \(configuration.secretPath)\(madeSecret ? " (made now)" : "")", keysSummary,
        ]
        summary.append(adSecret == nil ? "multiplier grants off (no --ad-network-secret-file)" : "multiplier grants on")
        summary.append(legacyKey == nil ? "journals: enrolled only" : "journals: enrolled, and the legacy shared key \(configuration.legacyJournalKeyFile!)")
        let operators = try Self.loadOperatorKeys(configuration.operatorKeysPath).entries.filter { !$0.revoked }.count
        summary.append(
            operators == 0
                ? "support console /console: no operator keys (playtime-server operators add NAME)"
                : "support console /console: \(operators) operator key(s) in force (\(configuration.operatorKeysPath))")
        return ServiceState(
            server: server, apiKeysPath: configuration.apiKeysPath, operatorKeysPath: configuration.operatorKeysPath,
            adNetworkSecret: adSecret, legacyJournalKey: legacyKey, firstKey: firstKey, summary: summary)
    }

    /// The keys in the file at `path`.
    package static func loadKeys(_ path: String) throws(ServiceSetupError) -> APIKeys {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ServiceSetupError("API keys \(path): cannot read it") }
        return try APIKeys.parse(text)
    }

    /// The operator keys in the file at `path`; none when it does not exist (the console then answers every look-up 401).
    package static func loadOperatorKeys(_ path: String) throws(ServiceSetupError) -> APIKeys {
        guard (try? FileSystem.kind(ofPath: path, followingLinks: true)) != nil else { return APIKeys(entries: []) }
        do { return try loadKeys(path) } catch { throw ServiceSetupError("operator keys: \(error.description)") }
    }

    /// The secret at `path`, made when missing; and whether it was made now.
    static func secret(at path: String, create: Bool) throws(ServiceSetupError) -> ([UInt8], Bool) {
        var made = false
        if (try? FileSystem.kind(ofPath: path, followingLinks: true)) == nil {
            guard create else {
                throw ServiceSetupError(
                    "the server secret \(path) does not exist: every server of a fleet uses one secret; make it once "
                        + "(`head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \\n' > FILE`) and give each server --secret-file FILE")
            }
            var random = SystemRandomNumberGenerator()
            let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            do {
                try FileSystem.createFile(atPath: path, bytes: Array((Hex.encode(bytes) + "\n").utf8), permissions: 0o600)
                made = true
            } catch  where error.reason == .alreadyExists {
                // Another process made it meanwhile: read theirs.
            } catch {
                throw ServiceSetupError("cannot create the server secret \(path): \(error.reasonText)")
            }
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ServiceSetupError("server secret \(path): cannot read it") }
        guard let bytes = Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count >= 16 else {
            throw ServiceSetupError("server secret \(path): it must hold at least 16 bytes as hex text")
        }
        return (bytes, made)
    }

    /// The keys file at `path`, made with one key named `default` when missing: the key (to show once) and a summary.
    static func keysFile(at path: String) throws(ServiceSetupError) -> (String?, String) {
        var first: String?
        if (try? FileSystem.kind(ofPath: path, followingLinks: true)) == nil {
            let key = APIKeys.newKey()
            let keys = APIKeys(entries: [APIKeys.entry(name: "default", key: key)])
            do {
                try FileSystem.createFile(atPath: path, bytes: Array(keys.text.utf8), permissions: 0o600)
                first = key
            } catch  where error.reason == .alreadyExists {
                // Another process made it meanwhile: its key is the one shown.
            } catch {
                throw ServiceSetupError("cannot create the API keys file \(path): \(error.reasonText)")
            }
        }
        let keys = try loadKeys(path)
        let valid = keys.entries.filter { !$0.revoked }.count
        return (first, "API keys \(path): \(valid) in force, \(keys.entries.count - valid) revoked")
    }

    private static func policy(_ name: String, flag: String) throws(ServiceSetupError) -> RewardPolicy {
        switch name {
        case "default": return .default
        case "demo": return .demo
        default:
            do { return try RewardPolicy.load(contentsOf: name) } catch { throw ServiceSetupError("\(flag) \(name): \(error)") }
        }
    }

    private static func roughtimeKeys(_ path: String) throws(ServiceSetupError) -> [Ed25519PublicKey] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ServiceSetupError("--roughtime-keys \(path): cannot read it") }
        var keys: [Ed25519PublicKey] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let key = Ed25519PublicKey(base64: trimmed) else {
                throw ServiceSetupError("--roughtime-keys \(path): '\(trimmed)' is not a base64 Ed25519 public key")
            }
            keys.append(key)
        }
        return keys
    }
}
