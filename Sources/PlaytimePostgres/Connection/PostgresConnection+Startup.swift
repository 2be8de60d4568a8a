internal import PlaytimeSystem

// Opening the socket, the startup message, and authentication (protocol v3 "Start-up"; RFC 5802 for SCRAM).
extension PostgresConnection {
    static func openSocket(_ configuration: PostgresConfiguration, deadline: Int64) throws(PostgresError) -> StreamSocket {
        if let path = configuration.unixSocketPath {
            do {
                return try StreamSocket.connect(unixPath: path, deadline: deadline)
            } catch {
                throw mapConnectError(error, place: path, configuration: configuration)
            }
        }
        let addresses: [SocketAddress]
        switch Resolver.resolveTCP(host: configuration.host, port: configuration.port) {
        case .success(let resolved): addresses = resolved
        case .failure(let error): throw .connectFailed("\(error)")
        }
        var lastError: PostgresError = .connectFailed("\(configuration.host): no address")
        for address in addresses {
            do {
                return try StreamSocket.connect(to: address, deadline: deadline)
            } catch {
                lastError = mapConnectError(error, place: "\(address)", configuration: configuration)
                if error.meansTimedOut { break }
            }
        }
        throw lastError
    }

    static func mapConnectError(_ error: SystemError, place: String, configuration: PostgresConfiguration) -> PostgresError {
        if error.meansTimedOut {
            return .timedOut("\(place): no connection within \(milliseconds(configuration.connectTimeoutNanoseconds)) ms")
        }
        return .connectFailed("\(place): \(error)")
    }

    func startUp(deadline: Int64) throws(PostgresError) {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        var parameters = [("user", configuration.user), ("client_encoding", "UTF8"), ("application_name", configuration.applicationName)]
        if let database = configuration.database { parameters.append(("database", database)) }
        encoder.reset()
        try encoder.startup(parameters: parameters)
        try send(on: socket, deadline: deadline)
        try authenticate(deadline: deadline)
        while true {
            switch try nextMessage(deadline: deadline) {
            case .parameterStatus(let name, let value): recordParameter(name, value)
            case .backendKeyData(let processID, let secretKey): cancelKey = (processID, secretKey)
            case .readyForQuery(let status):
                transactionStatus = status
                return
            case .errorResponse(let error): throw .server(error)
            case .ignorable: continue
            default: throw .protocolViolation("an unexpected message during startup")
            }
        }
    }

    /// The authentication exchange, up to AuthenticationOk. SCRAM must end with a verified server signature:
    /// an AuthenticationOk before it is refused (a server skipping the proof that it knows the password).
    func authenticate(deadline: Int64) throws(PostgresError) {
        guard let socket else { throw .connectionClosed(closedReason ?? "closed") }
        var scram: SCRAMSHA256Client?
        while true {
            let message = try nextMessage(deadline: deadline)
            encoder.reset()
            switch message {
            case .authentication(.ok):
                if let scram, !scram.isServerVerified {
                    throw .authenticationFailed("the server ended SCRAM without proving it knows the password")
                }
                return
            case .authentication(.cleartextPassword):
                try encoder.password(try requirePassword("cleartext password"))
            case .authentication(.md5Password):
                throw .unsupportedAuthentication(
                    "the server asks for MD5 password authentication, which this client refuses (MD5 is broken); "
                        + "use scram-sha-256 for this role in pg_hba.conf and set its password again with "
                        + "password_encryption = 'scram-sha-256'")
            case .authentication(.sasl(let mechanisms)):
                guard mechanisms.contains("SCRAM-SHA-256") else {
                    throw .unsupportedAuthentication(
                        "the server offers only SASL \(mechanisms.joined(separator: ", ")); this client speaks SCRAM-SHA-256 without channel binding")
                }
                guard scram == nil else { throw .protocolViolation("a second SASL start") }
                let client = SCRAMSHA256Client(
                    password: try requirePassword("SCRAM-SHA-256"), clientNonce: SCRAMSHA256Client.makeNonce(),
                    maximumIterations: configuration.maximumSCRAMIterations)
                try encoder.saslInitialResponse(mechanism: "SCRAM-SHA-256", data: Array(client.clientFirstMessage.utf8))
                scram = client
            case .authentication(.saslContinue(let data)):
                guard var client = scram else { throw .protocolViolation("a SASL challenge before SASL started") }
                let final = try client.clientFinalMessage(serverFirst: String(decoding: data, as: UTF8.self))
                scram = client
                try encoder.saslResponse(data: Array(final.utf8))
            case .authentication(.saslFinal(let data)):
                guard var client = scram else { throw .protocolViolation("a SASL outcome before SASL started") }
                try client.verifyServerFinal(String(decoding: data, as: UTF8.self))
                scram = client
                continue
            case .authentication(.other(let code)):
                throw .unsupportedAuthentication("the server asks for authentication method \(code) (\(Self.methodName(code)))")
            case .errorResponse(let error):
                throw .server(error)
            case .ignorable, .parameterStatus:
                continue
            default:
                throw .protocolViolation("an unexpected message during authentication")
            }
            try send(on: socket, deadline: deadline)
        }
    }

    func requirePassword(_ method: String) throws(PostgresError) -> String {
        guard let password = configuration.password else {
            throw .authenticationFailed("the server asks for a password (\(method)) and the configuration has none")
        }
        return password
    }

    static func methodName(_ code: Int32) -> String {
        switch code {
        case 2: return "Kerberos V5"
        case 6: return "SCM credentials"
        case 7, 8: return "GSSAPI"
        case 9: return "SSPI"
        default: return "unknown"
        }
    }
}
