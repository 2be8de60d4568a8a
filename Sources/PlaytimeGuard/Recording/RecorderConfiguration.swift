internal import PlaytimeJournal

/// Tunables of the session recorder.
package struct RecorderConfiguration: Sendable, Hashable {
    /// How long a foreground or launch may wait for a fresh network fix. Default 1.5 s.
    package var foregroundBudgetNanoseconds: Int64 = 1_500_000_000
    /// How long a departure stamp may wait for signed time (it runs after the departure is durable, inside the
    /// platform's background window). Default 2 s.
    package var stampBudgetNanoseconds: Int64 = 2_000_000_000
    /// How long after the departure (boot clock, same boot) a stamp may still be written: a later one would
    /// credit an honest player less than the boot clock proves. Default 30 s.
    package var stampWindowNanoseconds: Int64 = 30_000_000_000
    /// Bound on the boot clock's frequency error when network time is projected. Default 100 ppm.
    package var driftPPM: Int64 = 100
    /// Cut a torn last line (an app killed mid-append) when opening, instead of refusing. Default true.
    package var repairTornTail = true
    /// The header version of a journal the recorder creates: 2 (boot segments, docs/journal-format.md §13).
    /// An existing journal keeps its version; 1 only for tests of version-1 journals.
    package var newJournalVersion = JournalFormat.currentVersion

    /// The defaults.
    package init() {}
}
