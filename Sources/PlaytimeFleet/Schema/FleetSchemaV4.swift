/// Version 4 of the fleet schema: the payment log, one row per paying call (a redemption, an upload), kept for
/// support and finance and read a page at a time per player (docs/fleet.md, "Schema"; docs/service.md, "Payments").
/// Its `key` is the call's idempotency key: a retry that finds its payment answers it from here.
enum FleetSchemaV4 {
    /// The statements, run in order inside the migration's transaction (after version 3's).
    static let statements: [String] = [
        """
        CREATE TABLE playtime_payment_log (
            id bigserial PRIMARY KEY,
            account bytea NOT NULL,
            key bytea NOT NULL UNIQUE,
            paid_at bigint NOT NULL,
            record text NOT NULL
        )
        """,
        "CREATE INDEX playtime_payment_log_account ON playtime_payment_log (account, id)",
    ]
}
