internal import Foundation
package import PlaytimeSystem

/// Why a call of the service failed: the connection, or the service's problem answer (its status and `code`).
package struct ServiceClientError: Error, Sendable, CustomStringConvertible {
    /// The status (0: no answer).
    package var status: Int
    /// The problem's `code` (`""` without one).
    package var code: String
    /// What happened, in words.
    package var description: String
}

/// A client of `playtime-server`'s `/v1` operations (docs/openapi.json) for the repository's own Swift callers: the
/// demo game client, `playtime record --server`, tests. Every call is one request on a connection of its own.
package struct ServiceClient: Sendable {
    /// The service's address.
    package let address: SocketAddress
    /// The backend's API key.
    package let apiKey: String

    /// A client of the service at `address` with `apiKey`.
    package init(address: SocketAddress, apiKey: String) {
        self.address = address
        self.apiKey = apiKey
    }

    /// `enroll`: the enrollment for a new device of `player`.
    package func enroll(player: String) throws(ServiceClientError) -> Enrolled {
        try decode(call(.enroll, player: player, json: [String: String]()))
    }

    /// `anchor`: the token for the device's anchor request text.
    package func anchor(player: String, request: String) throws(ServiceClientError) -> Anchored {
        try decode(call(.anchor, player: player, json: ["request": request]))
    }

    /// `issueTicket`.
    package func issueTicket(player: String, session: String) throws(ServiceClientError) -> Ticket {
        try decode(call(.issueTicket, player: player, json: ["session": session]))
    }

    /// `redeemTicket`.
    package func redeem(player: String, ticket: String) throws(ServiceClientError) -> Payment {
        try decode(call(.redeemTicket, player: player, json: ["ticket": ticket]))
    }

    /// `uploadJournal`.
    package func upload(player: String, journal: [UInt8]) throws(ServiceClientError) -> Payment {
        try decode(call(.uploadJournal, player: player, body: journal, contentType: "application/octet-stream"))
    }

    /// `grantMultiplier`, with the ad network's secret.
    package func grant(player: String, session: String, multiplier: String, adNetworkSecret: String) throws(ServiceClientError) {
        _ = try call(
            .grantMultiplier, player: player, json: ["session": session, "multiplier": multiplier],
            headers: ["X-Ad-Network-Secret": adNetworkSecret])
    }

    /// The answer of `operation` for `player` with a JSON body (or none), checked for status 200.
    package func call(
        _ operation: ServiceOperation, player: String?, json: [String: String]? = nil, headers: [String: String] = [:],
        query: String = ""
    ) throws(ServiceClientError) -> HTTPClientResponse {
        let body = json.map { JSONBody.encode($0) } ?? []
        return try call(operation, player: player, body: body, contentType: json == nil ? nil : "application/json", headers: headers, query: query)
    }

    /// The answer of `operation` for `player` with `body`, checked for status 200.
    package func call(
        _ operation: ServiceOperation, player: String?, body: [UInt8], contentType: String?, headers: [String: String] = [:],
        query: String = ""
    ) throws(ServiceClientError) -> HTTPClientResponse {
        var fields = headers
        fields["authorization"] = "Bearer " + apiKey
        if let contentType { fields["content-type"] = contentType }
        let request = HTTPRequest(method: operation.method, target: operation.target(player: player) + query, headers: fields, body: body)
        let answer: HTTPClientResponse
        do { answer = try HTTPClient.send(request, to: address) } catch {
            throw ServiceClientError(status: 0, code: "", description: "\(operation.rawValue): \(error.description)")
        }
        guard answer.status == 200 else {
            let problem = try? JSONDecoder().decode(ProblemFields.self, from: Data(answer.body))
            throw ServiceClientError(
                status: answer.status, code: problem?.code ?? "",
                description: "\(operation.rawValue) answered \(answer.status) \(problem?.code ?? ""): \(problem?.detail ?? answer.text)")
        }
        return answer
    }

    private func decode<Value: Decodable>(_ answer: HTTPClientResponse) throws(ServiceClientError) -> Value {
        do { return try JSONDecoder().decode(Value.self, from: Data(answer.body)) } catch {
            throw ServiceClientError(status: answer.status, code: "", description: "an answer not in the documented form: \(answer.text.prefix(300))")
        }
    }

    private struct ProblemFields: Decodable {
        var code: String
        var detail: String
    }

    /// `enroll`'s answer.
    package struct Enrolled: Decodable, Sendable {
        /// The journal id.
        package var journal: String
        /// The enrollment text for the device.
        package var enrollment: String
        /// The server's policy version.
        package var policy: String
    }

    /// `anchor`'s answer.
    package struct Anchored: Decodable, Sendable {
        /// The token to record.
        package var anchor: String
        /// The server's time in it.
        package var serverTime: Int64
    }

    /// `issueTicket`'s answer.
    package struct Ticket: Decodable, Sendable {
        /// The ticket's text.
        package var ticket: String
        /// The rate it snapshotted and its policy.
        package var goldPerHour: Int64
        /// See ``goldPerHour``.
        package var policy: String
    }

    /// A payment as `redeemTicket` and `uploadJournal` answer it (the fields the repository's callers read).
    package struct Payment: Decodable, Sendable {
        /// The record's id.
        package var id: String
        /// Gold to credit.
        package var gold: Int64
        /// True when this repeats an earlier call's payment.
        package var repeated: Bool
        /// The messages' texts, headline first.
        package var messages: [Message]
        /// The findings.
        package var findings: [Finding]
        /// The redemption, for a ticket.
        package var redemption: Redemption?
        /// The upload, for a journal.
        package var upload: Upload?

        /// A message.
        package struct Message: Decodable, Sendable {
            /// Its key and English text.
            package var key: String
            /// See ``key``.
            package var text: String
        }

        /// A finding.
        package struct Finding: Decodable, Sendable {
            /// Its kind and detail.
            package var kind: String
            /// See ``kind``.
            package var detail: String
        }

        /// A redemption's figures.
        package struct Redemption: Decodable, Sendable {
            /// Seconds by the server's clock, and the rate.
            package var elapsedSeconds: Int64
            /// See ``elapsedSeconds``.
            package var goldPerHour: Int64
            /// Multipliers applied.
            package var multipliers: [String]
        }

        /// An upload's figures.
        package struct Upload: Decodable, Sendable {
            /// The outcome, sessions and seconds credited over the journal.
            package var outcome: String
            /// See ``outcome``.
            package var sessions: Int
            /// See ``outcome``.
            package var creditedSeconds: Int64
            /// True without findings.
            package var clean: Bool
        }
    }
}
