// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Conduit",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Conduit", targets: ["Conduit"]),
        // Companion modules: what Combine does not have, so that `import Conduit` adds no name
        // Combine lacks (virtual time for tests; the instrumentation hook's public API).
        .library(name: "ConduitTesting", targets: ["ConduitTesting"]),
        .library(name: "ConduitInstrumentation", targets: ["ConduitInstrumentation"]),
        // Subjects shared between processes through PostgreSQL's LISTEN/NOTIFY (the `Postgres` trait).
        .library(name: "ConduitPostgres", targets: ["ConduitPostgres"]),
        .executable(name: "conduit", targets: ["conduit"]),
    ],
    // What `conduit` links beyond the playground. `swift build` and `swift test` enable them all;
    // scripts/conduit's first start builds without them (`--disable-default-traits`), so that the
    // prompt comes minutes sooner, and builds them for `conduit serve` when it is first asked for.
    traits: [
        .trait(name: "Serve", description: "`conduit serve`: the live page (Hummingbird, SwiftNIO)."),
        // Off by default: postgres-nio brings BoringSSL and swift-crypto, minutes of a first build that
        // the playground's newcomer does not need. scripts/test enables it (`--enable-all-traits`);
        // `scripts/conduit --postgres` starts a playground built with it.
        .trait(name: "Postgres", description: "Channels shared through PostgreSQL's LISTEN/NOTIFY (postgres-nio)."),
        .default(enabledTraits: ["Serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The engine's queues (receive(on:), delay, timeout, buffer): DequeModule's ring buffer.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // Test-only: property tests with shrinking (Tests/ConduitPropertyTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The live page of `conduit serve` (the ConduitServe module only).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // The serve tests' WebSocket client (NIOWebSocket, NIOHTTP1), and NIOHTTP1 for ConduitServe's
        // JoinCodeGuard; already in the graph through Hummingbird. The plain TCP client needs no TLS.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // ConduitPostgres (the `Postgres` trait only): PostgreSQL's wire protocol, LISTEN and NOTIFY; its
        // logging API and its TLS (both already in postgres-nio's graph).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
        // The playground's reader: Swift's own parser decides when a statement is complete and
        // finds what Linux cannot run (ConduitPlayground only).
        .package(url: "https://github.com/swiftlang/swift-syntax", .upToNextMinor(from: "603.0.1")),
        // Documentation only: `swift package generate-documentation` (scripts/docs builds the DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Conduit",
            dependencies: [.product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "ConduitTesting",
            dependencies: ["Conduit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "ConduitInstrumentation",
            dependencies: ["Conduit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Without the `Postgres` trait this module is empty and postgres-nio is not built.
        .target(
            name: "ConduitPostgres",
            dependencies: [
                "Conduit",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["Postgres"])),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "ConduitPlayground",
            dependencies: [
                "Conduit",
                "ConduitTesting",
                "ConduitInstrumentation",
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "ConduitServe",
            dependencies: [
                "ConduitPlayground",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                // The HTTP/1 request parts `JoinCodeGuard` reads, and the WebSocket frame every viewer
                // is sent the same buffer in (SwiftNIO, already under Hummingbird).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Fuzzing (scripts/fuzz): the harness, and one executable per target that runs libFuzzer
        // when built with -sanitize=fuzzer -DCONDUIT_FUZZING and otherwise replays the files given.
        .target(
            name: "ConduitFuzzing",
            dependencies: ["ConduitPlayground"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ConduitFuzzSession",
            dependencies: ["ConduitFuzzing"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ConduitFuzzScript",
            dependencies: ["ConduitFuzzing"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // scripts/soak: long runs whose resident memory must stay flat.
        .executableTarget(
            name: "ConduitSoak",
            dependencies: ["Conduit", "ConduitPlayground"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "CLibedit",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        .executableTarget(
            name: "conduit",
            dependencies: [
                "ConduitPlayground",
                .target(name: "ConduitServe", condition: .when(traits: ["Serve"])),
                .target(name: "ConduitPostgres", condition: .when(traits: ["Postgres"])),
                "CLibedit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitPlaygroundTests",
            dependencies: ["ConduitPlayground", "ConduitFuzzing"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitServeTests",
            dependencies: [
                "ConduitServe",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Run against a private PostgreSQL server they start (scripts/pg-test-server); empty without the trait.
        .testTarget(
            name: "ConduitPostgresTests",
            dependencies: ["ConduitPostgres", "Conduit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitCompatSwift5Tests",
            dependencies: ["Conduit", "ConduitTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "ConduitCompatTests",
            dependencies: ["Conduit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitPropertyTests",
            dependencies: [
                "Conduit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // A library declaring names Combine lacks (VirtualTimeScheduler, Binding, Instrumentation),
        // which ConduitNameTests imports beside Conduit.
        .target(
            name: "NameClashFixture",
            path: "Tests/NameClashFixture",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Conduit exports exactly Combine's public names (its symbol graph against Combine's list),
        // and a file importing it and another library with names Combine lacks compiles.
        .testTarget(
            name: "ConduitNameTests",
            dependencies: ["Conduit", "NameClashFixture"],
            exclude: ["combine-public-names.txt"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitTests",
            dependencies: ["Conduit", "ConduitTesting", "ConduitInstrumentation"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
