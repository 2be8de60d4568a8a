import PlaytimeSystem

/// A `playtime` subcommand.
protocol Command {
    /// The word that selects it.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full help text.
    static var help: String { get }
    /// Runs with the arguments after the command word; returns the exit code.
    static func run(_ arguments: [String]) async -> Int32
}

/// Exit codes shared by every command.
enum ExitCode {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
    static let offline: Int32 = 3
    static let noTrustworthyTime: Int32 = 4
}

/// Writes a line to standard error.
func printError(_ text: String) {
    StandardStreams.writeError(text)
}

/// Reports a usage error for `command` and returns exit code 2.
func usageFailure(_ error: UsageError, command: String) -> Int32 {
    printError("playtime \(command): \(error.description)")
    printError("Run 'playtime help \(command)' for usage.")
    return ExitCode.usage
}
