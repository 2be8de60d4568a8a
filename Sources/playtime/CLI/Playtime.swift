import PlaytimeSystem

/// The command list, `--help`, `--version` and `help COMMAND`.
enum Playtime {
    /// The package's one version string (docs/versioning.md), which `playtime-server --version` prints too.
    static let version = PlaytimeVersion.current

    static var commands: [any Command.Type] {
        [DemoCommand.self, NTPCommand.self, RoughtimeCommand.self, RecordCommand.self, RewardCommand.self, SimulateCommand.self, AuditCommand.self]
    }

    static var overview: String {
        var text = """
            playtime \(version) — provable time away and fair offline earnings

            USAGE: playtime <command> [options]

            COMMANDS:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 12) + command.summary + "\n"
        }
        text += """

            Run 'playtime help <command>' for a command's options.

            Files playtime writes or keeps (--journal, --key-file, --svg) are named as themselves: a symbolic
            link is refused, never followed. A reader that leaves early (playtime ... | head) ends the output
            quietly, and the exit status is still the command's own.
            """
        return text
    }

    static func main(_ arguments: [String]) async -> Int32 {
        guard let first = arguments.first else {
            print(overview)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            print(overview)
            return ExitCode.success
        case "--version":
            print("playtime \(version)")
            return ExitCode.success
        case "journal-append-loop":
            // Hidden: the child process of the journal crash test (appends until killed).
            return HiddenCommands.journalAppendLoop(Array(arguments.dropFirst()))
        case "help":
            guard arguments.count > 1 else {
                print(overview)
                return ExitCode.success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                printError("playtime: no command '\(arguments[1])'. Run 'playtime --help'.")
                return ExitCode.usage
            }
            print(command.help)
            return ExitCode.success
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                printError("playtime: unknown command '\(first)'. Run 'playtime --help'.")
                return ExitCode.usage
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                print(command.help)
                return ExitCode.success
            }
            return await command.run(rest)
        }
    }
}

extension String {
    /// Pads with spaces on the right to `length` characters (never truncates).
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
