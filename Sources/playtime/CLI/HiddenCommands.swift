import PlaytimeJournal

/// Subcommands that exist for tests, not for users; they are not listed in the help.
enum HiddenCommands {
    /// `playtime journal-append-loop JOURNAL KEYFILE [COUNT]`: appends until killed (or COUNT records),
    /// printing each sequence number once its append has been fsync'd.
    static func journalAppendLoop(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 || arguments.count == 3 else {
            printError("usage: playtime journal-append-loop JOURNAL KEYFILE [COUNT]")
            return ExitCode.usage
        }
        let limit = arguments.count == 3 ? UInt64(arguments[2]) : nil
        if arguments.count == 3, limit == nil {
            printError("journal-append-loop: COUNT must be a whole number")
            return ExitCode.usage
        }
        return JournalCrashHarness.appendLoop(journalPath: arguments[0], keyPath: arguments[1], limit: limit)
    }
}
