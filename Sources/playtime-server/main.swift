import Dispatch
import PlaytimeService
import PlaytimeSystem

// SIGTERM, SIGINT and SIGHUP wait for the service's signal thread: blocked here, on the process's main thread, before
// any other thread starts (threads inherit the mask). This file has no top-level `await`, so it runs on the main
// thread itself; the service runs in a task, whose threads start after this line.
ProcessSignals.blockInEveryThread([.terminate, .interrupt, .hangUp])
StandardStreams.ignoreBrokenPipe()
StandardStreams.lineBufferOutput()
let arguments = Array(CommandLine.arguments.dropFirst())
let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 1
Task.detached {
    status = await ServerCommand.run(arguments)
    finished.signal()
}
finished.wait()
StandardStreams.exitProcess(status)
