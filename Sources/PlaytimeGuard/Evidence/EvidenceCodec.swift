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
        var scanner = FixedJSONScanner(payload)
        guard scanner.begin(),
              scanner.integer("v") == version,
              let session = scanner.string("session"),
              let eventName = scanner.string("event"), let event = SessionEventKind(rawValue: eventName),
              let origin = scanner.string("origin"),
              let wall = scanner.integer("wall"),
              let boot = scanner.integer("boot"),
              let bootID = scanner.optionalString("bootId"),
              let net = scanner.optionalInteger("net"),
              let netError = scanner.optionalInteger("netErr"),
              let stateName = scanner.string("conn"), let state = Connectivity.State(rawValue: stateName),
              let reason = scanner.string("connReason"),
              let rate = scanner.integer("rate"),
              let policy = scanner.string("policy"),
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
