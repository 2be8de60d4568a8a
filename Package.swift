// swift-tools-version:6.2
import PackageDescription

/// PlaytimeGuard: provable time away and fair offline earnings for games.
/// No package dependencies: only the Swift toolchain.
let package = Package(
    name: "PlaytimeGuard",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        // What a game links: OfflineEarnings, the verdict and the rewards (re-exported); docs/public-api.md.
        .library(name: "PlaytimeGuard", targets: ["PlaytimeGuard"]),
        // What a game server links: EarningsServer, with the tickets, auditor and stores it names (re-exported).
        // Every other module is reached through these two, never linked alone (its cross-module API is `package`).
        .library(name: "PlaytimeServer", targets: ["PlaytimeServer"]),
        // The C interface over OfflineEarnings (include/playtime_guard.h; docs/c.md, docs/unity.md): the static library an iOS
        // plugin or a static link takes, and libplaytime_guard.so that C, C++, Godot and Unity (Mono) load elsewhere.
        .library(name: "PlaytimeGuardC", type: .static, targets: ["PlaytimeGuardC"]),
        .library(name: "playtime_guard", type: .dynamic, targets: ["PlaytimeGuardC"]),
        .executable(name: "playtime", targets: ["playtime"]),
        // The verification service: any game backend pays offline earnings through it over HTTP (docs/service.md).
        .executable(name: "playtime-server", targets: ["playtime-server"]),
    ],
    targets: [
        // The only target that touches the operating system: sockets, clocks, files, errno (and strict text checks: UTF-8, JSON).
        .target(name: "PlaytimeSystem"),
        // SHA-256 and SHA-512 compression on the CPU's instructions (x86-64 SHA extensions, ARMv8 SHA2/SHA512), in C:
        // the one thing Swift cannot reach. Chosen at run time; PlaytimeCrypto's Swift code is the fallback (docs/crypto.md).
        .target(name: "CPlaytimeSHA"),
        // SHA-256, SHA-512, HMAC, PBKDF2 and Ed25519 verification in Swift (SHA-2 on the CPU's instructions where it has them).
        .target(name: "PlaytimeCrypto", dependencies: ["CPlaytimeSHA"]),
        // SNTP/NTP client: wire format, validation, selection, transport.
        .target(name: "PlaytimeNTP", dependencies: ["PlaytimeSystem"]),
        // Roughtime client: wire format, verification, chained queries, transport.
        .target(name: "PlaytimeRoughtime", dependencies: ["PlaytimeSystem", "PlaytimeCrypto", "PlaytimeNTP"]),
        // Append-only, HMAC-chained JSON Lines journal.
        .target(name: "PlaytimeJournal", dependencies: ["PlaytimeSystem", "PlaytimeCrypto"]),
        // Exact integer reward arithmetic (PlaytimeSystem only to read policy files safely).
        .target(name: "PlaytimeRewards", dependencies: ["PlaytimeSystem"]),
        // Server-issued departure tickets and their single-use redemption.
        .target(name: "PlaytimeTickets", dependencies: ["PlaytimeSystem", "PlaytimeCrypto", "PlaytimeRewards"]),
        // The one judging core, without I/O: evidence and its codecs, the session assembler, verdict rules, signed time
        // and anchor checks, claims. The game's recorder and the server's auditor both judge with it.
        .target(name: "PlaytimeJudging", dependencies: ["PlaytimeSystem", "PlaytimeCrypto", "PlaytimeJournal", "PlaytimeRewards", "PlaytimeRoughtime"]),
        // The game's side: clocks, connectivity, the recorder and the facade (judging with PlaytimeJudging).
        .target(
            name: "PlaytimeGuard",
            dependencies: ["PlaytimeJudging", "PlaytimeSystem", "PlaytimeNTP", "PlaytimeCrypto", "PlaytimeJournal", "PlaytimeRewards", "PlaytimeRoughtime"],
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // OfflineEarnings behind C functions (`@_cdecl`): handles as ids, UTF-8 JSON in and out, an error code on every failure.
        .target(name: "PlaytimeGuardC", dependencies: ["PlaytimeGuard", "PlaytimeSystem"]),
        // The cheat simulator: every threat and honest pattern through the real recorder, verdict and rewards.
        // Used by `playtime simulate` and its tests; not part of any library product.
        .target(name: "PlaytimeSimulation", dependencies: ["PlaytimeGuard", "PlaytimeSystem", "PlaytimeNTP", "PlaytimeJournal", "PlaytimeRewards"]),
        // The server's auditor: streams journals, recomputes verdicts and rewards, checks invariants.
        .target(name: "PlaytimeAudit", dependencies: ["PlaytimeSystem", "PlaytimeCrypto", "PlaytimeJournal", "PlaytimeJudging", "PlaytimeRewards"]),
        // PostgreSQL frontend/backend protocol v3 client: SCRAM-SHA-256, extended queries, a bounded pool.
        .target(name: "PlaytimePostgres", dependencies: ["PlaytimeSystem", "PlaytimeCrypto"]),
        // The fleet's server state on PostgreSQL: replay guard, budgets, device registry, account intervals.
        .target(name: "PlaytimeFleet", dependencies: ["PlaytimePostgres", "PlaytimeCrypto", "PlaytimeTickets", "PlaytimeAudit", "PropertyTesting"]),
        // The game server's facade: tickets and journal uploads paid once, within the budget, on file or fleet stores.
        .target(
            name: "PlaytimeServer",
            dependencies: [
                "PlaytimeAudit", "PlaytimeTickets", "PlaytimeFleet", "PlaytimeRewards", "PlaytimeJournal",
                "PlaytimeJudging", "PlaytimeCrypto", "PlaytimeSystem",
            ]),
        // HTTP/1.1 for the service and its clients: strict parsing, keep-alive, limits on connections, memory and time.
        .target(name: "PlaytimeHTTP", dependencies: ["PlaytimeSystem"]),
        // The verification service behind `playtime-server`: the /v1 routes of docs/openapi.json on EarningsServer,
        // API keys, problem details, metrics and the access log (docs/service.md).
        .target(name: "PlaytimeService", dependencies: ["PlaytimeServer", "PlaytimeHTTP", "PlaytimeCrypto", "PlaytimeJournal", "PlaytimeSystem"]),
        // Seeded generators, forAll and shrinking for property tests.
        .target(name: "PropertyTesting"),
        // Test doubles: manual clock, scripted transport, fake NTP server on loopback.
        .target(
            name: "PlaytimeTestSupport",
            dependencies: ["PlaytimeSystem", "PlaytimeNTP", "PlaytimeGuard", "PlaytimeJournal", "PlaytimeCrypto", "PlaytimeRoughtime", "PropertyTesting"]),
        .executableTarget(
            name: "playtime",
            dependencies: [
                "PlaytimeSystem", "PlaytimeNTP", "PlaytimeGuard", "PlaytimeCrypto", "PlaytimeJournal", "PlaytimeRewards", "PlaytimeTickets", "PlaytimeAudit",
                "PlaytimeRoughtime",
                "PlaytimeSimulation", "PlaytimeHTTP",
            ]
        ),
        .executableTarget(name: "playtime-server", dependencies: ["PlaytimeService", "PlaytimeSystem"]),
        .executableTarget(
            name: "PlaytimeBenchmarks",
            dependencies: [
                "PlaytimeSystem", "PlaytimeNTP", "PlaytimeCrypto", "PlaytimeJournal", "PlaytimeGuard", "PlaytimeRewards", "PlaytimeTickets", "PlaytimeAudit",
                "PlaytimeRoughtime", "PlaytimeTestSupport", "PlaytimeFleet", "PropertyTesting",
                "PlaytimePostgres", "PlaytimeSimulation",
            ],
            path: "Benchmarks/PlaytimeBenchmarks"
        ),
        // Examples: each an executable target, built in CI.
        .target(name: "ExampleSupport", dependencies: ["PlaytimeSystem", "PlaytimeRewards"], path: "Examples/ExampleSupport"),
        .executableTarget(
            name: "idle-game", dependencies: ["ExampleSupport", "PlaytimeGuard", "PlaytimeRewards", "PlaytimeSystem"], path: "Examples/IdleGame"),
        .executableTarget(
            name: "game-client", dependencies: ["ExampleSupport", "PlaytimeGuard", "PlaytimeHTTP", "PlaytimeSystem"], path: "Examples/GameClient"),
        .testTarget(name: "PlaytimeNTPTests", dependencies: ["PlaytimeNTP", "PlaytimeTestSupport", "PropertyTesting"]),
        .testTarget(name: "PlaytimeRoughtimeTests", dependencies: ["PlaytimeRoughtime", "PlaytimeCrypto", "PlaytimeTestSupport", "PropertyTesting"]),
        .testTarget(name: "PlaytimeCryptoTests", dependencies: ["PlaytimeCrypto", "PropertyTesting"]),
        .testTarget(name: "PlaytimeJournalTests", dependencies: ["PlaytimeJournal", "PlaytimeCrypto", "PropertyTesting", "PlaytimeTestSupport"]),
        .testTarget(
            name: "PlaytimeGuardTests",
            dependencies: ["PlaytimeGuard", "PlaytimeTestSupport", "PropertyTesting", "PlaytimeJournal", "PlaytimeRoughtime", "PlaytimeCrypto"]),
        .testTarget(
            name: "PlaytimeGuardCTests", dependencies: ["PlaytimeGuardC", "PlaytimeGuard", "PlaytimeServer", "PlaytimeTestSupport", "PlaytimeJournal"]),
        .testTarget(name: "PlaytimeSimulationTests", dependencies: ["PlaytimeSimulation", "PlaytimeGuard"]),
        .testTarget(
            name: "PlaytimeAuditTests",
            dependencies: [
                "PlaytimeAudit", "PlaytimeGuard", "PlaytimeJournal", "PlaytimeTestSupport", "PropertyTesting", "PlaytimeRoughtime", "PlaytimeCrypto",
            ]),
        .testTarget(name: "PlaytimeTicketsTests", dependencies: ["PlaytimeTickets", "PlaytimeTestSupport", "PropertyTesting"]),
        .testTarget(name: "PlaytimeRewardsTests", dependencies: ["PlaytimeRewards", "PropertyTesting"]),
        .testTarget(name: "PropertyTestingTests", dependencies: ["PropertyTesting"]),
        .testTarget(name: "PlaytimePostgresTests", dependencies: ["PlaytimePostgres", "PlaytimeSystem", "PlaytimeCrypto", "PropertyTesting"]),
        // A redeeming child process for the fleet tests (several processes on one database, kill -9).
        .executableTarget(
            name: "playtime-fleet-worker",
            dependencies: [
                "PlaytimeFleet", "PlaytimeTickets", "PlaytimeRewards", "PlaytimeCrypto", "PlaytimeSystem",
                "PlaytimeServer", "PlaytimeJournal",
            ],
            path: "Tests/PlaytimeFleetWorker"),
        // The fault cases' child process (Tests/PlaytimeCLITests/FaultTests.swift): a game and a server on a tiny tmpfs in a
        // private mount namespace, filled, emptied and made read-only between steps (docs/guarantees.md, "Nothing lost").
        .executableTarget(
            name: "playtime-fault-harness",
            dependencies: [
                "PlaytimeGuard", "PlaytimeServer", "PlaytimeJournal", "PlaytimeSystem",
                "PlaytimeTestSupport",
            ],
            path: "Tests/PlaytimeFaultHarness"),
        .testTarget(
            name: "PlaytimeFleetTests",
            dependencies: [
                "PlaytimeFleet", "PlaytimePostgres", "PlaytimeTickets", "PlaytimeAudit", "PlaytimeJournal",
                "PlaytimeGuard", "PlaytimeRewards", "PlaytimeSystem", "PlaytimeTestSupport", "PlaytimeHTTP", "PlaytimeCrypto",
            ]),
        .testTarget(
            name: "PlaytimeServerTests",
            dependencies: [
                "PlaytimeServer", "PlaytimeGuard", "PlaytimeTestSupport", "PlaytimeSystem", "PlaytimeJournal", "PlaytimePostgres",
                "PlaytimeTickets", "PlaytimeAudit", "PropertyTesting",
            ]),
        // The public API list (docs/public-api.md) from the built modules' symbol graphs: scripts/public-api.sh runs
        // the tool, PlaytimeSurfaceTests keeps the file honest and checks what a dependent package can name.
        .target(name: "PublicAPIListing", path: "Tests/PublicAPIListing"),
        .executableTarget(name: "playtime-public-api", dependencies: ["PublicAPIListing"], path: "Tests/PlaytimePublicAPI"),
        .testTarget(
            name: "PlaytimeServiceTests",
            dependencies: [
                "PlaytimeService", "PlaytimeHTTP", "PlaytimeServer", "PlaytimeGuard", "PlaytimeTestSupport",
                "PlaytimeSystem", "PlaytimeJournal", "PropertyTesting",
            ]),
        .testTarget(name: "PlaytimeSurfaceTests", dependencies: ["PublicAPIListing", "PlaytimeGuard"]),
        .testTarget(
            name: "PlaytimeCLITests",
            dependencies: [
                "PlaytimeTestSupport", "PlaytimeNTP", "PlaytimeGuard", "PlaytimeJournal", "PlaytimeRoughtime", "PlaytimeCrypto",
                "PlaytimeServer",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
