import PlaytimeSystem

// `game-server`: see GameServer.usage. Line-buffered: the first line (the port) must reach a pipe at once.
StandardStreams.lineBufferOutput()
StandardStreams.exitProcess(GameServer.run(Array(CommandLine.arguments.dropFirst())))
