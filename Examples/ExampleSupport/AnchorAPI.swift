import PlaytimeSystem

/// The JSON bodies of server anchors (docs/anchors.md): enrollment of a new journal, and an anchor of the
/// server's time at each contact.

/// `POST /enroll`: a new device's journal. Exactly one field.
package struct EnrollRequest: Codable, Sendable, JSONRequestBody {
    /// The player's id (1–256 UTF-8 bytes).
    package var player: String

    /// `{"player"}`, nothing else.
    package static let jsonShape = JSONShape.object(["player": .scalar])

    /// Creates a body.
    package init(player: String) {
        self.player = player
    }
}

/// `POST /enroll` → 200.
package struct EnrollResponse: Codable, Sendable {
    /// The journal id to create the journal with (32 hex digits).
    package var journal: String
    /// The journal key, hex (the device keeps it; it never comes back).
    package var key: String
    /// The enrollment anchor, to record as the journal's first record.
    package var anchor: String
    /// The version of the server's reward policy, which the game snapshots at each departure (`demo-1` or
    /// `default-1` in the examples).
    package var policy: String

    /// Creates a body.
    package init(journal: String, key: String, anchor: String, policy: String) {
        self.journal = journal
        self.key = key
        self.anchor = anchor
        self.policy = policy
    }
}

/// `POST /anchor`: the device reports where its journal stands. Exactly these four fields.
package struct AnchorRequestBody: Codable, Sendable, JSONRequestBody {
    /// The player's id.
    package var player: String
    /// The journal id (32 lowercase hex digits).
    package var journal: String
    /// The sequence of the journal's last record (0 before any).
    package var seq: UInt64
    /// That record's MAC (64 lowercase hex digits; empty with `seq` 0).
    package var mac: String

    /// `{"player", "journal", "seq", "mac"}`, nothing else.
    package static let jsonShape = JSONShape.object(["player": .scalar, "journal": .scalar, "seq": .scalar, "mac": .scalar])

    /// Creates a body.
    package init(player: String, journal: String, seq: UInt64, mac: String) {
        self.player = player
        self.journal = journal
        self.seq = seq
        self.mac = mac
    }
}

/// `POST /anchor` → 200.
package struct AnchorResponse: Codable, Sendable {
    /// The anchor's token, to record in the journal.
    package var anchor: String
    /// The server's time in it (Unix nanoseconds).
    package var serverTime: Int64

    /// Creates a body.
    package init(anchor: String, serverTime: Int64) {
        self.anchor = anchor
        self.serverTime = serverTime
    }
}
