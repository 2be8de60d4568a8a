/// Version 2 of the fleet schema (docs/fleet.md, "Exactly once"): what each paying call paid, under its
/// idempotency key, written in the transaction that paid it; and `playtime_redeem`, a ticket redemption (replay
/// guard, budget and the payment's record together) in one statement.
enum FleetSchemaV2 {
    /// The statements, run in order inside the migration's transaction (after version 1's).
    static let statements: [String] = [
        // A redeemed nonce keeps what its redemption paid (`playtime_redeem`): the record a retry answers.
        """
        ALTER TABLE playtime_replay_nonce ADD COLUMN granted bigint, ADD COLUMN ledger_time bigint, ADD COLUMN paid_at bigint
        """,
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
    /// `(outcome, granted, ledger_time, paid_at)`: the replay guard's consume and the budget ledger's grant with the
    /// same rules as `playtime_consume` and `playtime_grant` (``FleetSchemaV1``), in the statement's one transaction,
    /// with what it paid kept in the nonce's row. Outcomes: `first` (paid now), `repeat` (the nonce was redeemed
    /// before and paid `granted` at `paid_at`: nothing is done now), `used` (redeemed by the two-call path, which
    /// keeps no record), `session`, `expired`.
    ///
    /// Written out in one body rather than calling the other two, in an order that writes nothing before it knows
    /// the redemption pays: the nonce is looked up; the session row is inserted (`ON CONFLICT DO NOTHING`, waiting
    /// for a concurrent redemption of the same session); the player's row is upserted, which locks it, and the
    /// grant computed, in one statement with the horizon read again (a collection that committed since the first
    /// read takes the session row back: `expired`; the nonce's own row was looked up in the same snapshot as the
    /// first horizon, so a nonce row collected before it is seen as expired); the nonce row is inserted with the
    /// grant; the grant row last. Six statements where the two-call path runs eight, and one commit instead of two.
    static let redeemFunction = """
        CREATE FUNCTION playtime_redeem(p_nonce bytea, p_expires_at bigint, p_player bytea, p_session bytea,
                                        p_session_expires_at bigint, p_now bigint, p_gold bigint, p_limit bigint,
                                        OUT outcome text, OUT granted bigint, OUT ledger_time bigint, OUT paid_at bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_horizon bigint;
            v_floor bigint;
            v_spent numeric;
            v_granted bigint;
            v_limit bigint := GREATEST(p_limit, 0);
            v_used boolean;
        BEGIN
            -- The horizon and the nonce's row, if any, in one statement.
            SELECT c.replay_horizon, n.nonce IS NOT NULL, n.granted, n.ledger_time, n.paid_at
                INTO v_horizon, v_used, granted, ledger_time, paid_at
                FROM playtime_collection c LEFT JOIN playtime_replay_nonce n ON n.nonce = p_nonce WHERE c.id = 1;
            IF p_expires_at <= p_now OR p_expires_at <= v_horizon THEN
                outcome := 'expired';
                granted := NULL;
                ledger_time := NULL;
                paid_at := NULL;
                RETURN;
            END IF;
            IF v_used THEN
                outcome := CASE WHEN granted IS NULL THEN 'used' ELSE 'repeat' END;
                RETURN;
            END IF;
            INSERT INTO playtime_replay_session (player, session, expires_at)
                VALUES (p_player, p_session, p_session_expires_at) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
                -- Paid before: by another ticket of the session, or by this one meanwhile (then this is its repeat).
                SELECT n.granted, n.ledger_time, n.paid_at INTO granted, ledger_time, paid_at FROM playtime_replay_nonce n WHERE n.nonce = p_nonce;
                outcome := CASE WHEN NOT FOUND THEN 'session' WHEN granted IS NULL THEN 'used' ELSE 'repeat' END;
                RETURN;
            END IF;
            INSERT INTO playtime_budget_player AS p (player, latest) VALUES (p_player, p_now)
                ON CONFLICT (player) DO UPDATE SET latest = GREATEST(p.latest, EXCLUDED.latest)
                RETURNING p.latest INTO ledger_time;
            -- After the player's lock and the session row, in one statement: the horizon again (a collection that
            -- committed meanwhile takes this redemption back), the floor, and the player's grants of the window
            -- (ledger_time - 24 h, ledger_time], ledger time raised to the floor, without overflowing near the
            -- smallest bigint.
            SELECT c.replay_horizon, c.budget_floor,
                   (SELECT COALESCE(sum(g.gold), 0) FROM playtime_budget_grant g
                     WHERE g.player = p_player
                       AND g.granted_at <= GREATEST(ledger_time, c.budget_floor)
                       AND g.granted_at >= CASE WHEN GREATEST(ledger_time, c.budget_floor) < -9223372036854775808 + 86400000000000
                                                THEN -9223372036854775808
                                                ELSE GREATEST(ledger_time, c.budget_floor) - 86400000000000 + 1 END)
                INTO v_horizon, v_floor, v_spent
                FROM playtime_collection c WHERE c.id = 1;
            IF p_expires_at <= v_horizon THEN
                DELETE FROM playtime_replay_session WHERE player = p_player AND session = p_session;
                outcome := 'expired';
                ledger_time := NULL;
                RETURN;
            END IF;
            IF v_floor > ledger_time THEN
                ledger_time := v_floor;
                UPDATE playtime_budget_player SET latest = ledger_time WHERE player = p_player;
            END IF;
            v_granted := LEAST(GREATEST(p_gold, 0), GREATEST(0, v_limit - LEAST(v_limit, v_spent)));
            INSERT INTO playtime_replay_nonce (nonce, expires_at, granted, ledger_time, paid_at)
                VALUES (p_nonce, p_expires_at, v_granted, ledger_time, p_now) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
                -- Unreachable while the session row is held (a redemption of the same nonce has the same session);
                -- kept so that a nonce row never pays twice whatever the callers send.
                DELETE FROM playtime_replay_session WHERE player = p_player AND session = p_session;
                SELECT n.granted, n.ledger_time, n.paid_at INTO granted, ledger_time, paid_at FROM playtime_replay_nonce n WHERE n.nonce = p_nonce;
                outcome := CASE WHEN granted IS NULL THEN 'used' ELSE 'repeat' END;
                RETURN;
            END IF;
            IF v_granted > 0 THEN
                INSERT INTO playtime_budget_grant (player, granted_at, gold) VALUES (p_player, ledger_time, v_granted);
            END IF;
            outcome := 'first';
            granted := v_granted;
            paid_at := p_now;
        END
        $$
        """
}
