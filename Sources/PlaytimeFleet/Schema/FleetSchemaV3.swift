/// Version 3 of the fleet schema: the multipliers the server granted one session at a time (an ad its ad network
/// confirmed), read when that session is paid (docs/fleet.md, "Schema"; docs/tickets.md, "Multiplier grants").
enum FleetSchemaV3 {
    /// The statements, run in order inside the migration's transaction (after version 2's).
    static let statements: [String] = [
        """
        CREATE TABLE playtime_multiplier_grant (
            player bytea NOT NULL,
            session bytea NOT NULL,
            name text NOT NULL,
            granted_at bigint NOT NULL,
            expires_at bigint NOT NULL,
            PRIMARY KEY (player, session, name)
        )
        """,
        "CREATE INDEX playtime_multiplier_grant_expiry ON playtime_multiplier_grant (expires_at)",
    ]
}
