import PlaytimeSystem

// `game-client`: see GameClient.usage.
StandardStreams.lineBufferOutput()
StandardStreams.exitProcess(await GameClient.run(Array(CommandLine.arguments.dropFirst())))
