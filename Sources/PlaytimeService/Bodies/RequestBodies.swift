internal import PlaytimeHTTP

/// `POST …/anchors`: the device's anchor request, as its `AnchorRequest.text` (`pr1.…`, docs/anchors.md).
struct AnchorBody: Decodable, JSONRequestBody {
    var request: String
    static let jsonShape = JSONShape.object(["request": .scalar])
}

/// `POST …/tickets`: the departing session. The rate is the server's, never the request's.
struct TicketBody: Decodable, JSONRequestBody {
    var session: String
    static let jsonShape = JSONShape.object(["session": .scalar])
}

/// `POST …/redemptions`: the ticket's text, back with the player's return.
struct RedeemBody: Decodable, JSONRequestBody {
    var ticket: String
    static let jsonShape = JSONShape.object(["ticket": .scalar])
}

/// `POST …/grants`: the ad network confirms a multiplier for a session.
struct GrantBody: Codable, JSONRequestBody {
    var session: String
    var multiplier: String
    static let jsonShape = JSONShape.object(["session": .scalar, "multiplier": .scalar])
}

/// `POST …/enrollments` takes no body, or an empty object.
struct EmptyBody: Decodable, JSONRequestBody {
    static let jsonShape = JSONShape.object([:])
}
