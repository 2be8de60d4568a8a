internal import PlaytimeCrypto

/// A (player, session) pair compared byte for byte: the unit a ``ReplayGuard`` pays at most once.
package struct SessionKey: Sendable, Hashable, CustomStringConvertible {
    /// The player.
    package let player: PlayerKey
    /// The session id's UTF-8 bytes, exactly as received.
    package let session: [UInt8]

    /// The key of `session` of `player`, by their exact UTF-8 bytes.
    package init(player: String, session: String) {
        self.player = PlayerKey(player)
        self.session = Array(session.utf8)
    }

    /// The key a ticket is paid under: its player and session.
    package init(of ticket: DepartureTicket) {
        self.init(player: ticket.playerID, session: ticket.sessionID)
    }

    /// `player/session`.
    package var description: String { "\(player)/\(String(decoding: session, as: UTF8.self))" }

    /// What the replay file stores: SHA-256 of `"playtime-session\0" ‖ u32 len ‖ player ‖ u32 len ‖ session`
    /// (lengths big-endian), so records stay fixed-size and unambiguous.
    var digest: StoreDigest {
        var hash = SHA256()
        hash.update(Array("playtime-session\0".utf8))
        for field in [player.bytes, session] {
            let count = UInt32(truncatingIfNeeded: field.count)
            hash.update([UInt8(count >> 24), UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff), UInt8(count & 0xff)])
            hash.update(field)
        }
        return StoreDigest(hash.finalize())
    }
}

extension PlayerKey {
    /// What the budget file stores: SHA-256 of `"playtime-player\0" ‖ player bytes`.
    var digest: StoreDigest {
        var hash = SHA256()
        hash.update(Array("playtime-player\0".utf8))
        hash.update(bytes)
        return StoreDigest(hash.finalize())
    }
}
