/// The floor: the map/filter work of the pipeline cases done by a hand-written loop calling three
/// closures (transform, predicate, receiver), with no engine at all.
public enum Floor {
    public static let cases: [Case] = [
        Case("floor.closures") {
            let stages = makeStages()
            let tally = Tally()
            let count = scaled(2_000_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count {
                    let mapped = stages.transform(value)
                    if stages.isIncluded(mapped) {
                        stages.receive(tally, mapped)
                    }
                }
            }
            blackHole(tally.total)
            return ns
        },
    ]

    struct Stages {
        let transform: (Int) -> Int
        let isIncluded: (Int) -> Bool
        let receive: (Tally, Int) -> Void
    }

    /// Not inlined, so the loop sees three opaque closures, as an engine's operators do.
    @inline(never)
    static func makeStages() -> Stages {
        Stages(
            transform: { $0 &+ 1 },
            isIncluded: { $0 & 1 == 0 },
            receive: { $0.add($1) }
        )
    }
}
