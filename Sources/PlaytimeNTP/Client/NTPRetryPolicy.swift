/// How one check retransmits to a server that has not answered yet (README, "NTP client"; docs/guarantees.md).
///
/// Each transmission carries a new random origin and goes out on a new socket; a reply is matched only to the
/// transmission whose origin it echoes, and a transmission's reply is awaited until the next retransmission
/// (the last one gets whatever is left of the check's timeout). A server that has answered validly, refused with a
/// Kiss-o'-Death, or could not be reached at all (no route, refused) is never asked again in the same check.
///
/// With the defaults and a 1.5 s check (the recorder's foreground budget) a silent server receives requests at
/// 0, 0.2, 0.5 and 0.95 s: four requests in 1.5 s, never more (RFC 4330 §10 asks clients not to flood).
package struct NTPRetryPolicy: Sendable, Hashable {
    /// Wait after the first request before the first retransmission. Default 200 ms.
    package var firstRetransmissionNanoseconds: Int64 = 200_000_000
    /// Each later wait is this many percent of the wait before it. Default 150 (the waits are 200, 300, 450 ms):
    /// doubling would leave the fourth request of a 1.5 s check 100 ms to come back, ×1.5 leaves it 550 ms.
    package var backoffPercent: Int64 = 150
    /// Most requests one server receives in one check, the first included. Default 4; 1 turns retries off.
    package var maximumTransmissions: Int = 4

    /// The defaults.
    package init() {}

    /// No retransmission: one request per server per check.
    package static var none: NTPRetryPolicy {
        var policy = NTPRetryPolicy()
        policy.maximumTransmissions = 1
        return policy
    }

    /// How long the reply to transmission `number` (0-based) is awaited before the next one goes out;
    /// `nil` for the last transmission, which waits for the rest of the check.
    package func waitNanoseconds(afterTransmission number: Int) -> Int64? {
        guard number + 1 < max(1, maximumTransmissions) else { return nil }
        var wait = max(1, firstRetransmissionNanoseconds)
        let factor = max(100, backoffPercent)
        for _ in 0..<number { wait = wait > Int64.max / factor ? Int64.max / 100 : wait * factor / 100 }
        return max(1, wait)
    }
}

