public import PlaytimeJournal
public import PlaytimeNTP
internal import PlaytimeRewards
public import PlaytimeRoughtime
public import PlaytimeSystem

/// How an ``OfflineEarnings`` pays: the reward policy, where time comes from, and where its files live.
///
/// The defaults suit a shipped game: the library's default policy, the default NTP servers (host names), no
/// signed time, the device's real clocks. Tests replace the clock and the time sources with doubles, so
/// nothing waits on real time.
public struct EarningsConfiguration: Sendable {
    /// The policy new departures are snapshotted under (its version is written with each departure).
    public var policy: RewardPolicy
    /// Earlier policies whose departures, still open or awaiting proof, are paid under their own terms.
    public var retainedPolicies: [RewardPolicy] = []
    /// NTP servers asked at each return and settlement; empty: the boot clock alone proves time away.
    public var ntpServers: [NTPServer] = NTPConfiguration.defaultServers
    /// Roughtime servers with their public keys: each departure can then be stamped with signed time
    /// (``OfflineEarnings/stampDeparture()``) and each return carries a signed answer. Empty: no signed time.
    public var roughtimeServers: [RoughtimeServer] = []
    /// The key file, relative to the directory (or an absolute path). Created (32 random bytes, 0600) if absent.
    package var keyFile = "player.key"
    /// A journal key the game's server provisioned for this device (it audits the uploads with the same key);
    /// when set, ``keyFile`` is neither read nor created.
    package var journalKey: JournalKey?
    /// The enrollment the game's server handed this device (docs/anchors.md). When set, it is the journal's key
    /// (no key file is read or created), the journal is created with its id (an existing journal with another id is
    /// refused), and its anchor is the journal's first record (docs/journal-format.md §14). A game with a
    /// ``gameServer`` leaves this `nil`: the library enrolls the device itself.
    public var enrollment: Enrollment?
    /// The game's own channel to its server: sends a text and returns the server's answer (throw, or return anything
    /// else, when the server cannot be reached). With it the library enrolls the device once and exchanges the server's
    /// anchors by itself at launch, after each departure and at each return; offline, every call carries on as without it.
    /// It sends only two messages, which a backend forwards unchanged — `enroll` (answer: the enrollment text,
    /// `pe1.…`) and an anchor request `pr1.…` (answer: the anchor token, `pa1.…`) — see docs/service.md, "The game's
    /// link". Called from any task, at most once at a time per call of the facade.
    public var gameServer: (@Sendable (String) async throws -> String)?
    /// How long one exchange with ``gameServer`` may take before the call goes on without it (on the configured clock);
    /// 0 or less: no bound (tests whose link answers at once). Default 2 s.
    package var gameServerBudgetNanoseconds: Int64 = 2_000_000_000
    /// Where the enrollment the library obtained through ``gameServer`` is kept, relative to the directory (or an
    /// absolute path): created whole, 0600, like the key file — it holds the journal's key.
    package var enrollmentFile = "enrollment.txt"
    /// The journal, relative to the directory (or an absolute path). Created if absent.
    package var journalFile = "journal.jsonl"
    /// The recorder's budgets and tunables (how long a return waits for network time, the stamp window, …).
    package var recorder = RecorderConfiguration()
    /// The device's clocks. Tests pass a manual clock.
    @_spi(Testing) public var clock: any ClockSource = SystemClockSource()
    /// Replaces the NTP client built from ``ntpServers``: a test seam (a scripted source), not part of a game's API.
    package var networkTime: (any NetworkTimeSource)?
    /// Replaces the Roughtime client built from ``roughtimeServers`` (tests: a scripted source).
    package var signedTime: (any SignedTimeSource)?
    /// Replaces the probe of the device's interfaces and routes: a test seam (a scripted probe).
    package var connectivityProbe: (any ConnectivityProbe)?

    /// The defaults, paying under `policy`, with the game's link to its server when given (``gameServer``).
    public init(policy: RewardPolicy = .default, gameServer: (@Sendable (String) async throws -> String)? = nil) {
        self.policy = policy
        self.gameServer = gameServer
    }
}
