import Foundation
import XCTest

/// `Conduit` exports exactly Combine's public top-level names: its symbol graph, extracted from
/// the module this test binary was built with, is compared with Combine's list kept beside this
/// file (`combine-public-names.txt`). A name Combine lacks would collide in a file that imports
/// `Conduit` and a library declaring that name.
final class PublicNamesTests: XCTestCase {
    func testConduitExportsExactlyCombinesTopLevelNames() throws {
        let combine = try Self.combineNames()
        let conduit = try Self.conduitTopLevelNames()
        XCTAssertEqual(conduit.subtracting(combine).sorted(), [], "names Conduit exports that Combine does not have")
        XCTAssertEqual(combine.subtracting(conduit).sorted(), [], "names of Combine that Conduit does not export")
    }

    /// Combine's names, one a line (`#` starts a comment).
    static func combineNames() throws -> Set<String> {
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("combine-public-names.txt")
        let text = try String(contentsOf: list, encoding: .utf8)
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    /// The names of the public symbols at the top level of `Conduit`'s symbol graph.
    static func conduitTopLevelNames() throws -> Set<String> {
        let modules = try modulesDirectory()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("conduit-symbols-\(UUID())")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let extract = Process()
        extract.executableURL = try tool("swift-symbolgraph-extract")
        extract.arguments = [
            "-module-name", "Conduit", "-target", targetTriple, "-I", modules.path,
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        try extract.run()
        extract.waitUntilExit()
        guard extract.terminationStatus == 0 else {
            throw Failure("swift-symbolgraph-extract exited with \(extract.terminationStatus) for \(modules.path)")
        }
        let data = try Data(contentsOf: output.appendingPathComponent("Conduit.symbols.json"))
        let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
        return Set(graph.symbols.filter { $0.pathComponents.count == 1 }.map { $0.pathComponents[0] })
    }

    /// The folder holding the `Conduit.swiftmodule` this test binary was built with.
    static func modulesDirectory() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in [folder.appendingPathComponent("Modules"), folder]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Conduit.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        throw Failure("no Conduit.swiftmodule near the test binary \(binary.path)")
    }

    /// A tool of the toolchain, found on the PATH.
    static func tool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure("\(name) is not on the PATH (it comes with the Swift toolchain)")
    }

    static var targetTriple: String {
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "aarch64"
        #endif
        #if os(Linux)
        return "\(arch)-unknown-linux-gnu"
        #else
        return "\(arch == "aarch64" ? "arm64" : arch)-apple-macosx14.0"
        #endif
    }

    struct SymbolGraph: Decodable {
        struct Symbol: Decodable {
            let pathComponents: [String]
        }

        let symbols: [Symbol]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
