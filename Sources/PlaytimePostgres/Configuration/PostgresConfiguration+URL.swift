internal import PlaytimeSystem

extension PostgresConfiguration {
    /// Reads `postgres://user:password@host:port/database?parameters` (also `postgresql://`).
    ///
    /// Every part is percent-decoded. A host (or `?host=`) that starts with `/` is a Unix socket directory:
    /// `postgres://app@/playtime?host=/run/postgresql`. Parameters read: `host`, `port`, `user`, `password`,
    /// `dbname`, `sslmode`, `connect_timeout` (seconds), `application_name`, `target_session_attrs`; any other is
    /// refused.
    /// `sslmode=require`, `verify-ca` and `verify-full` throw ``PostgresError/tlsRequired``; `disable`, `allow`
    /// and `prefer` connect without TLS (the last two permit that already).
    ///
    /// Several hosts are listed with commas, as libpq writes them: `postgres://app@h1:5432,[::1]:5433,h3/db` (a
    /// host without a port takes 5432; `?port=` gives every host its port), and `target_session_attrs` (`any`,
    /// `read-write`, `read-only`, `primary`, `standby`, `prefer-standby`) says which one to settle on. An empty
    /// entry or a malformed one is ``PostgresError/invalidURL(_:)``.
    package init(url: String) throws(PostgresError) {
        var rest: Substring
        if let range = url.range(of: "postgresql://"), range.lowerBound == url.startIndex {
            rest = url[range.upperBound...]
        } else if let range = url.range(of: "postgres://"), range.lowerBound == url.startIndex {
            rest = url[range.upperBound...]
        } else {
            throw .invalidURL("it must start with postgres:// or postgresql://")
        }
        var queryPart: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            queryPart = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var pathPart: Substring = ""
        var authority = rest
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            pathPart = rest[rest.index(after: slash)...]
        }

        var user: String?
        var password: String?
        var hostPart = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPart = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                user = try PercentDecoding.decode(userInfo[..<colon], part: "user")
                password = try PercentDecoding.decode(userInfo[userInfo.index(after: colon)...], part: "password")
            } else {
                user = try PercentDecoding.decode(userInfo, part: "user")
            }
        }
        let hostEntries = try HostListParsing.entries(hostPart)

        let database = try PercentDecoding.decode(pathPart, part: "database")
        var configuration = PostgresConfiguration(host: "localhost", user: "", database: database.isEmpty ? nil : database)
        configuration.password = password
        var hostValue: String?
        var queryPort: UInt16?
        var userValue = user

        if !queryPart.isEmpty {
            for pair in queryPart.split(separator: "&", omittingEmptySubsequences: true) {
                guard let equals = pair.firstIndex(of: "=") else { throw .invalidURL("parameter \"\(pair)\" has no value") }
                let key = try PercentDecoding.decode(pair[..<equals], part: "parameter name")
                let value = try PercentDecoding.decode(pair[pair.index(after: equals)...], part: "parameter \(key)")
                switch key {
                case "host": hostValue = value
                case "port": queryPort = try HostListParsing.port(Substring(value))
                case "user": userValue = value
                case "password": configuration.password = value
                case "dbname": configuration.database = value.isEmpty ? nil : value
                case "application_name": configuration.applicationName = value
                case "connect_timeout":
                    guard let seconds = Int64(value), seconds > 0, seconds <= 86_400 else {
                        throw .invalidURL("connect_timeout must be a whole number of seconds from 1 to 86400")
                    }
                    configuration.connectTimeoutNanoseconds = seconds * 1_000_000_000
                case "target_session_attrs":
                    guard let attributes = PostgresTargetSessionAttributes(rawValue: value) else {
                        throw .invalidURL("unknown target_session_attrs \"\(value)\" (any, read-write, read-only, primary, standby, prefer-standby)")
                    }
                    configuration.targetSessionAttributes = attributes
                case "sslmode":
                    switch value {
                    case "disable", "allow", "prefer": break
                    case "require", "verify-ca", "verify-full": throw .tlsRequired
                    default: throw .invalidURL("unknown sslmode \"\(value)\"")
                    }
                default:
                    throw .invalidURL("unsupported parameter \"\(key)\"")
                }
            }
        }
        guard let userValue, !userValue.isEmpty else { throw .invalidURL("no user name (postgres://USER@host/db)") }
        configuration.user = userValue
        var entries = hostEntries
        if let hostValue {
            guard !hostValue.contains(",") else {
                throw .invalidURL("several hosts go in the URL's host part (postgres://user@h1:5432,h2:5433/db), not in ?host=")
            }
            guard entries.count == 1 else { throw .invalidURL("?host= with several hosts in the URL's host part") }
            entries = [(hostValue, entries[0].port)]
        }
        let addresses = entries.map { entry in
            let port = queryPort ?? entry.port ?? 5432
            if entry.host.hasPrefix("/") { return PostgresHostAddress(host: "localhost", port: port, socketDirectory: entry.host) }
            return PostgresHostAddress(host: entry.host.isEmpty ? "localhost" : entry.host, port: port)
        }
        configuration.host = addresses[0].host
        configuration.port = addresses[0].port
        configuration.socketDirectory = addresses[0].socketDirectory
        configuration.additionalHosts = Array(addresses.dropFirst())
        self = configuration
    }
}

/// RFC 3986 §2.1 percent-decoding of one URL part into UTF-8 text.
enum PercentDecoding {
    /// Decodes `%XX` escapes; a malformed escape or bytes that are not UTF-8 are refused.
    static func decode(_ text: Substring, part: String) throws(PostgresError) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .invalidURL("malformed %-escape in the \(part)")
            }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(strictUTF8: bytes) else {
            throw .invalidURL("the \(part) is not UTF-8 after %-decoding")
        }
        return decoded
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
