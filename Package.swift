// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Conduit",
    products: [
        .library(name: "Conduit", targets: ["Conduit"]),
    ],
    targets: [
        .target(
            name: "Conduit",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "ConduitPlayground",
            dependencies: ["Conduit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitPlaygroundTests",
            dependencies: ["ConduitPlayground"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConduitTests",
            dependencies: ["Conduit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
