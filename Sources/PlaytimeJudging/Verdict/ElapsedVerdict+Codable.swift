/// JSON form of a verdict: the stored fields, the seconds figures and the explanation (the derived fields
/// are written for readers and ignored when decoding).
extension ElapsedVerdict: Codable {
    private enum CodingKeys: String, CodingKey {
        case sessionID, lowerNanoseconds, upperNanoseconds, method, status, flags, heldNanoseconds
        case lowerSeconds, upperSeconds, creditedSeconds, explanation
    }

    /// Decodes a verdict from its stored fields.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sessionID: try container.decode(String.self, forKey: .sessionID),
            lowerNanoseconds: try container.decode(Int64.self, forKey: .lowerNanoseconds),
            upperNanoseconds: try container.decodeIfPresent(Int64.self, forKey: .upperNanoseconds),
            method: try container.decode(VerdictMethod.self, forKey: .method),
            status: try container.decode(ProofStatus.self, forKey: .status),
            flags: try container.decode([VerdictFlag].self, forKey: .flags),
            heldNanoseconds: try container.decodeIfPresent(Int64.self, forKey: .heldNanoseconds) ?? 0)
    }

    /// Encodes the stored fields plus `lowerSeconds`, `upperSeconds`, `creditedSeconds` and `explanation`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(lowerNanoseconds, forKey: .lowerNanoseconds)
        try container.encode(upperNanoseconds, forKey: .upperNanoseconds)
        try container.encode(method, forKey: .method)
        try container.encode(status, forKey: .status)
        try container.encode(flags, forKey: .flags)
        try container.encode(heldNanoseconds, forKey: .heldNanoseconds)
        try container.encode(lowerSeconds, forKey: .lowerSeconds)
        try container.encode(upperSeconds, forKey: .upperSeconds)
        try container.encode(creditedSeconds, forKey: .creditedSeconds)
        try container.encode(explanation, forKey: .explanation)
    }
}
