internal import PlaytimeCrypto

extension DepartureTicket: Codable {
    private enum CodingKeys: String, CodingKey {
        case keyID, playerID, sessionID, policyVersion, issuedAt, expiresAt, goldPerHour, nonce, tag
    }

    /// Decodes the JSON form; `nonce` and `tag` are lowercase hex strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let tagText = try container.decode(String.self, forKey: .tag)
        guard let tag = Hex.decode(tagText) else {
            throw DecodingError.dataCorruptedError(forKey: .tag, in: container, debugDescription: "tag must be hex")
        }
        self.init(
            keyID: try container.decode(String.self, forKey: .keyID),
            playerID: try container.decode(String.self, forKey: .playerID),
            sessionID: try container.decode(String.self, forKey: .sessionID),
            policyVersion: try container.decode(String.self, forKey: .policyVersion),
            issuedAt: try container.decode(Int64.self, forKey: .issuedAt),
            expiresAt: try container.decode(Int64.self, forKey: .expiresAt),
            goldPerHour: try container.decode(Int64.self, forKey: .goldPerHour),
            nonce: try container.decode(TicketNonce.self, forKey: .nonce),
            tag: tag
        )
    }

    /// Encodes the JSON form; `nonce` and `tag` as lowercase hex strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keyID, forKey: .keyID)
        try container.encode(playerID, forKey: .playerID)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(policyVersion, forKey: .policyVersion)
        try container.encode(issuedAt, forKey: .issuedAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(goldPerHour, forKey: .goldPerHour)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(Hex.encode(tag), forKey: .tag)
    }
}
