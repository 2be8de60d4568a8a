package import PlaytimeFleet

/// A page of a player's payment log.
package struct PaymentPage: Sendable {
    /// The payments, oldest first.
    package var payments: [PaymentRecord]
    /// The position to ask for the next page after (`nil`: this was the last page).
    package var next: Int64?
}

extension EarningsServer {
    /// The most payments one page holds.
    package static let maximumPaymentPage = 500

    /// `player`'s payments after position `after` (0: from the first), at most `limit` (1 to
    /// ``maximumPaymentPage``): every redemption and upload that paid or judged something, with its messages and
    /// findings (docs/service.md, "Payments"). Read-only.
    package func payments(player: String, after: Int64, limit: Int) throws(ServerError) -> PaymentPage {
        let size = min(max(1, limit), Self.maximumPaymentPage)
        let entries: [PaymentLogEntry]
        do {
            // One more than asked tells whether another page follows.
            entries = try stores.paymentLog.entries(account: player, after: max(0, after), limit: size + 1)
        } catch {
            throw .store("\(error)")
        }
        let page = entries.prefix(size)
        var payments: [PaymentRecord] = []
        for entry in page {
            guard let record = PaymentJSON.decode(PaymentRecord.self, from: entry.record) else {
                throw .store("the payment log holds an unreadable record at position \(entry.position)")
            }
            payments.append(record)
        }
        return PaymentPage(payments: payments, next: entries.count > size ? page.last?.position : nil)
    }
}

extension EarningsServer {
    /// Throws unless the stores answer now: the fleet database runs a statement, the file stores' directory can be
    /// read (the service's readiness, docs/service.md).
    package func checkStore() throws(ServerError) {
        if let fleet = stores.fleet {
            do { _ = try fleet.pool.query("SELECT 1", []) } catch { throw .store("fleet database: \(error)") }
            return
        }
        do { _ = try stores.paymentLog.entries(account: "", after: 0, limit: 1) } catch { throw .store("\(error)") }
    }
}
