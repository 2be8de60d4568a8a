/// Version 2 of the fleet schema (docs/fleet.md, "Exactly once"): what each paying call paid, under its
/// idempotency key, written in the transaction that paid it; and `playtime_redeem`, a ticket redemption (replay
/// guard, budget and the payment's record together) in one statement.
enum FleetSchemaV2 {
    /// The statements, run in order inside the migration's transaction (after version 1's).
    static let statements: [String] = [
        // A session paid by `playtime_redeem` keeps the ticket's nonce and what it paid: the record a retry answers.
        """
        ALTER TABLE playtime_replay_session ADD COLUMN nonce bytea, ADD COLUMN granted bigint, ADD COLUMN ledger_time bigint,
            ADD COLUMN paid_at bigint
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
    /// `(outcome, granted, ledger_time, paid_at)`: a ticket's redemption — single use and the budget's grant, with
    /// the rules of `playtime_consume` and `playtime_grant` (``FleetSchemaV1``) — in the statement's one transaction.
    /// Outcomes: `first` (paid now), `repeat` (this ticket was redeemed before and paid `granted` at `paid_at`;
    /// nothing is done now), `session` (the session was paid by another ticket, or by the two-call path, which keeps
    /// no record), `expired`.
    ///
    /// A redemption is one row of `playtime_replay_session`: the (player, session) key, which the ticket's MAC binds
    /// to its nonce, carries the nonce and what was paid, so the nonce needs no row of its own (`playtime_consume`
    /// of the same ticket later finds the session paid). In order: the horizon and the session's row are read in one
    /// snapshot (a row collected before it is seen as expired); the player's row is upserted, which locks it; the
    /// horizon again, the floor and the player's window of grants in one statement; the session's row is inserted with
    /// the grant (`ON CONFLICT DO NOTHING`: a concurrent redemption of the same session that committed first makes
    /// this one its repeat, or `session`); the grant's row last. Five statements, three rows, where the two calls run
    /// eight statements, four rows and two commits.
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
            v_paid boolean;
            v_nonce bytea;
        BEGIN
            SELECT c.replay_horizon, s.player IS NOT NULL, s.nonce, s.granted, s.ledger_time, s.paid_at
                INTO v_horizon, v_paid, v_nonce, granted, ledger_time, paid_at
                FROM playtime_collection c
                LEFT JOIN playtime_replay_session s ON s.player = p_player AND s.session = p_session
                WHERE c.id = 1;
            IF p_expires_at <= p_now OR p_expires_at <= v_horizon THEN
                outcome := 'expired';
                granted := NULL;
                ledger_time := NULL;
                paid_at := NULL;
                RETURN;
            END IF;
            IF v_paid THEN
                outcome := CASE WHEN v_nonce = p_nonce AND granted IS NOT NULL THEN 'repeat' ELSE 'session' END;
                RETURN;
            END IF;
            INSERT INTO playtime_budget_player AS p (player, latest) VALUES (p_player, p_now)
                ON CONFLICT (player) DO UPDATE SET latest = GREATEST(p.latest, EXCLUDED.latest)
                RETURNING p.latest INTO ledger_time;
            -- After the player's lock, in one statement: the horizon again, the floor, and the player's grants of the
            -- window (ledger_time - 24 h, ledger_time], ledger time raised to the floor, without overflowing near the
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
                outcome := 'expired';
                ledger_time := NULL;
                RETURN;
            END IF;
            IF v_floor > ledger_time THEN
                ledger_time := v_floor;
                UPDATE playtime_budget_player SET latest = ledger_time WHERE player = p_player;
            END IF;
            v_granted := LEAST(GREATEST(p_gold, 0), GREATEST(0, v_limit - LEAST(v_limit, v_spent)));
            INSERT INTO playtime_replay_session (player, session, expires_at, nonce, granted, ledger_time, paid_at)
                VALUES (p_player, p_session, p_session_expires_at, p_nonce, v_granted, ledger_time, p_now) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
                -- Paid meanwhile: by this ticket (then this is its repeat) or by another of the session.
                SELECT s.nonce, s.granted, s.ledger_time, s.paid_at INTO v_nonce, granted, ledger_time, paid_at
                    FROM playtime_replay_session s WHERE s.player = p_player AND s.session = p_session;
                outcome := CASE WHEN v_nonce = p_nonce AND granted IS NOT NULL THEN 'repeat' ELSE 'session' END;
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
