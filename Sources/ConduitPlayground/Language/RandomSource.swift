import Synchronization

/// Where the playground's random values come from (`Int.random(in:)`, `Bool.random()`,
/// `xs.randomElement()`, `xs.shuffled()`): the system's generator, or, once `seed(_:)` is given a
/// number (`conduit --seed 7`), a repeatable sequence, so that a lesson prints the same every run.
public enum RandomSource {
    /// The repeatable sequence's state, nil while the system's generator serves.
    private static let state = Mutex<UInt64?>(nil)

    /// Makes the values repeatable from `seed` on (nil: the system's generator again).
    public static func seed(_ seed: UInt64?) {
        state.withLock { $0 = seed }
    }

    /// A generator for Swift's `random(in:using:)`, `shuffled(using:)`, `randomElement(using:)`.
    struct Generator: RandomNumberGenerator {
        mutating func next() -> UInt64 {
            RandomSource.next()
        }
    }

    /// The next number: SplitMix64's step when seeded (a small, well-known generator whose every
    /// seed gives a full-period sequence), else the system's.
    private static func next() -> UInt64 {
        let seeded: UInt64? = state.withLock { current in
            guard let value = current else { return nil }
            let advanced = value &+ 0x9E37_79B9_7F4A_7C15
            current = advanced
            return advanced
        }
        guard var mixed = seeded else {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
