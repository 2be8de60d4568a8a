import PlaytimeSystem

// `idle-game`: see IdleGame.usage. Line-buffered so a pipe sees the story as it happens.
StandardStreams.lineBufferOutput()
StandardStreams.exitProcess(await IdleGame.run(Array(CommandLine.arguments.dropFirst())))
