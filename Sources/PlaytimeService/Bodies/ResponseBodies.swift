internal import PlaytimeServer

/// `GET /v1/health`, `GET /v1/ready`.
struct StatusBody: Encodable {
    var status: String
}

/// A payment answered by `redemptions` and `uploads`: the payment log's record, and whether this call repeated an
/// earlier one (its answer was lost) and how many store attempts it took.
struct PaymentAnswer: Encodable {
    var record: PaymentRecord
    var repeated: Bool
    var attempts: Int

    enum Extra: String, CodingKey { case repeated, attempts }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: Extra.self)
        try container.encode(repeated, forKey: .repeated)
        try container.encode(attempts, forKey: .attempts)
    }
}

/// `GET …/payments` → 200.
struct PaymentsAnswer: Encodable {
    var player: String
    var payments: [PaymentRecord]
    /// The `after` of the next page, `null` on the last.
    var next: Int64?

    enum CodingKeys: String, CodingKey { case player, payments, next }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(player, forKey: .player)
        try container.encode(payments, forKey: .payments)
        try container.encode(next, forKey: .next)
    }
}
