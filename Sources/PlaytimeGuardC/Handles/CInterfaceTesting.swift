package import PlaytimeGuard

/// What the package's own tests reach beyond the C functions: a handle opened as `ptg_open` opens it, with the
/// configuration its JSON names adjusted first (their manual clock and scripted time sources, which a game cannot
/// pass), and the counts that show nothing is left behind. Not part of the C interface.
package enum CInterfaceTesting {
    /// `ptg_open` with `adjust` applied to the configuration: the status, the handle (0 on failure) and the JSON.
    package static func open(
        directory: String, configurationJSON: String,
        adjust: (inout EarningsConfiguration) -> Void
    ) -> (status: Int32, handle: UInt64, json: String) {
        var handle: UInt64 = 0
        let reply = CReply.of { () throws(CFailure) -> CReply in
            var configuration = try CConfiguration.parse(configurationJSON)
            adjust(&configuration)
            let opened = try HandleTable.shared.open(directory: directory, configuration: configuration)
            handle = opened.id
            return .success(FacadeCalls.Opened(journalPath: opened.journalPath))
        }
        return (reply.status.rawValue, handle, reply.json)
    }

    /// Strings handed out and not freed yet.
    package static var outstandingStrings: Int { ResultStrings.shared.count }

    /// Handles open.
    package static var openHandles: Int { HandleTable.shared.count }

    /// The header's status constants: name, value and error code (`PlaytimeGuardCTests` compares them with
    /// include/playtime_guard.h).
    package static var statuses: [(name: String, value: Int32, code: String)] {
        CStatus.allCases.map { ($0.constantName, $0.rawValue, $0.code) }
    }
}
