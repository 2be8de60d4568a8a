import PlaytimeSystem

StandardStreams.ignoreBrokenPipe()
StandardStreams.lineBufferOutput()
let status = await Playtime.main(Array(CommandLine.arguments.dropFirst()))
StandardStreams.exitProcess(status)
