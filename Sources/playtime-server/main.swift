import PlaytimeService
import PlaytimeSystem

// SIGTERM, SIGINT and SIGHUP wait for the service's signal thread: blocked here, before any other thread starts
// (threads inherit the mask). The service runs on threads of its own, never on Swift's cooperative pool.
ProcessSignals.blockInEveryThread([.terminate, .interrupt, .hangUp])
StandardStreams.ignoreBrokenPipe()
StandardStreams.lineBufferOutput()
StandardStreams.exitProcess(ServerCommand.run(Array(CommandLine.arguments.dropFirst())))
