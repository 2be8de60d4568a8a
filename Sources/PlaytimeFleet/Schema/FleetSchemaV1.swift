/// Version 1 of the fleet schema (docs/fleet.md, "Schema"): the replay guard, the budget ledger, the device
/// registry, the account intervals and the collection horizons, with the two functions a redemption calls.
///
/// Keys are `bytea` (the exact UTF-8 bytes, compared byte for byte like the file stores); journal ids are
/// lowercase hex `text` in the `C` collation. Instants are Unix nanoseconds in `bigint`.
enum FleetSchemaV1 {
    /// The statements, run in order inside the migration's transaction.
    static let statements: [String] = [
        """
        CREATE TABLE playtime_collection (
            id int PRIMARY KEY CHECK (id = 1),
            replay_horizon bigint NOT NULL,
            budget_floor bigint NOT NULL
        )
        """,
        "INSERT INTO playtime_collection VALUES (1, -9223372036854775808, -9223372036854775808)",
        """
        CREATE TABLE playtime_replay_nonce (
            nonce bytea PRIMARY KEY CHECK (octet_length(nonce) = 16),
            expires_at bigint NOT NULL
        )
        """,
        "CREATE INDEX playtime_replay_nonce_expiry ON playtime_replay_nonce (expires_at)",
        """
        CREATE TABLE playtime_replay_session (
            player bytea NOT NULL,
            session bytea NOT NULL,
            expires_at bigint NOT NULL,
            PRIMARY KEY (player, session)
        )
        """,
        "CREATE INDEX playtime_replay_session_expiry ON playtime_replay_session (expires_at)",
        """
        CREATE TABLE playtime_budget_player (
            player bytea PRIMARY KEY,
            latest bigint NOT NULL
        )
        """,
        """
        CREATE TABLE playtime_budget_grant (
            player bytea NOT NULL,
            granted_at bigint NOT NULL,
            gold bigint NOT NULL CHECK (gold > 0)
        )
        """,
        "CREATE INDEX playtime_budget_grant_window ON playtime_budget_grant (player, granted_at)",
        """
        CREATE TABLE playtime_device (
            journal_id text COLLATE "C" PRIMARY KEY CHECK (journal_id ~ '^[0-9a-f]{1,128}$'),
            head_sequence numeric(20, 0) NOT NULL,
            record jsonb NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE playtime_account (
            account bytea PRIMARY KEY,
            intervals jsonb NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        consumeFunction,
        grantFunction,
    ]

    /// `playtime_consume(nonce, expires_at, player, session, session_expires_at, now)` → `first`, `used`,
    /// `session` or `expired`: the replay guard's decision, with the nonce row and the session row inserted
    /// together (one transaction: the statement's) or not at all.
    ///
    /// The horizon is read again after the inserts: a collection that committed meanwhile may have deleted an
    /// older row of this nonce, and every statement of a function reads the latest committed state at READ
    /// COMMITTED, so a claim collected under it is refused as expired, never paid again.
    static let consumeFunction = """
        CREATE FUNCTION playtime_consume(p_nonce bytea, p_expires_at bigint, p_player bytea, p_session bytea,
                                         p_session_expires_at bigint, p_now bigint) RETURNS text
        LANGUAGE plpgsql AS $$
        DECLARE
            v_horizon bigint;
        BEGIN
            SELECT replay_horizon INTO v_horizon FROM playtime_collection WHERE id = 1;
            IF p_expires_at <= p_now OR p_expires_at <= v_horizon THEN
                RETURN 'expired';
            END IF;
            INSERT INTO playtime_replay_nonce (nonce, expires_at) VALUES (p_nonce, p_expires_at) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
                RETURN 'used';
            END IF;
            INSERT INTO playtime_replay_session (player, session, expires_at)
                VALUES (p_player, p_session, p_session_expires_at) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
                DELETE FROM playtime_replay_nonce WHERE nonce = p_nonce;
                RETURN 'session';
            END IF;
            SELECT replay_horizon INTO v_horizon FROM playtime_collection WHERE id = 1;
            IF p_expires_at <= v_horizon THEN
                DELETE FROM playtime_replay_session WHERE player = p_player AND session = p_session;
                DELETE FROM playtime_replay_nonce WHERE nonce = p_nonce;
                RETURN 'expired';
            END IF;
            RETURN 'first';
        END
        $$
        """

    /// `playtime_grant(player, gold, limit, now)` → `(granted, ledger_time)`: the budget ledger's grant.
    ///
    /// The upsert locks the player's row until commit, so grants of one player take turns and never exceed
    /// the limit together. Ledger time is `max(now, the player's latest, the collection floor)`: it never goes
    /// back for a player, and never below an instant grants were collected at (the floor is read after the
    /// lock, so a grant that starts after a collection sees its floor).
    static let grantFunction = """
        CREATE FUNCTION playtime_grant(p_player bytea, p_gold bigint, p_limit bigint, p_now bigint,
                                       OUT granted bigint, OUT ledger_time bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_floor bigint;
            v_from bigint;
            v_spent numeric;
            v_limit bigint := GREATEST(p_limit, 0);
        BEGIN
            INSERT INTO playtime_budget_player AS p (player, latest) VALUES (p_player, p_now)
                ON CONFLICT (player) DO UPDATE SET latest = GREATEST(p.latest, EXCLUDED.latest)
                RETURNING p.latest INTO ledger_time;
            SELECT budget_floor INTO v_floor FROM playtime_collection WHERE id = 1;
            IF v_floor > ledger_time THEN
                ledger_time := v_floor;
                UPDATE playtime_budget_player SET latest = ledger_time WHERE player = p_player;
            END IF;
            -- The window (ledger_time - 24 h, ledger_time], without overflowing near the smallest bigint.
            IF ledger_time < -9223372036854775808 + 86400000000000 THEN
                v_from := -9223372036854775808;
            ELSE
                v_from := ledger_time - 86400000000000 + 1;
            END IF;
            SELECT COALESCE(sum(gold), 0) INTO v_spent FROM playtime_budget_grant
                WHERE player = p_player AND granted_at BETWEEN v_from AND ledger_time;
            granted := LEAST(GREATEST(p_gold, 0), GREATEST(0, v_limit - LEAST(v_limit, v_spent)));
            IF granted > 0 THEN
                INSERT INTO playtime_budget_grant (player, granted_at, gold) VALUES (p_player, ledger_time, granted);
            END IF;
        END
        $$
        """
}
