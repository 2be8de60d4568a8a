// playtime-fault-harness: the fault cases of Tests/PlaytimeCLITests/FaultTests.swift, run inside a private mount namespace
// on a tiny tmpfs the test mounted (`unshare -m`, root), so that the disk can be filled, emptied and made read-only
// between two steps of a game's life without touching anything outside.
//
// USAGE: playtime-fault-harness client|server MOUNT SCRATCH
//   MOUNT: the tiny tmpfs (a few hundred KiB); SCRATCH: a directory on an ordinary file system for dry runs.
//   Output: one JSON object a line per case (target, failed, code, error, problems, paid, expected), then `done`.
import Foundation
import PlaytimeSystem

let arguments = CommandLine.arguments
guard arguments.count == 4, ["client", "server"].contains(arguments[1]) else {
    StandardStreams.writeError("usage: playtime-fault-harness client|server MOUNT SCRATCH\n")
    StandardStreams.exitProcess(2)
}
let disk = TinyDisk(root: arguments[2])
do {
    let outcomes =
        arguments[1] == "client"
        ? try await ClientFaults(disk: disk, scratch: arguments[3]).run()
        : try await ServerFaults(disk: disk, scratch: arguments[3]).run()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for outcome in outcomes { print(String(decoding: try encoder.encode(outcome), as: UTF8.self)) }
    print("done")
} catch {
    disk.free()
    StandardStreams.writeError("playtime-fault-harness: \(error)\n")
    StandardStreams.exitProcess(1)
}
