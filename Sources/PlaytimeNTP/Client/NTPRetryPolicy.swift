/// How one check retransmits to a server that has not answered yet (docs/guarantees.md, rows N4–N9).
///
/// Each transmission carries a new random origin and goes out on a new socket; a reply is matched only to the
/// transmission whose origin it echoes, and a transmission's reply is awaited until the next retransmission
/// (the last one gets whatever is left of the check's timeout). A server that has answered validly, refused with a
/// Kiss-o'-Death, or could not be reached at all (no route, refused) is never asked again in the same check.
///
/// With the defaults and a 1.5 s check (the recorder's foreground budget) a silent server receives requests at
/// 0, 0.2, 0.45, 0.76 and 1.15 s: five requests of 48 bytes in 1.5 s, never more (RFC 4330 §10 asks clients not to
/// flood; chrony's default rate limit lets a burst of 8 through). At 50 % loss each way a request comes back one
/// time in four, so three servers with five requests each leave a return without any sample 0.75^15 ≈ 1.3 % of
/// the time; with four requests it would be 3.2 %, with doubling waits (three requests in 1.5 s) 7.5 %.
package struct NTPRetryPolicy: Sendable, Hashable {
    /// Wait after the first request before the first retransmission. Default 200 ms.
    package var firstRetransmissionNanoseconds: Int64 = 200_000_000
    /// Each later wait is this many percent of the wait before it. Default 125 (the waits are 200, 250, 312 and
    /// 390 ms, and the last request gets the 348 ms left of a 1.5 s check): doubling would fit only three requests.
    package var backoffPercent: Int64 = 125
    /// Most requests one server receives in one check, the first included. Default 5; 1 turns retries off.
    package var maximumTransmissions: Int = 5

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
