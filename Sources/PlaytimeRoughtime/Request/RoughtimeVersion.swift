/// Roughtime version numbers (draft-ietf-ntp-roughtime-19 §5, §12.2).
package enum RoughtimeVersion {
    /// Version 1, the number of the published protocol.
    package static let one: UInt32 = 0x0000_0001
    /// The number drafts 12–19 send for testing; this client verifies it by the rules of drafts 16–19.
    package static let draft: UInt32 = 0x8000_000c
    /// The versions this client verifies, ascending: what a request offers by default.
    package static let supported: [UInt32] = [one, draft]
    /// The most version numbers a `VER` or `VERS` list may hold (§5.1.1, §5.2.5).
    package static let maximumListLength = 32
}
