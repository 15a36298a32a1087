import PropertyBased

/// One step of a random event program: what the upstream publisher(s) or the downstream sink does
/// next. Programs are generated as arrays of small integers and decoded here, so the library's
/// array and integer shrinking turns a failure into a short program of simple steps.
enum Step: Equatable, CustomStringConvertible {
    /// The upstream `source` sends `value` (if its subscriber has demand for it).
    case send(value: Int, source: Int)
    /// The upstream `source` finishes.
    case finish(source: Int)
    /// The upstream `source` fails.
    case fail(source: Int)
    /// The sink requests `n` more values (`nil`: unlimited).
    case request(Int?)
    /// From now on the sink returns `n` more demand from each value it receives.
    case demandPerValue(Int)
    /// The sink cancels its subscription.
    case cancel
    /// On the next value it receives, the sink sends `value` into `source` before returning.
    case sendFromSink(value: Int, source: Int)

    /// Decodes one generated code; codes near 0 are the plainest steps (sends of small values).
    init(code: Int, sources: Int) {
        let source = (code / 100) % sources
        let kind = code % 100
        switch kind {
        case 0..<40: self = .send(value: kind % 10, source: source)
        case 40..<58: self = .request(1 + kind % 3)
        case 58..<60: self = .request(nil)
        case 60..<68: self = .demandPerValue(kind % 3)
        case 68..<74: self = .finish(source: source)
        case 74..<80: self = .fail(source: source)
        case 80..<85: self = .cancel
        default: self = .sendFromSink(value: kind % 10, source: source)
        }
    }

    var description: String {
        switch self {
        case .send(let value, let source): return "send \(value) to #\(source)"
        case .finish(let source): return "finish #\(source)"
        case .fail(let source): return "fail #\(source)"
        case .request(let n): return "request \(n.map(String.init) ?? "unlimited")"
        case .demandPerValue(let n): return "return \(n) per value"
        case .cancel: return "cancel"
        case .sendFromSink(let value, let source): return "send \(value) to #\(source) from the sink"
        }
    }
}

/// A generated program: the steps and how many upstreams they address.
struct EventProgram: CustomStringConvertible {
    let steps: [Step]

    var description: String { "[" + steps.map(\.description).joined(separator: "; ") + "]" }

    /// Programs of up to `length` steps over `sources` upstreams, drawn from this run's seed for the
    /// test named `label` (PropertySeed), and shrunk by the library's array and integer shrinking:
    /// steps left out one at a time, then each code moved towards 0.
    static func generator(
        sources: Int, label: String, length: Int = 24
    ) -> Generator<EventProgram, some SendableSequenceType> {
        let codes = 0...(100 * sources - 1)
        let stream = PropertySeed.stream(label)
        return Generator(
            run: { _ in stream.integers(in: codes, count: 0...length) },
            shrink: { (program: [Int]) in
                Shrink.shrinkArray(program, shrinker: { (code: Int) in code.shrink(within: codes, towards: 0) })
            }
        ).map { program in
            EventProgram(steps: program.map { Step(code: $0, sources: sources) })
        }
    }
}

/// The failure every program's upstream fails with.
struct ProgramError: Error, Equatable {}
