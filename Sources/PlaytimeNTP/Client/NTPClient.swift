package import PlaytimeSystem

/// Asks several NTP servers at once and returns the time they agree on, or says precisely why it cannot.
///
/// The client remembers each server between checks: a server is never asked more often than the minimum
/// poll interval (its last answer is reused, aged), a RATE kiss doubles that interval, and DENY or RSTR retire
/// the server for the client's lifetime.
///
/// `query` runs on the caller's executor (no actor hop); its memory is guarded by a lock held only for
/// short synchronous updates, so concurrent checks from many tasks are safe.
package final class NTPClient: Sendable {
    /// The configuration given at creation.
    package let configuration: NTPConfiguration
    private let transport: any NTPTransport
    private let clock: any ClockSource
    private let state = ThreadLock<[NTPServer: ServerMemory]>([:])

    /// Creates a client reading `clock`; without a `transport`, the socket transport reports its instants on the
    /// same clock (one clock through the client and its transport). Pass a scripted transport and a manual clock
    /// in tests.
    package init(
        configuration: NTPConfiguration = NTPConfiguration(),
        transport: (any NTPTransport)? = nil,
        clock: any ClockSource = SystemClockSource()
    ) {
        self.configuration = configuration
        self.transport = transport ?? SocketNTPTransport(clock: clock)
        self.clock = clock
    }

    /// Servers retired by a DENY or RSTR kiss, with the code.
    package var retiredServers: [NTPServer: String] {
        state.withLock { $0.compactMapValues { $0.retiredBy } }
    }

    /// One check: query every server (respecting etiquette), validate, intersect, and return the fix.
    /// `timeoutNanoseconds` caps this check's wait below the configured timeout (e.g. a foreground budget).
    package nonisolated(nonsending) func query(
        _ servers: [NTPServer] = NTPConfiguration.defaultServers, timeoutNanoseconds: Int64? = nil
    ) async throws(NTPError) -> NTPFix {
        guard !servers.isEmpty else { throw NTPError(kind: .noServers, servers: []) }
        let frame = clock.read()
        var reports = servers.map { ServerReport(server: $0) }
        let live = planQueries(for: servers, frame: frame, reports: &reports)
        let addresses = await resolve(live.map { servers[$0] })
        var active: [(index: Int, addresses: [SocketAddress])] = []
        for (position, index) in live.enumerated() {
            switch addresses[position] {
            case .success(let list): active.append((index, list))
            case .failure(let error): reports[index].dnsError = error
            }
        }
        let timeout = min(configuration.timeoutNanoseconds, timeoutNanoseconds ?? configuration.timeoutNanoseconds)
        await runRounds(&active, servers: servers, frame: frame, timeout: timeout, reports: &reports)
        return try await conclude(servers: servers, reports: reports, frame: frame)
    }

    // MARK: - Etiquette

    /// Marks retired and recently polled servers, and returns the indices of the servers to ask now.
    private func planQueries(for servers: [NTPServer], frame: ClockReading, reports: inout [ServerReport]) -> [Int] {
        let memory = state.withLock { $0 }
        var live: [Int] = []
        for (index, server) in servers.enumerated() {
            guard let remembered = memory[server] else {
                live.append(index)
                continue
            }
            if let code = remembered.retiredBy {
                reports[index].kiss = code
                reports[index].retired = true
                continue
            }
            if let last = remembered.lastQueryBoot, remembered.frame?.bootID == frame.bootID,
                frame.bootNanoseconds - last < remembered.pollIntervalNanoseconds
            {
                reports[index].reused = true
                if let sample = remembered.lastSample, let old = remembered.frame {
                    var rebased = sample
                    rebased.offsetNanoseconds += (old.wallNanoseconds - old.bootNanoseconds) - (frame.wallNanoseconds - frame.bootNanoseconds)
                    reports[index].samples = [rebased]
                    reports[index].address = remembered.lastAddress
                } else {
                    reports[index].previous = remembered.lastOutcome
                }
                continue
            }
            live.append(index)
        }
        return live
    }

    private nonisolated(nonsending) func resolve(_ servers: [NTPServer]) async -> [Result<[SocketAddress], ResolveError>] {
        let transport = self.transport
        return await Resolver.resolveAll(servers.map { ($0.host, $0.port) }) { await transport.resolve(host: $0, port: $1) }
    }

    // MARK: - Rounds

    /// Each round asks every active server once, retransmitting (with a new random origin each time) to those
    /// that have not answered validly, as `configuration.retry` says, until the round's timeout passes or the
    /// servers answered so far already agree as the quorum demands of all the servers asked.
    private nonisolated(nonsending) func runRounds(
        _ active: inout [(index: Int, addresses: [SocketAddress])], servers: [NTPServer],
        frame: ClockReading, timeout: Int64, reports: inout [ServerReport]
    ) async {
        for round in 0..<max(1, configuration.samplesPerServer) where !active.isEmpty {
            if round > 0 { await clock.sleep(nanoseconds: configuration.burstSpacingNanoseconds) }
            let deadline = clock.bootNanoseconds() + max(0, timeout)
            var pending = active
            var dropped = Set<Int>()
            var transmission = 0
            while !pending.isEmpty {
                let remaining = deadline - clock.bootNanoseconds()
                if transmission > 0, remaining <= 0 { break }
                let wait = configuration.retry.waitNanoseconds(afterTransmission: transmission)
                let window = max(0, min(remaining, wait ?? remaining))
                var generator = SystemRandomNumberGenerator()
                let requests = pending.map { NTPRequest(addresses: $0.addresses, nonce: UInt64.random(in: 1...UInt64.max, using: &generator)) }
                let sentAt = clock.bootNanoseconds()
                for entry in pending { remember(servers[entry.index]) { $0.lastQueryBoot = sentAt } }
                let results = await transport.exchange(requests, timeoutNanoseconds: window)
                var unanswered: [(index: Int, addresses: [SocketAddress])] = []
                for (position, entry) in pending.enumerated() where position < results.count {
                    let before = reports[entry.index].samples.count
                    let keep = absorb(
                        results[position], nonce: requests[position].nonce, frame: frame,
                        server: servers[entry.index], report: &reports[entry.index])
                    if !keep { dropped.insert(entry.index) } else if reports[entry.index].samples.count == before { unanswered.append(entry) }
                }
                pending = unanswered
                transmission += 1
                if wait == nil || pending.isEmpty { break }
                if quorumReached(reports, askable: active.filter { !dropped.contains($0.index) }.map(\.index)) { break }
            }
            active = active.filter { !dropped.contains($0.index) }
        }
    }

    /// True when the servers that have answered so far already agree as the quorum demands of `askable` (the
    /// servers that could still answer this check), so that waiting for the rest could not change the outcome's
    /// kind (docs/guarantees.md, row N5).
    private func quorumReached(_ reports: [ServerReport], askable: [Int]) -> Bool {
        let now = clock.bootNanoseconds()
        var intervals: [(low: Int64, high: Int64)] = []
        var answered = Set<Int>()
        for (index, report) in reports.enumerated() {
            guard let best = report.samples.min(by: { $0.delayNanoseconds < $1.delayNanoseconds }) else { continue }
            answered.insert(index)
            let bound = best.errorBoundNanoseconds(
                atBoot: now, driftPPM: configuration.driftPPM,
                localPrecisionNanoseconds: configuration.limits.localPrecisionNanoseconds)
            intervals.append((best.offsetNanoseconds - bound, best.offsetNanoseconds + bound))
        }
        let possible = answered.union(askable).count
        let quorum = configuration.requiredAgreement(validCount: possible)
        return IntervalIntersection.select(intervals, quorum: quorum) != nil
    }

    /// Folds one exchange into the server's report; returns false when the server must not be asked again this check.
    private func absorb(
        _ result: NTPExchangeResult, nonce: UInt64, frame: ClockReading, server: NTPServer,
        report: inout ServerReport
    ) -> Bool {
        if let ignored = result.ignored.last { report.rejection = ignored }
        switch result.outcome {
        case .reply(let datagram, let address, let sent, let received):
            report.address = address.description
            let timing = NTPExchangeTiming(
                frameWallNanoseconds: frame.wallNanoseconds, frameBootNanoseconds: frame.bootNanoseconds,
                sentBootNanoseconds: sent, receivedBootNanoseconds: received)
            switch NTPReplyValidator.validate(datagram, nonce: nonce, timing: timing, limits: configuration.limits) {
            case .success(let sample):
                report.samples.append(sample)
                return true
            case .failure(.kissOfDeath(let code)):
                report.kiss = code
                applyKiss(code, to: server)
                return false
            case .failure(let rejection):
                report.rejection = rejection
                return true
            }
        case .timedOut(let address):
            report.address = report.address ?? address.description
            report.timedOut = true
            return true
        case .failed(let error, let address):
            report.address = report.address ?? address?.description
            report.systemError = error
            return false
        }
    }

    private func applyKiss(_ code: String, to server: NTPServer) {
        switch code {
        case "DENY", "RSTR":
            remember(server) { $0.retiredBy = code }
        case "RATE":
            let ceiling = configuration.maximumBackoffNanoseconds
            remember(server) { entry in
                entry.pollIntervalNanoseconds = min(ceiling, max(entry.pollIntervalNanoseconds * 2, 32_000_000_000))
            }
        default:
            break
        }
    }

    private func remember(_ server: NTPServer, _ change: (inout ServerMemory) -> Void) {
        let initial = configuration.minimumPollIntervalNanoseconds
        state.withLock { memory in
            var entry = memory[server] ?? ServerMemory(pollIntervalNanoseconds: initial)
            change(&entry)
            memory[server] = entry
        }
    }

    // MARK: - Selection

    private nonisolated(nonsending) func conclude(servers: [NTPServer], reports: [ServerReport], frame: ClockReading) async throws(NTPError) -> NTPFix {
        let now = clock.bootNanoseconds()
        var outcomes = reports.map { $0.outcome() }
        var candidates: [(index: Int, sample: NTPSample)] = []
        for (index, report) in reports.enumerated() {
            if let best = report.samples.min(by: { $0.delayNanoseconds < $1.delayNanoseconds }) {
                candidates.append((index, best))
            }
        }
        for (index, report) in reports.enumerated() where !report.reused {
            let sample = candidates.first { $0.index == index }?.sample
            remember(servers[index]) { entry in
                entry.lastSample = sample
                entry.lastOutcome = outcomes[index]
                entry.lastAddress = report.address
                entry.frame = frame
            }
        }
        guard !candidates.isEmpty else {
            throw NTPError(kind: await failureKind(reports), servers: outcomes)
        }
        let intervals = candidates.map { candidate -> (low: Int64, high: Int64) in
            let bound = candidate.sample.errorBoundNanoseconds(
                atBoot: now, driftPPM: configuration.driftPPM,
                localPrecisionNanoseconds: configuration.limits.localPrecisionNanoseconds)
            return (candidate.sample.offsetNanoseconds - bound, candidate.sample.offsetNanoseconds + bound)
        }
        let quorum = configuration.requiredAgreement(validCount: candidates.count)
        guard let selection = IntervalIntersection.select(intervals, quorum: quorum) else {
            for candidate in candidates {
                outcomes[candidate.index].reason = "no \(quorum) servers agreed"
                outcomes[candidate.index].reasonCode = "no-majority"
            }
            throw NTPError(kind: .noMajority, servers: outcomes)
        }
        for (position, candidate) in candidates.enumerated() where !selection.members.contains(position) {
            outcomes[candidate.index].status = .falseticker
            outcomes[candidate.index].reason = "offset \(formatSeconds(candidate.sample.offsetNanoseconds)) s disagrees with the majority"
            outcomes[candidate.index].reasonCode = "falseticker"
        }
        let truechimers = selection.members.map { candidates[$0].sample }
        return NTPFix(
            offsetNanoseconds: selection.low / 2 + selection.high / 2 + (selection.low % 2 + selection.high % 2) / 2,
            errorBoundNanoseconds: (selection.high - selection.low + 1) / 2,
            delayNanoseconds: truechimers.map(\.delayNanoseconds).min() ?? 0,
            stratum: truechimers.map(\.stratum).min() ?? 16,
            anchor: frame,
            driftPPM: configuration.driftPPM,
            servers: outcomes
        )
    }

    /// Offline, DNS, unreachable or rejected, from what the servers did.
    private nonisolated(nonsending) func failureKind(_ reports: [ServerReport]) async -> NTPError.Kind {
        if reports.contains(where: { $0.kiss != nil || $0.rejection != nil || $0.previous?.status == .rejected }) {
            return .rejected
        }
        let noRoute = reports.filter { $0.systemError?.meansNoRoute == true }.count
        let dns = reports.filter { $0.dnsError != nil }.count
        if noRoute + dns == reports.count {
            if noRoute > 0 { return .offline }
            let usable = await transport.hasUsableInterface()
            return usable ? .dnsFailure : .offline
        }
        return .unreachable
    }
}

/// What the client remembers about a server between checks.
struct ServerMemory: Sendable {
    var lastQueryBoot: Int64?
    var pollIntervalNanoseconds: Int64
    var retiredBy: String?
    var lastSample: NTPSample?
    var lastOutcome: NTPServerOutcome?
    var lastAddress: String?
    var frame: ClockReading?
}
