package import PlaytimeSystem

/// The journal payload of a session event: one JSON object with a fixed key order (see
/// docs/journal-format.md, "Session payloads"), written and read without a general JSON parser.
package enum EvidenceCodec {
    /// Payload schema version of version-1 journals.
    package static let version: Int64 = 1
    /// The payload versions read: 1, and 2 with boot segments and `rebootCredit` (docs/journal-format.md §13).
    package static let supportedVersions: ClosedRange<Int64> = 1...2

    /// The payload bytes for `evidence`.
    package static func encode(_ evidence: Evidence) -> [UInt8] {
        var writer = FixedJSONWriter()
        writer.integer("v", evidence.payloadVersion)
        writer.string("session", evidence.sessionID)
        writer.string("event", evidence.event.rawValue)
        writer.string("origin", evidence.origin)
        writer.integer("wall", evidence.clock.wallNanoseconds)
        writer.integer("boot", evidence.clock.bootNanoseconds)
        writer.string("bootId", evidence.clock.bootID)
        writer.integer("net", evidence.network?.unixNanoseconds)
        writer.integer("netErr", evidence.network?.errorBoundNanoseconds)
        writer.string("conn", evidence.connectivity.state.rawValue)
        writer.string("connReason", evidence.connectivity.reason)
        writer.integer("rate", evidence.goldPerHour)
        writer.string("policy", evidence.policyVersion)
        if evidence.payloadVersion >= 2 { writer.integer("rebootCredit", evidence.rebootCreditNanoseconds) }
        return writer.finish()
    }

    /// True for a valid `session` value: empty, or printable ASCII (PlaytimeGuard writes 16 lowercase hex digits).
    /// Read from the string's contiguous UTF-8 (a decoded id always has it), not through `String.UTF8View`'s
    /// index walk, which cost ~800 instructions per id on the auditor's decode thread.
    @inline(__always)
    static func isSessionID(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { bytes in
            var printable = true
            for byte in bytes { printable = printable && byte >= 0x21 && byte <= 0x7e }
            return printable
        }
    }

    /// Decodes a payload written by `encode`; `nil` for anything else.
    package static func decode(_ payload: [UInt8]) -> Evidence? {
        payload.withUnsafeBytes { decode($0) }
    }

    /// Decodes a payload in place; `nil` for anything not in the exact schema.
    package static func decode(_ payload: UnsafeRawBufferPointer) -> Evidence? {
        var decoder = EvidenceDecoder()
        return decoder.decode(payload)
    }
}

/// Decodes session payloads one after another, reusing the strings that repeat from record to record
/// (session id, boot identity, policy version, connectivity reason, origin) instead of allocating them
/// again: the auditor's hot path. Output is identical to `EvidenceCodec.decode`.
///
/// The same decoder reads claim payloads (``decodeClaim(_:)``), sharing the session-id cache: a claim
/// names the session whose departure and return were just decoded.
package struct EvidenceDecoder: Sendable {
    var session = FixedJSONStringCache()
    var bootID = FixedJSONStringCache()
    var policy = FixedJSONStringCache()
    var reason = FixedJSONStringCache()

    /// A decoder with empty caches.
    package init() {}

    /// Decodes one payload; `nil` for anything not in the exact schema.
    package mutating func decode(_ payload: UnsafeRawBufferPointer) -> Evidence? {
        var scanner = FixedJSONScanner(payload)
        guard scanner.literal(#"{"v":"#), let version = scanner.integerValue(), EvidenceCodec.supportedVersions.contains(version),
            scanner.literal(#","session":"#), let session = scanner.cachedStringValue(&session),
            scanner.literal(#","event":""#), let event = Self.event(&scanner),
            scanner.literal(#","origin":""#), let origin = Self.origin(&scanner, event: event),
            scanner.literal(#","wall":"#), let wall = scanner.integerValue(),
            scanner.literal(#","boot":"#), let boot = scanner.integerValue(),
            scanner.literal(#","bootId":"#), let bootID = scanner.optionalCachedStringValue(&bootID),
            scanner.literal(#","net":"#), let net = scanner.optionalIntegerValue(),
            scanner.literal(#","netErr":"#), let netError = scanner.optionalIntegerValue(),
            scanner.literal(#","conn":""#), let state = Self.state(&scanner),
            scanner.literal(#","connReason":"#), let reason = scanner.cachedStringValue(&reason),
            scanner.literal(#","rate":"#), let rate = scanner.integerValue(),
            scanner.literal(#","policy":"#), let policy = scanner.cachedStringValue(&policy)
        else { return nil }
        // Version 2 ends with the device's reboot credit: never negative, and only on a return.
        var rebootCredit: Int64?
        if version >= 2 {
            guard scanner.literal(#","rebootCredit":"#), let credit = scanner.optionalIntegerValue() else { return nil }
            if let credit {
                guard credit >= 0, event == .foreground || event == .launch else { return nil }
                rebootCredit = credit
            }
        }
        guard scanner.end() else { return nil }
        // A departure always names its session, and session ids are printable ASCII, so that two ids are
        // equal exactly when their bytes are (docs/journal-format.md §7).
        if event == .background, session.isEmpty { return nil }
        guard EvidenceCodec.isSessionID(session) else { return nil }
        let network: NetworkTime?
        switch (net, netError) {
        case (let time?, let error?): network = NetworkTime(unixNanoseconds: time, errorBoundNanoseconds: error)
        case (nil, nil): network = nil
        default: return nil
        }
        var evidence = Evidence(
            event: event, sessionID: session, origin: origin,
            clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
            network: network, connectivity: Connectivity(state: state, reason: reason),
            goldPerHour: rate, policyVersion: policy)
        evidence.payloadVersion = version
        evidence.rebootCreditNanoseconds = rebootCredit
        return evidence
    }

    /// Decodes one claim payload, reusing the session id and policy strings; the same result as
    /// ``ClaimCodec/decode(_:)-(UnsafeRawBufferPointer)``.
    package mutating func decodeClaim(_ payload: UnsafeRawBufferPointer) -> ClaimRecord? {
        ClaimCodec.decode(payload, session: &session, policy: &policy)
    }

    /// The event name after its opening quote, with its closing quote (no escapes: the name is matched raw).
    @inline(__always)
    private static func event(_ scanner: inout FixedJSONScanner) -> SessionEventKind? {
        if scanner.literal(#"background""#) { return .background }
        if scanner.literal(#"foreground""#) { return .foreground }
        if scanner.literal(#"launch""#) { return .launch }
        if scanner.literal(#"heartbeat""#) { return .heartbeat }
        if scanner.literal(#"settlement""#) { return .settlement }
        return nil
    }

    /// The origin after its opening quote, with its closing quote: `lifecycle`, or `heartbeat` on a departure.
    @inline(__always)
    private static func origin(_ scanner: inout FixedJSONScanner, event: SessionEventKind) -> String? {
        if scanner.literal(#"lifecycle""#) { return "lifecycle" }
        if event == .background, scanner.literal(#"heartbeat""#) { return "heartbeat" }
        return nil
    }

    /// The connectivity state after its opening quote, with its closing quote.
    @inline(__always)
    private static func state(_ scanner: inout FixedJSONScanner) -> Connectivity.State? {
        if scanner.literal(#"online""#) { return .online }
        if scanner.literal(#"offline""#) { return .offline }
        if scanner.literal(#"unknown""#) { return .unknown }
        return nil
    }
}
