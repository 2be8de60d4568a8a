#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard streams and exit, for command-line tools.
package enum StandardStreams {
    /// Makes a write to a pipe or socket whose reader has gone fail with `EPIPE` instead of killing the
    /// process with `SIGPIPE` (exit 141, no message). Standard output then treats the reader leaving as the
    /// end of what it wanted (``readerLeft(_:)``): `playtime … | head -c1` ends quietly with the command's
    /// own exit status. Call once, first thing in `main`.
    package static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// True when `error` says the reader of a pipe or socket went away (`EPIPE`): for standard output that is
    /// not a failure, the reader took what it wanted.
    package static func readerLeft(_ error: SystemError) -> Bool { error.code == EPIPE }

    /// Makes standard output line-buffered, so piped output arrives a line at a time.
    package static func lineBufferOutput() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// Writes `text` and a newline to standard error.
    package static func writeError(_ text: String) {
        fputs(text + "\n", stderr)
    }

    /// Rewrites the current line of standard error (carriage return, text, clear to end of line): progress.
    package static func writeErrorInPlace(_ text: String) {
        fputs("\r" + text + "\u{1B}[K", stderr)
        fflush(stderr)
    }

    /// True when standard error is a terminal (progress output goes there only then).
    package static var errorIsTerminal: Bool { isatty(2) == 1 }

    /// Flushes standard output and ends the process with `status`. Output the reader no longer takes (a closed
    /// pipe: the buffered bytes fail with `EPIPE` since ``ignoreBrokenPipe()``) is dropped quietly.
    package static func exitProcess(_ status: Int32) -> Never {
        fflush(stdout)
        exit(status)
    }
}

extension StandardStreams {
    /// Writes out whatever standard output has buffered, before bytes go to its descriptor directly.
    package static func flushOutput() {
        fflush(stdout)
    }
}
