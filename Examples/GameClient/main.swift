import PlaytimeSystem

// `game-client`: see GameClient.usage.
StandardStreams.lineBufferOutput()
StandardStreams.exitProcess(GameClient.run(Array(CommandLine.arguments.dropFirst())))
