// swift-tools-version:6.0
import PackageDescription

// Conduit's benchmarks, side by side with OpenCombine. Its own package so that the main package
// stays free of OpenCombine. Run `scripts/bench` from the repository root.
let package = Package(
    name: "ConduitBenchmarks",
    products: [
        // The harness, for the PostgreSQL rows' own package (Benchmarks/Postgres).
        .library(name: "BenchSupport", targets: ["BenchSupport"]),
    ],
    dependencies: [
        .package(name: "Conduit", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        // The second peer, for the rows OpenCombine cannot run: channels and async sequences.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        // glibc's mallinfo2(), which Swift's Glibc module does not export.
        .target(name: "CHeap"),
        // valgrind's callgrind client requests (start/stop counting), no-ops without valgrind.
        .target(name: "CCallgrind"),
        // The harness: timing, medians, memory counting and the table. Knows no engine.
        .target(
            name: "BenchSupport",
            dependencies: ["CHeap", "CCallgrind"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The case list written against Conduit.
        .target(
            name: "ConduitCases",
            dependencies: [
                "BenchSupport", .product(name: "Conduit", package: "Conduit"),
                .product(name: "ConduitTesting", package: "Conduit"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The same case list written against OpenCombine, in its own module so that the two
        // engines' operator extensions never meet.
        .target(
            name: "OpenCombineCases",
            dependencies: ["BenchSupport", .product(name: "OpenCombine", package: "OpenCombine")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The AsyncAlgorithms equivalents of the rows OpenCombine has no operator for, and of
        // debounce: values fed from an `AsyncChannel` and consumed by one `for await` loop.
        .target(
            name: "AsyncAlgorithmsCases",
            dependencies: ["BenchSupport", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "conduit-bench",
            dependencies: ["BenchSupport", "ConduitCases", "OpenCombineCases", "AsyncAlgorithmsCases"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
