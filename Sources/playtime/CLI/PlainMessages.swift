import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRewards
import PlaytimeSystem

/// Errors in plain words for a person: no error domains, codes or system-call names.
func plainMessage(_ error: any Error) -> String {
    switch error {
    case let error as JournalError: return plainMessage(journal: error)
    case let error as RecorderError:
        if case .journal(let journal) = error { return plainMessage(journal: journal) }
        return error.description
    case let error as SystemError: return error.plainWords
    default: return String(describing: error)
    }
}

/// A journal error with a failed system call given as its reason only.
private func plainMessage(journal error: JournalError) -> String {
    if case .system(let system) = error { return system.plainWords }
    return error.description
}

/// Why a server argument was refused, before any resolver is asked.
func serverSyntaxMessage(_ text: String) -> String {
    "'\(text)' is not an NTP server: give host, host:port, an IPv4 or IPv6 address, or [ipv6]:port (port 1 to 65535)"
}
