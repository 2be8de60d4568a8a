internal import PlaytimeServer

/// `GET /v1/console/players/{player}` → 200: what the console page draws.
struct PlayerAnswer: Encodable {
    /// The player looked up.
    var player: String
    /// The rolling 24 h budget now, from the ledger.
    var budget: BudgetStanding
    /// The player's devices: the journals their uploads came from.
    var devices: [DeviceSummary]
    /// Every payment, oldest first, as listPayments answers them.
    var payments: [PaymentRecord]
    /// True when the player has more payments than the console shows (export pages through listPayments for all).
    var truncated: Bool
}

/// One device of a player: an enrolled journal, as its uploads name it.
struct DeviceSummary: Encodable, Equatable {
    /// The journal id.
    var journal: String
    /// Uploads of it in the payment log.
    var uploads: Int
    /// The first and last of them (server time, Unix nanoseconds).
    var firstPaidAt: Int64
    /// See ``firstPaidAt``.
    var lastPaidAt: Int64

    /// The journals of `payments`' uploads, in order of first upload.
    static func devices(of payments: [PaymentRecord]) -> [DeviceSummary] {
        var devices: [DeviceSummary] = []
        for payment in payments {
            guard let journal = payment.upload?.journal else { continue }
            if let index = devices.firstIndex(where: { $0.journal == journal }) {
                devices[index].uploads += 1
                devices[index].lastPaidAt = payment.paidAt
            } else {
                devices.append(DeviceSummary(journal: journal, uploads: 1, firstPaidAt: payment.paidAt, lastPaidAt: payment.paidAt))
            }
        }
        return devices
    }
}

/// `GET /v1/console/sessions/{session}` → 200.
struct SessionAnswer: Encodable {
    /// The session id searched.
    var session: String
    /// The payments of any player that judged or paid it.
    var payments: [PaymentRecord]
}
