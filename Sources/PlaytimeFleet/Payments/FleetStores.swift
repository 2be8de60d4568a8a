package import PlaytimeAudit
package import PlaytimeTickets

/// The fleet's stores on the connection of one open transaction (``FleetDatabase/once(key:paidAt:expiresAt:_:)``):
/// whatever they write commits together with the payment's record, or not at all. Use them only inside the body
/// they were handed to, on its thread.
package struct FleetStores: Sendable {
    /// The replay guard, in the transaction.
    package let replayGuard: any ReplayGuard
    /// The budget ledger, in the transaction.
    package let budgetLedger: any BudgetLedger
    /// The device registry, in the transaction.
    package let deviceRegistry: any DeviceRegistry
    /// The account intervals, in the transaction.
    package let accountIntervals: any AccountIntervalStore
    /// The multiplier grants, read in the transaction (a failover while reading them is retried with the payment).
    package let multiplierGrants: any MultiplierGrantStore
    /// The payment log, in the transaction: a payment's row commits with the payment.
    package let paymentLog: any PaymentLogStore

    init(transaction: FleetTransaction) {
        replayGuard = PostgresReplayGuard(transaction: transaction)
        budgetLedger = PostgresBudgetLedger(transaction: transaction)
        deviceRegistry = PostgresDeviceRegistry(transaction: transaction)
        accountIntervals = PostgresAccountIntervalStore(transaction: transaction)
        multiplierGrants = PostgresMultiplierGrants(transaction: transaction)
        paymentLog = PostgresPaymentLog(transaction: transaction)
    }
}
