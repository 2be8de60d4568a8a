// The Swift half of the Darwin stand-in: what the Apple SDK's Swift overlay of Darwin adds on top of the C
// headers, for the names Sources/PlaytimeSystem uses. Signatures follow the overlay's Swift interface
// (the Swift standard library's Platform overlay, Platform.swift: "sys/errno.h", "stdio.h", "fcntl.h",
// "sys/stat.h", "signal.h" sections). Built with -import-underlying-module by scripts/apple-typecheck.sh;
// type-checking only: the bodies never run.
@_exported import Darwin

/// errno, read and set through sys/errno.h's `__error()` (overlay: `public var errno: Int32 { get set }`).
public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

/// stdout and stderr as computed variables over `__stdoutp` / `__stderrp` (overlay, "stdio.h").
public var stdout: UnsafeMutablePointer<FILE> {
    get { __stdoutp }
    set { __stdoutp = newValue }
}

/// See `stdout`.
public var stderr: UnsafeMutablePointer<FILE> {
    get { __stderrp }
    set { __stderrp = newValue }
}

/// open(2) without a mode (overlay, "fcntl.h").
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { standInOnly() }

/// open(2) with a mode, a `mode_t` (16 bits on Darwin).
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { standInOnly() }

/// fcntl(2) without an argument (F_GETFL).
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { standInOnly() }

/// fcntl(2) with an integer argument (F_SETFL, F_SETFD).
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { standInOnly() }

/// File-type bits of `st_mode`, as `mode_t` (overlay, "sys/stat.h"; values from stat(2)).
public var S_IFMT: mode_t { mode_t(0o170000) }
/// See `S_IFMT`.
public var S_IFIFO: mode_t { mode_t(0o010000) }
/// See `S_IFMT`.
public var S_IFCHR: mode_t { mode_t(0o020000) }
/// See `S_IFMT`.
public var S_IFDIR: mode_t { mode_t(0o040000) }
/// See `S_IFMT`.
public var S_IFBLK: mode_t { mode_t(0o060000) }
/// See `S_IFMT`.
public var S_IFREG: mode_t { mode_t(0o100000) }
/// See `S_IFMT`.
public var S_IFLNK: mode_t { mode_t(0o120000) }
/// See `S_IFMT`.
public var S_IFSOCK: mode_t { mode_t(0o140000) }

/// The "ignore" disposition for signal(3), as a `sig_t` (overlay, "signal.h").
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }

private func standInOnly() -> Never {
    fatalError("the Darwin stand-in is for type-checking only")
}
