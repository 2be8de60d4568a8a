internal import PlaytimeSystem

extension PostgresConfiguration {
    /// Reads `postgres://user:password@host:port/database?parameters` (also `postgresql://`).
    ///
    /// Every part is percent-decoded. A host (or `?host=`) that starts with `/` is a Unix socket directory:
    /// `postgres://app@/playtime?host=/run/postgresql`. Parameters read: `host`, `port`, `user`, `password`,
    /// `dbname`, `sslmode`, `connect_timeout` (seconds), `application_name`; any other is refused.
    /// `sslmode=require`, `verify-ca` and `verify-full` throw ``PostgresError/tlsRequired``; `disable`, `allow`
    /// and `prefer` connect without TLS (the last two permit that already). Multiple hosts are not supported.
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
        guard !hostPart.contains(",") else { throw .invalidURL("several hosts are not supported") }

        var host = ""
        var port: UInt16 = 5432
        var portText: Substring?
        if hostPart.first == "[" {
            guard let close = hostPart.firstIndex(of: "]") else { throw .invalidURL("unclosed [ in the IPv6 host") }
            host = String(hostPart[hostPart.index(after: hostPart.startIndex)..<close])
            let after = hostPart[hostPart.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw .invalidURL("unexpected text after the IPv6 host") }
                portText = after.dropFirst()
            }
        } else if let colon = hostPart.lastIndex(of: ":") {
            host = try PercentDecoding.decode(hostPart[..<colon], part: "host")
            portText = hostPart[hostPart.index(after: colon)...]
        } else {
            host = try PercentDecoding.decode(hostPart, part: "host")
        }
        if let portText { port = try Self.parsePort(portText) }

        let database = try PercentDecoding.decode(pathPart, part: "database")
        var configuration = PostgresConfiguration(host: "localhost", port: port, user: "", database: database.isEmpty ? nil : database)
        configuration.password = password
        var hostValue = host
        var userValue = user

        if !queryPart.isEmpty {
            for pair in queryPart.split(separator: "&", omittingEmptySubsequences: true) {
                guard let equals = pair.firstIndex(of: "=") else { throw .invalidURL("parameter \"\(pair)\" has no value") }
                let key = try PercentDecoding.decode(pair[..<equals], part: "parameter name")
                let value = try PercentDecoding.decode(pair[pair.index(after: equals)...], part: "parameter \(key)")
                switch key {
                case "host": hostValue = value
                case "port": configuration.port = try Self.parsePort(Substring(value))
                case "user": userValue = value
                case "password": configuration.password = value
                case "dbname": configuration.database = value.isEmpty ? nil : value
                case "application_name": configuration.applicationName = value
                case "connect_timeout":
                    guard let seconds = Int64(value), seconds > 0, seconds <= 86_400 else {
                        throw .invalidURL("connect_timeout must be a whole number of seconds from 1 to 86400")
                    }
                    configuration.connectTimeoutNanoseconds = seconds * 1_000_000_000
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
        guard !hostValue.contains(",") else { throw .invalidURL("several hosts are not supported") }
        configuration.user = userValue
        if hostValue.hasPrefix("/") {
            configuration.socketDirectory = hostValue
        } else if !hostValue.isEmpty {
            configuration.host = hostValue
        }
        self = configuration
    }

    private static func parsePort(_ text: Substring) throws(PostgresError) -> UInt16 {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt16(text), value > 0 else {
            throw .invalidURL("port \"\(text)\" is not a number from 1 to 65535")
        }
        return value
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
