/// The journal payload of a session event: one JSON object with a fixed key order (see
/// docs/journal-format.md, "Session payloads"), written and read without a general JSON parser.
public enum EvidenceCodec {
    /// Payload schema version.
    public static let version: Int64 = 1

    /// The payload bytes for `evidence`.
    public static func encode(_ evidence: Evidence) -> [UInt8] {
        var writer = FixedJSONWriter()
        writer.integer("v", version)
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
        return writer.finish()
    }

    /// Decodes a payload written by `encode`; `nil` for anything else.
    public static func decode(_ payload: [UInt8]) -> Evidence? {
        payload.withUnsafeBytes { decode($0) }
    }

    /// Decodes a payload in place; `nil` for anything not in the exact schema.
    public static func decode(_ payload: UnsafeRawBufferPointer) -> Evidence? {
        var decoder = EvidenceDecoder()
        return decoder.decode(payload)
    }
}

/// Decodes session payloads one after another, reusing the strings that repeat from record to record
/// (boot identity, policy version, connectivity reason) instead of allocating them again: the auditor's
/// hot path. Output is identical to `EvidenceCodec.decode`.
public struct EvidenceDecoder: Sendable {
    private var bootID: (bytes: [UInt8], value: String)?
    private var policy: (bytes: [UInt8], value: String)?
    private var reason: (bytes: [UInt8], value: String)?
    private var origin: (bytes: [UInt8], value: String)?

    /// A decoder with empty caches.
    public init() {}

    private static let events: [(StaticString, SessionEventKind)] = [
        ("background", .background), ("foreground", .foreground), ("launch", .launch), ("heartbeat", .heartbeat), ("settlement", .settlement),
    ]
    private static let states: [(StaticString, Connectivity.State)] = [("online", .online), ("offline", .offline), ("unknown", .unknown)]

    /// Decodes one payload; `nil` for anything not in the exact schema.
    public mutating func decode(_ payload: UnsafeRawBufferPointer) -> Evidence? {
        var scanner = FixedJSONScanner(payload)
        guard scanner.begin(),
              scanner.integer("v") == EvidenceCodec.version,
              let session = scanner.string("session"),
              let event = scanner.choice("event", Self.events),
              let origin = scanner.string("origin", reusing: &origin),
              let wall = scanner.integer("wall"),
              let boot = scanner.integer("boot"),
              let bootID = scanner.optionalString("bootId", reusing: &bootID),
              let net = scanner.optionalInteger("net"),
              let netError = scanner.optionalInteger("netErr"),
              let state = scanner.choice("conn", Self.states),
              let reason = scanner.string("connReason", reusing: &reason),
              let rate = scanner.integer("rate"),
              let policy = scanner.string("policy", reusing: &policy),
              scanner.end()
        else { return nil }
        let network: NetworkTime?
        switch (net, netError) {
        case (let time?, let error?): network = NetworkTime(unixNanoseconds: time, errorBoundNanoseconds: error)
        case (nil, nil): network = nil
        default: return nil
        }
        return Evidence(event: event, sessionID: session, origin: origin,
                        clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: bootID),
                        network: network, connectivity: Connectivity(state: state, reason: reason),
                        goldPerHour: rate, policyVersion: policy)
    }
}
