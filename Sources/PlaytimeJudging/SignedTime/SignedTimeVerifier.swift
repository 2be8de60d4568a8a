package import PlaytimeCrypto
package import PlaytimeRoughtime

/// Why a `roughtime` record proves nothing.
package enum SignedTimeProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first link's nonce does not commit to the session's departure record.
    case commitmentMismatch
    /// Link `link`'s nonce is not derived from the previous link's response and its blind (the draft's chain).
    case chainBroken(link: Int)
    /// A request carries no readable nonce.
    case unreadableRequest(link: Int)
    /// An answer under a trusted key failed verification (a record the recorder wrote never holds one).
    case rejected(link: Int, reason: RoughtimeRejection)
    /// No link is signed under a key the verifier trusts.
    case noTrustedAnswer
    /// Two trusted answers disagree beyond their radii (the earlier one's interval lies after the later one's).
    case inconsistent(earlier: Int, later: Int)
    /// A signed time too far from now to be represented in Unix nanoseconds.
    case outOfRange(link: Int)

    /// A short explanation.
    package var description: String {
        switch self {
        case .commitmentMismatch: return "the first nonce does not commit to the departure record"
        case .chainBroken(let link): return "link \(link) is not chained to the previous response"
        case .unreadableRequest(let link): return "link \(link) request has no readable nonce"
        case .rejected(let link, let reason): return "link \(link) fails verification: \(reason)"
        case .noTrustedAnswer: return "no answer is signed under a trusted Roughtime key"
        case .inconsistent(let earlier, let later): return "answers \(earlier) and \(later) disagree beyond their radii"
        case .outOfRange(let link): return "link \(link) signed time is out of range"
        }
    }
}

/// Checks `roughtime` records against the operator's Roughtime public keys, trusting neither the device nor
/// the journal key (docs/journal-format.md §12).
package struct SignedTimeVerifier: Sendable {
    /// The long-term keys whose answers count.
    package let trustedKeys: [Ed25519PublicKey]

    /// A verifier trusting `trustedKeys`.
    package init(trustedKeys: [Ed25519PublicKey]) {
        self.trustedKeys = trustedKeys
    }

    /// The Unix time (nanoseconds) the record proves: for a departure stamp the latest the departure can have
    /// happened at (the largest midpoint + radius of its trusted answers), for a return answer the earliest
    /// the answer can have been taken at (the smallest midpoint − radius). Only the links before the first
    /// one under an untrusted key count: each later nonce is derived from a response this verifier checked.
    package func bound(of record: SignedTimeRecord, departureMAC: [UInt8]) -> Result<Int64, SignedTimeProblem> {
        var intervals: [(link: Int, earliest: Int64, latest: Int64)] = []
        for (index, link) in record.links.enumerated() {
            guard let nonce = Self.nonce(in: link.request) else { return .failure(.unreadableRequest(link: index)) }
            let expected =
                index == 0
                ? SignedTimeCommitment.firstNonce(proves: record.proves, departureMAC: departureMAC, blind: link.blind)
                : RoughtimeChain.nextNonce(previousResponse: record.links[index - 1].response, blind: link.blind)
            guard constantTimeEquals(nonce, expected) else {
                return .failure(index == 0 ? .commitmentMismatch : .chainBroken(link: index))
            }
            // A link under a key this verifier does not trust ends what the chain proves: its response is
            // unverified bytes, so a later nonce derived from it need not come after the commitment (a trusted
            // answer fetched before the departure could be chained behind a made-up response).
            guard let key = trustedKeys.first(where: { $0.rawRepresentation == link.publicKey }) else { break }
            switch RoughtimeVerifier.verify(request: link.request, response: link.response, publicKey: key) {
            case .failure(let reason):
                return .failure(.rejected(link: index, reason: reason))
            case .success(let time):
                let limit = UInt64(Int64.max / 1_000_000_000) - 1
                let radius = UInt64(time.radiusSeconds)
                guard time.midpointSeconds <= limit - radius else { return .failure(.outOfRange(link: index)) }
                let earliest = Int64(time.midpointSeconds >= radius ? time.midpointSeconds - radius : 0) * 1_000_000_000
                let latest = Int64(time.midpointSeconds + radius) * 1_000_000_000
                intervals.append((index, earliest, latest))
            }
        }
        guard !intervals.isEmpty else { return .failure(.noTrustedAnswer) }
        // The draft's consistency rule: an answer taken later cannot end before an earlier one began.
        for first in intervals.indices {
            for second in intervals.indices where second > first && intervals[first].earliest > intervals[second].latest {
                return .failure(.inconsistent(earlier: intervals[first].link, later: intervals[second].link))
            }
        }
        switch record.proves {
        case .departure: return .success(intervals.map(\.latest).max() ?? 0)
        case .arrival: return .success(intervals.map(\.earliest).min() ?? 0)
        }
    }

    /// The `NONC` value of a request packet, if it has one of 32 bytes.
    static func nonce(in request: [UInt8]) -> [UInt8]? {
        guard let body = try? RoughtimePacket.message(in: request[...]),
            let message = try? RoughtimeMessage(parsing: body),
            let nonce = message[RoughtimeTag.nonce], nonce.count == 32
        else { return nil }
        return Array(nonce)
    }
}
