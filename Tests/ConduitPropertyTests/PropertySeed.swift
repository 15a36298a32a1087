import Foundation
import PropertyBased
import Synchronization

/// Where the property tests' random programs come from: one seed per run, fixed under CI (the
/// environment's `CI` is `true`) so that CI cannot fail by chance, given by `CONDUIT_PROPERTY_SEED`
/// to replay a run, and otherwise new each run so that local runs keep exploring. The seed is
/// printed once per run and named in every failure, so any run can be replayed exactly.
enum PropertySeed {
    /// The seed CI runs with: it has passed every property test, and explores the same programs each run.
    static let continuousIntegration: UInt64 = 20_261_125

    /// This run's seed, and why it was chosen.
    static let current: (seed: UInt64, origin: String) = {
        let chosen = choose(ProcessInfo.processInfo.environment)
        print("property tests: seed \(chosen.seed) (\(chosen.origin)); \(replay(chosen.seed))")
        return chosen
    }()

    /// The seed a run with `environment` uses: `CONDUIT_PROPERTY_SEED` if given, the fixed one under
    /// CI, a new one otherwise.
    static func choose(_ environment: [String: String]) -> (seed: UInt64, origin: String) {
        if let text = environment["CONDUIT_PROPERTY_SEED"], let seed = parse(text) {
            return (seed, "from CONDUIT_PROPERTY_SEED")
        }
        if ["true", "1", "yes"].contains(environment["CI"]?.lowercased() ?? "") {
            return (continuousIntegration, "fixed because CI=true")
        }
        return (UInt64.random(in: 0...UInt64.max), "new this run")
    }

    /// What a failure message adds so that the failing run can be replayed. (The library's own
    /// `.fixedSeed` hint does not apply: the programs are drawn from this seed, not from its generator.)
    static var replayHint: String { "seed \(current.seed): \(replay(current.seed))" }

    private static func replay(_ seed: UInt64) -> String {
        "replay with CONDUIT_PROPERTY_SEED=\(seed) swift test --filter ConduitPropertyTests"
    }

    /// A decimal or `0x` hexadecimal seed.
    static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    /// A random stream for one test, drawn from this run's seed and the test's `label`: each test
    /// gets programs of its own, and the same ones whenever the seed is the same, whatever order or
    /// parallelism the tests run in.
    static func stream(_ label: String) -> SeededStream {
        var state = current.seed
        for byte in label.utf8 { state = (state ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SeededStream(mixing: state)
    }
}

/// A seeded random number source that property generators share across their calls (the library
/// hands each case a random source of its own, which a seed cannot reach).
final class SeededStream: Sendable {
    private let generator: Mutex<Xoshiro>

    /// Expands `seed` into the generator's four words with splitmix64, so nearby seeds start far apart.
    init(mixing seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        generator = Mutex(Xoshiro(seed: (next(), next(), next(), next())))
    }

    /// An array of `count` integers (a random count in that range) from `range`.
    func integers(in range: ClosedRange<Int>, count: ClosedRange<Int>) -> [Int] {
        generator.withLock { random in
            (0..<Int.random(in: count, using: &random)).map { _ in Int.random(in: range, using: &random) }
        }
    }
}
