import PlaytimeService
import PlaytimeSystem

// SIGTERM, SIGINT and SIGHUP wait for the service's signal thread: blocked before any other thread starts.
ProcessSignals.blockInEveryThread([.terminate, .interrupt, .hangUp])
StandardStreams.ignoreBrokenPipe()
StandardStreams.lineBufferOutput()
let status = await ServerCommand.run(Array(CommandLine.arguments.dropFirst()))
StandardStreams.exitProcess(status)
