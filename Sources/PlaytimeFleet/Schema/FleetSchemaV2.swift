/// Version 2 of the fleet schema (docs/fleet.md, "Exactly once"): what each paying call paid, under its
/// idempotency key, written in the transaction that paid it; and `playtime_redeem`, a ticket redemption (replay
/// guard, budget and payment record together) in one statement.
enum FleetSchemaV2 {
    /// The statements, run in order inside the migration's transaction (after version 1's).
    static let statements: [String] = [
        """
        CREATE TABLE playtime_payment (
            key bytea PRIMARY KEY CHECK (octet_length(key) BETWEEN 1 AND 64),
            result text,
            paid_at bigint NOT NULL,
            expires_at bigint NOT NULL
        )
        """,
        "CREATE INDEX playtime_payment_expiry ON playtime_payment (expires_at)",
        redeemFunction,
    ]

    /// `playtime_redeem(nonce, expires_at, player, session, session_expires_at, now, gold, limit)` →
    /// `(outcome, granted, ledger_time, paid_at)`: `playtime_consume`, then for a first use `playtime_grant` and the
    /// payment's row (key `0x01 ‖ nonce`, result `granted ledger_time`), in the statement's one transaction. A
    /// nonce already used whose payment row exists answers `repeat` with that payment (a retry after a lost
    /// answer); otherwise the outcome is `playtime_consume`'s and nothing is granted.
    static let redeemFunction = """
        CREATE FUNCTION playtime_redeem(p_nonce bytea, p_expires_at bigint, p_player bytea, p_session bytea,
                                        p_session_expires_at bigint, p_now bigint, p_gold bigint, p_limit bigint,
                                        OUT outcome text, OUT granted bigint, OUT ledger_time bigint, OUT paid_at bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_result text;
        BEGIN
            outcome := playtime_consume(p_nonce, p_expires_at, p_player, p_session, p_session_expires_at, p_now);
            IF outcome = 'first' THEN
                SELECT g.granted, g.ledger_time INTO granted, ledger_time FROM playtime_grant(p_player, p_gold, p_limit, p_now) g;
                paid_at := p_now;
                INSERT INTO playtime_payment (key, result, paid_at, expires_at)
                    VALUES ('\\x01'::bytea || p_nonce, granted || ' ' || ledger_time, p_now, p_expires_at);
            ELSIF outcome = 'used' THEN
                SELECT p.result, p.paid_at INTO v_result, paid_at FROM playtime_payment p WHERE p.key = '\\x01'::bytea || p_nonce;
                IF v_result IS NOT NULL THEN
                    outcome := 'repeat';
                    granted := split_part(v_result, ' ', 1)::bigint;
                    ledger_time := split_part(v_result, ' ', 2)::bigint;
                END IF;
            END IF;
        END
        $$
        """
}
