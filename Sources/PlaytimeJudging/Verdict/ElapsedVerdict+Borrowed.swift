package import PlaytimeSystem

extension ElapsedVerdict {
    /// The verdict of `timeline`, exactly as ``init(timeline:configuration:serverNowNanoseconds:firstSeen:)`` gives
    /// it, for a caller that keeps the timeline: an initializer takes its argument owned, so such a caller copies
    /// the timeline (a retain and a release for each of its strings), where a function borrows it (the auditor's
    /// decode thread judges every session of a journal this way).
    package static func judging(
        _ timeline: SessionTimeline, configuration: VerdictConfiguration = .standard, serverNowNanoseconds: Int64? = nil,
        firstSeen: FirstSeenTimes = FirstSeenTimes()
    ) -> ElapsedVerdict {
        VerdictRules(configuration: configuration, serverNow: serverNowNanoseconds, firstSeen: firstSeen).judge(timeline)
    }
}
