import Foundation
import PlaytimeSystem

/// The tiny tmpfs the harness runs on (mounted by the test with `unshare -m`, so only this process and its children
/// see it): fills it to a given number of free pages with a filler file, gives the space back, and remounts it
/// read-only and back. tmpfs allocates whole pages, so "free pages" is exact: a write that needs one more fails
/// with `ENOSPC`, one that fits in its file's last page does not.
struct TinyDisk {
    /// The mount point.
    let root: String
    /// tmpfs allocates in pages of this size (the machine's page size).
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    var fillerPath: String { root + "/filler" }

    /// Fills the disk so that exactly `pages` pages stay free: the filler takes every free page (whole-page writes
    /// until `ENOSPC`), then gives `pages` of them back.
    func fill(leavingPages pages: Int) throws {
        free()
        let file = try OpenFile(path: fillerPath, options: [.readWrite, .create], permissions: 0o600)
        let page = [UInt8](repeating: 0, count: Self.pageSize)
        var written: Int64 = 0
        while true {
            do { try file.writeAll(page) } catch { break }
            written += Int64(Self.pageSize)
        }
        // A write that failed part-way would leave a partial page: the filler is cut to whole pages first.
        try file.truncate(to: max(0, written - Int64(pages * Self.pageSize)))
        try file.close()
    }

    /// Gives all the filler's space back.
    func free() {
        _ = unlink(fillerPath)
    }

    /// Remounts the tmpfs read-only (`true`) or read-write.
    func remount(readOnly: Bool) throws {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: ["/usr/bin/mount", "/bin/mount"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/bin/mount")
        process.arguments = ["-o", readOnly ? "remount,ro" : "remount,rw", root]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("mount -o remount failed (\(process.terminationStatus))") }
    }
}

/// A harness failure (not a finding: the test fails on it).
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What a directory holds that nothing should leave behind: temporary files of an atomic write.
func temporaryFiles(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(".") && $0.contains(".tmp-") }
}
