// swift-tools-version:6.1
import PackageDescription

// The LISTEN/NOTIFY rows of scripts/bench: ConduitPostgres beside a bare postgres-nio `listen` loop,
// and the latency from a send to a sink in another process. A package of its own (beside
// Benchmarks/, whose harness it uses) because it needs Conduit's `Postgres` trait: with it on in
// Benchmarks' own graph, the release compile of conduit-bench failed (Swift 6.3.1: a missing
// swift-atomics C module, then a crash in dead-function elimination).
let package = Package(
    name: "ConduitPostgresBenchmarks",
    dependencies: [
        .package(name: "ConduitBenchmarks", path: ".."),
        .package(name: "Conduit", path: "../..", traits: ["Postgres"]),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(
            name: "PostgresCases",
            dependencies: [
                .product(name: "BenchSupport", package: "ConduitBenchmarks"),
                .product(name: "Conduit", package: "Conduit"),
                .product(name: "ConduitPostgres", package: "Conduit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "conduit-pg-bench",
            dependencies: [
                "PostgresCases",
                .product(name: "BenchSupport", package: "ConduitBenchmarks"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            // Its one file only builds the table (the measured code is in PostgresCases, optimised): the
            // Swift 6.3.1 optimiser crashed on it (dead-function elimination, signal 11).
            swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-Onone"])]
        ),
    ]
)
