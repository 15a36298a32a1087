import Conduit
import ConduitTesting
import XCTest

/// Marble-diagram testing on the virtual scheduler: one character per tick of `tick` (10ms by
/// default); a letter is a value, `-` nothing, `|` finished, `#` failure, `(ab)` values in the
/// same tick. `validate` drives a subject from the input diagram through `operator` and compares
/// what came out, drawn the same way.
enum Marbles {
    static func validate(
        _ input: String,
        tick: Int = 10,
        _ makeOperator: (AnyPublisher<String, TestError>, VirtualTimeScheduler) -> AnyPublisher<String, TestError>,
        expected: String,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<String, TestError>()
        var output: [Int: String] = [:]
        var lastTick = 0
        let cancellable = makeOperator(subject.eraseToAnyPublisher(), scheduler).sink(
            receiveCompletion: { completion in
                let at = scheduler.now.nanoseconds / (tick * 1_000_000)
                output[at, default: ""] += completion == .finished ? "|" : "#"
                lastTick = max(lastTick, at)
            },
            receiveValue: { value in
                let at = scheduler.now.nanoseconds / (tick * 1_000_000)
                output[at, default: ""] += value
                lastTick = max(lastTick, at)
            }
        )
        var index = 0
        var group: [Character]?
        for character in input {
            scheduler.advance(to: .init(nanoseconds: index * tick * 1_000_000))
            switch character {
            case "(": group = []
            case ")":
                for value in group ?? [] { subject.send(String(value)) }
                group = nil
                index += 1
            case "-": index += 1
            case "|": subject.send(completion: .finished); index += 1
            case "#": subject.send(completion: .failure(TestError())); index += 1
            default:
                if group != nil {
                    group?.append(character)
                } else {
                    subject.send(String(character))
                    index += 1
                }
            }
        }
        scheduler.advance(by: .milliseconds(tick * (expected.count + 10)))
        var drawn = ""
        let end = max(lastTick, 0)
        for at in 0...end {
            if let events = output[at] {
                drawn += events.count > 1 ? "(\(events))" : events
            } else {
                drawn += "-"
            }
        }
        XCTAssertEqual(drawn, expected, file: file, line: line)
        cancellable.cancel()
    }
}
