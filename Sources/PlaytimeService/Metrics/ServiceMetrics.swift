internal import PlaytimeSystem

/// What the service counts, in memory, for `GET /v1/metrics` in the Prometheus text format (docs/service.md,
/// "Metrics"): requests by operation and status, a latency histogram by operation, gold paid, sessions by status,
/// refusals by code, store retries, and the HTTP layer's connections and body memory. Counters start at 0 with the
/// process, as Prometheus expects.
package final class ServiceMetrics: Sendable {
    /// The latency histogram's bucket bounds, in seconds.
    package static let latencyBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Latency {
        var buckets = [UInt64](repeating: 0, count: ServiceMetrics.latencyBuckets.count)
        var count: UInt64 = 0
        var sumNanoseconds: Int64 = 0
    }

    private struct Counts {
        var requests: [String: [Int: UInt64]] = [:]
        var latency: [String: Latency] = [:]
        var gold: [String: Int64] = [:]
        var sessions: [String: UInt64] = [:]
        var refusals: [String: UInt64] = [:]
        var storeRetries: UInt64 = 0
        var unrecorded: UInt64 = 0
        var bodyBytesRead: UInt64 = 0
    }

    private let counts = ThreadLock(Counts())

    /// Empty metrics.
    package init() {}

    /// Counts one answered request: `operation` (`unmatched` for none), its status, how long it took, the body bytes
    /// read, and the refusal's code when it was one.
    package func request(operation: String, status: Int, durationNanoseconds: Int64, bodyBytes: Int, code: String?) {
        counts.withLock { counts in
            counts.requests[operation, default: [:]][status, default: 0] += 1
            var latency = counts.latency[operation] ?? Latency()
            let seconds = Double(durationNanoseconds) / 1e9
            for (index, bound) in Self.latencyBuckets.enumerated() where seconds <= bound { latency.buckets[index] += 1 }
            latency.count += 1
            latency.sumNanoseconds = Saturating.add(latency.sumNanoseconds, durationNanoseconds)
            counts.latency[operation] = latency
            counts.bodyBytesRead += UInt64(max(0, bodyBytes))
            if let code { counts.refusals[code, default: 0] += 1 }
        }
    }

    /// Counts a payment: the gold credited, each session's status, and the store attempts beyond the first.
    package func paid(operation: String, gold: Int64, sessionStatuses: [String], attempts: Int) {
        counts.withLock { counts in
            counts.gold[operation] = Saturating.add(counts.gold[operation, default: 0], max(0, gold))
            for status in sessionStatuses { counts.sessions[status, default: 0] += 1 }
            counts.storeRetries += UInt64(max(0, attempts - 1))
        }
    }

    /// Counts a payment the stores made and the service answered whose payment log entry could not be written.
    package func unrecordedPayment() {
        counts.withLock { $0.unrecorded += 1 }
    }

    /// The HTTP layer's state at the time of a scrape.
    package struct Gauges: Sendable {
        /// Connections open, general and reserved.
        package var connections: (general: Int, reserved: Int)
        /// Body memory reserved now, and the most at once.
        package var bodyMemory: (inUse: Int, peak: Int)
        /// API keys in force and revoked.
        package var keys: (valid: Int, revoked: Int)
        /// The version string.
        package var version: String

        /// Gauges.
        package init(
            connections: (general: Int, reserved: Int), bodyMemory: (inUse: Int, peak: Int), keys: (valid: Int, revoked: Int),
            version: String
        ) {
            self.connections = connections
            self.bodyMemory = bodyMemory
            self.keys = keys
            self.version = version
        }
    }

    /// The exposition text (version 0.0.4): `# HELP`, `# TYPE`, then the samples.
    package func exposition(_ gauges: Gauges) -> String {
        let counts = counts.withLock { $0 }
        var out = PrometheusText()
        out.family("playtime_http_requests_total", "counter", "HTTP requests answered, by operation and status.")
        for operation in counts.requests.keys.sorted() {
            let statuses = counts.requests[operation]!
            for status in statuses.keys.sorted() {
                out.sample("playtime_http_requests_total", [("operation", operation), ("status", String(status))], statuses[status]!)
            }
        }
        out.family("playtime_http_request_duration_seconds", "histogram", "Time from a request's head to its answer, by operation.")
        for operation in counts.latency.keys.sorted() {
            let latency = counts.latency[operation]!
            for (index, bound) in Self.latencyBuckets.enumerated() {
                out.sample(
                    "playtime_http_request_duration_seconds_bucket", [("operation", operation), ("le", PrometheusText.number(bound))],
                    latency.buckets[index])
            }
            out.sample("playtime_http_request_duration_seconds_bucket", [("operation", operation), ("le", "+Inf")], latency.count)
            out.sample("playtime_http_request_duration_seconds_sum", [("operation", operation)], Double(latency.sumNanoseconds) / 1e9)
            out.sample("playtime_http_request_duration_seconds_count", [("operation", operation)], latency.count)
        }
        out.family("playtime_gold_paid_total", "counter", "Gold credited to players, by operation.")
        for operation in counts.gold.keys.sorted() { out.sample("playtime_gold_paid_total", [("operation", operation)], counts.gold[operation]!) }
        out.family("playtime_sessions_total", "counter", "Sessions paid or judged, by proof status.")
        for status in counts.sessions.keys.sorted() { out.sample("playtime_sessions_total", [("status", status)], counts.sessions[status]!) }
        out.family("playtime_refusals_total", "counter", "Requests refused, by problem code.")
        for code in counts.refusals.keys.sorted() { out.sample("playtime_refusals_total", [("code", code)], counts.refusals[code]!) }
        out.family("playtime_store_retries_total", "counter", "Store attempts beyond the first (a fleet database failing over).")
        out.sample("playtime_store_retries_total", [], counts.storeRetries)
        out.family("playtime_payments_unrecorded_total", "counter", "Payments made and answered whose log entry could not be written (a full disk).")
        out.sample("playtime_payments_unrecorded_total", [], counts.unrecorded)
        out.family("playtime_http_body_bytes_read_total", "counter", "Request body bytes read.")
        out.sample("playtime_http_body_bytes_read_total", [], counts.bodyBytesRead)
        out.family("playtime_http_connections", "gauge", "Connections open now, by slot (general, or reserved for probes).")
        out.sample("playtime_http_connections", [("slot", "general")], gauges.connections.general)
        out.sample("playtime_http_connections", [("slot", "reserved")], gauges.connections.reserved)
        out.family("playtime_http_body_memory_bytes", "gauge", "Request body memory reserved now.")
        out.sample("playtime_http_body_memory_bytes", [], gauges.bodyMemory.inUse)
        out.family("playtime_http_body_memory_peak_bytes", "gauge", "The most request body memory reserved at once since start.")
        out.sample("playtime_http_body_memory_peak_bytes", [], gauges.bodyMemory.peak)
        out.family("playtime_api_keys", "gauge", "API keys in the keys file, by state.")
        out.sample("playtime_api_keys", [("state", "valid")], gauges.keys.valid)
        out.sample("playtime_api_keys", [("state", "revoked")], gauges.keys.revoked)
        out.family("playtime_build_info", "gauge", "The running version (always 1).")
        out.sample("playtime_build_info", [("version", gauges.version)], 1)
        return out.text
    }
}

/// Writes the Prometheus text exposition format (label values escaped: backslash, quote, line feed).
struct PrometheusText {
    private(set) var text = ""

    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    mutating func sample(_ name: String, _ labels: [(String, String)], _ value: some BinaryInteger) {
        line(name, labels, String(value))
    }

    mutating func sample(_ name: String, _ labels: [(String, String)], _ value: Double) {
        line(name, labels, Self.number(value))
    }

    private mutating func line(_ name: String, _ labels: [(String, String)], _ value: String) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + value + "\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func escaped(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
