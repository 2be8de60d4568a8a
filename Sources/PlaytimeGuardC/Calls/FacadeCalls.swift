internal import PlaytimeGuard

/// Each C call's facade call and its reply (docs/c.md lists the JSON of each).
enum FacadeCalls {
    /// `{}`: nothing to report but success.
    struct Empty: Encodable {}

    /// `ptg_open`'s result.
    struct Opened: Encodable {
        /// The journal the game uploads to its server (`EarningsServer.acceptUpload`).
        let journalPath: String
    }

    /// `ptg_stamp_departure`'s result.
    struct Stamped: Encodable {
        let stamped: Bool
    }

    /// `ptg_anchor_request`'s result.
    struct Request: Encodable {
        /// What the game sends its server (`pr1.…`, docs/anchors.md §1).
        let text: String
    }

    static func launch(_ earnings: OfflineEarnings, multipliers: [String]) -> CReply {
        Blocking.wait { () async -> CReply in
            do throws(EarningsError) { return .success(PayoutsJSON(try await earnings.launch(multipliers: multipliers))) } catch {
                return .failure(.earnings(error))
            }
        }
    }

    static func foreground(_ earnings: OfflineEarnings, multipliers: [String]) -> CReply {
        Blocking.wait { () async -> CReply in
            do throws(EarningsError) { return .success(PayoutsJSON(try await earnings.foreground(multipliers: multipliers))) } catch {
                return .failure(.earnings(error))
            }
        }
    }

    static func settle(_ earnings: OfflineEarnings) -> CReply {
        Blocking.wait { () async -> CReply in
            do throws(EarningsError) { return .success(PayoutsJSON(try await earnings.settle())) } catch { return .failure(.earnings(error)) }
        }
    }

    static func stampDeparture(_ earnings: OfflineEarnings) -> CReply {
        Blocking.wait { () async -> CReply in .success(Stamped(stamped: await earnings.stampDeparture())) }
    }

    static func background(_ earnings: OfflineEarnings, goldPerHour: Int64) -> CReply {
        recorded { () throws(EarningsError) in try earnings.background(goldPerHour: goldPerHour) }
    }

    static func heartbeat(_ earnings: OfflineEarnings, goldPerHour: Int64) -> CReply {
        recorded { () throws(EarningsError) in try earnings.heartbeat(goldPerHour: goldPerHour) }
    }

    /// `{}` once `record` wrote its event (its `RecordedEvent` is not part of the C interface), or its error.
    private static func recorded(_ record: () throws(EarningsError) -> RecordedEvent) -> CReply {
        do throws(EarningsError) {
            _ = try record()
            return .success(Empty())
        } catch {
            return .failure(.earnings(error))
        }
    }

    static func anchorRequest(_ earnings: OfflineEarnings, remembering handle: Handle) -> CReply {
        let request = earnings.anchorRequest()
        handle.remember(request)
        return .success(Request(text: request.text))
    }

    static func recordAnchor(_ earnings: OfflineEarnings, token: String, for request: AnchorRequest) -> CReply {
        do throws(EarningsError) { return .success(PayoutsJSON(try earnings.recordAnchor(token, for: request))) } catch { return .failure(.earnings(error)) }
    }
}
