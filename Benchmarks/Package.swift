// swift-tools-version:6.0
import PackageDescription

// Conduit's benchmarks, side by side with OpenCombine. Its own package so that the main package
// stays free of OpenCombine. Run `scripts/bench` from the repository root.
let package = Package(
    name: "ConduitBenchmarks",
    dependencies: [
        .package(name: "Conduit", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // glibc's mallinfo2(), which Swift's Glibc module does not export.
        .target(name: "CHeap"),
        // The harness: timing, medians, memory counting and the table. Knows no engine.
        .target(
            name: "BenchSupport",
            dependencies: ["CHeap"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The case list written against Conduit.
        .target(
            name: "ConduitCases",
            dependencies: ["BenchSupport", .product(name: "Conduit", package: "Conduit")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The same case list written against OpenCombine, in its own module so that the two
        // engines' operator extensions never meet.
        .target(
            name: "OpenCombineCases",
            dependencies: ["BenchSupport", .product(name: "OpenCombine", package: "OpenCombine")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "conduit-bench",
            dependencies: ["BenchSupport", "ConduitCases", "OpenCombineCases"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
