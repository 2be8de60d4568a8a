internal import PlaytimeSystem

/// Which network times a judge may use (docs/journal-format.md §10, rule 0): a non-negative error bound and,
/// for a judge with a clock of its own (a game server), an earliest time not later than that clock (of when
/// the record was first seen) plus the slack — the clock-step tolerance `T`, within which honest network time
/// a minute off the server's clock always lies, so the device (which cannot read the server's clock) and the
/// server reach the same verdict for every honest player (issue 33).
///
/// The verdict and the session assembler ask the same judge, so the record that proves a return (rule 3) or
/// settles a same-boot disagreement (rule 2c) is one the verdict will use: a later record whose network time
/// is unusable or from the future proves nothing, and the search for a proof goes on past it.
package struct NetworkTimeJudge: Sendable, Hashable {
    /// The judge's own clock (Unix nanoseconds), or `nil` for a judge without one (the device).
    package var serverNowNanoseconds: Int64?
    /// When the server first saw each record: a record is checked against the server's clock of then.
    package var firstSeen: FirstSeenTimes
    /// How far network time may lie after the judge's clock and still be used: the clock-step tolerance.
    package var slackNanoseconds: Int64

    /// A judge with no clock of its own: only the error bound decides.
    package init() {
        serverNowNanoseconds = nil
        firstSeen = FirstSeenTimes()
        slackNanoseconds = VerdictConfiguration.standard.clockStepToleranceNanoseconds
    }

    /// A judge whose clock reads `serverNowNanoseconds` (records first seen at `firstSeen`), with the slack of
    /// `configuration` (its clock-step tolerance).
    package init(serverNowNanoseconds: Int64?, firstSeen: FirstSeenTimes = FirstSeenTimes(), configuration: VerdictConfiguration = .standard) {
        self.serverNowNanoseconds = serverNowNanoseconds
        self.firstSeen = firstSeen
        self.slackNanoseconds = configuration.clockStepToleranceNanoseconds
    }

    /// The server's clock the record at `sequence` is checked against, or `nil` without a server clock.
    package func judgingTime(_ sequence: UInt64?) -> Int64? {
        serverNowNanoseconds.map { firstSeen.judgingTime(of: sequence, now: $0) }
    }

    /// How far `time`'s earliest value lies after the judging clock, when that is beyond the slack (the
    /// amount of a `networkAheadOfServer` flag); `nil` when it is not from the future, or there is no clock.
    func ahead(_ time: TrustedNetworkTime, at sequence: UInt64?) -> TimeSpan? {
        guard let now = judgingTime(sequence) else { return nil }
        let ahead = time.earliest - UnixInstant(nanoseconds: now)
        return ahead > TimeSpan(nanoseconds: max(0, slackNanoseconds)) ? ahead : nil
    }

    /// True when `instant` lies after the judging clock of the record at `sequence` by more than the slack: a
    /// time that record cannot have been written at. Always false without a clock.
    func isAhead(_ instant: UnixInstant, at sequence: UInt64?) -> Bool {
        guard let now = judgingTime(sequence) else { return false }
        return instant - UnixInstant(nanoseconds: now) > TimeSpan(nanoseconds: max(0, slackNanoseconds))
    }

    /// The network time of the record at `sequence` as this judge may use it, or `nil` when it is absent,
    /// has a negative error bound, or is from the future.
    func usable(_ time: NetworkTime?, at sequence: UInt64?) -> TrustedNetworkTime? {
        guard let trusted = TrustedNetworkTime(time), ahead(trusted, at: sequence) == nil else { return nil }
        return trusted
    }

    /// True when the network time of the record at `sequence` is usable by this judge.
    package func isUsable(_ time: NetworkTime?, at sequence: UInt64?) -> Bool {
        usable(time, at: sequence) != nil
    }
}
