/// The guided tour's lessons: each step asks the learner to type something and is checked against
/// what the line did (the session's names, sinks and clock, and what the line printed), never
/// against the text typed, so any line that does the thing passes.
struct TourLesson {
    let title: String
    /// What the lesson is about, shown when it starts.
    let intro: String
    let steps: [TourStep]
}

struct TourStep {
    /// What to do, with a line that does it.
    let ask: String
    /// What is said when it is done: what to notice.
    let done: String
    let check: @Sendable (TourCheck) -> Bool
}

/// What a step's check may look at: the session after the line, and what the line printed.
struct TourCheck {
    let session: Interpreter
    let printed: [OutputRecord]

    /// Every sink, in the order they were made.
    var sinks: [PlaygroundSink] {
        session.order.compactMap { name in
            if case .sink(let sink)? = session.entries[name] { return sink }
            return nil
        }
    }

    var subjects: [SubjectEntry] {
        session.order.compactMap { name in
            if case .subject(let subject)? = session.entries[name] { return subject }
            return nil
        }
    }

    var objects: [PlaygroundObject] {
        session.order.compactMap { name in
            if case .object(let object)? = session.entries[name] { return object }
            return nil
        }
    }

    /// The operators a sink's pipeline applies, its `let` pipelines' included (`[filter, map]`).
    func operators(of sink: PlaygroundSink) -> [String] {
        guard var parser = try? Parser(sink.pipelineText), let syntax = try? parser.pipeline() else { return [] }
        return operators(of: syntax, depth: 0)
    }

    private func operators(of syntax: PipelineSyntax, depth: Int) -> [String] {
        var names = syntax.operators.map { OperatorTable.spec(named: $0.name)?.name ?? $0.name }
        if depth < 16, case .name(let token) = syntax.source, case .pipeline(let pipeline)? = session.entries[
            token.display] {
            names = operators(of: pipeline.syntax, depth: depth + 1) + names
        }
        return names
    }

    /// Whether the line printed a sink's value (`out ← 1`), or an output of `kind`.
    func printed(_ kind: OutputRecord.Kind) -> Bool { printed.contains { $0.kind == kind } }
}

enum TourLessons {
    static let all: [TourLesson] = [
        TourLesson(
            title: "a first pipeline",
            intro: "A publisher does nothing until something subscribes; a subject is one you send into.",
            steps: [
                TourStep(
                    ask: "make a subject: `subject taps`",
                    done: "a PassthroughSubject: it passes on what is sent to it and keeps nothing."
                ) {
                    !$0.subjects.isEmpty
                },
                TourStep(
                    ask: "subscribe a sink to it: `sink out = taps.map { $0 * 2 }`",
                    done: "the sink is subscribed; nothing has arrived, as nothing was sent yet."
                ) { check in check.sinks.contains { $0.isLive } },
                TourStep(
                    ask: "send a value into the subject: `send taps 21`",
                    done: "the value went through the operators into the sink."
                ) { $0.printed(.value) },
            ]
        ),
        TourLesson(
            title: "operators",
            intro: "Each operator is a publisher wrapping the one before; some wait for the end.",
            steps: [
                TourStep(
                    ask: "chain two operators: "
                        + "`sink evens = [1, 2, 3, 4].publisher.filter { $0 % 2 == 0 }.map { $0 * 10 }`",
                    done: "each value went through the operators in order, then the array's publisher finished."
                ) { check in
                    check.sinks.contains {
                        $0.state == .finished && $0.received > 0 && check.operators(of: $0).count >= 2
                    }
                },
                TourStep(
                    ask: "use one that waits for the end: `sink all = [1, 2, 3].publisher.collect()`",
                    done: "it sent its one value only when its upstream finished "
                        + "(collect, reduce, count and last wait)."
                ) { check in
                    check.sinks.contains { sink in
                        sink.state == .finished && check.operators(of: sink).contains { ["collect", "reduce", "count",
                            "last", "min", "max"].contains($0) }
                    }
                },
                TourStep(
                    ask: "see the types at every stage: `types [1, 2, 3].publisher.map { $0 * 10 }.collect()`",
                    done: "each operator's Output and Failure, as Combine infers them."
                ) { check in check.printed.contains { $0.kind == .info && $0.text.contains("Publishers.") } },
            ]
        ),
        TourLesson(
            title: "subjects, hot and cold",
            intro: "A subject is hot: a late subscriber misses what came before. An array's publisher is cold.",
            steps: [
                TourStep(
                    ask: "make a subject that keeps its value: `current level = 1`",
                    done: "a CurrentValueSubject always has a value."
                ) { check in
                    check.subjects.contains { if case .current = $0.storage { return true } else { return false } }
                },
                TourStep(
                    ask: "subscribe to it late: `sink gauge = level`",
                    done: "the sink got the current value at once: a CurrentValueSubject replays its latest value."
                ) { check in check.printed(.value) && check.sinks.contains { $0.isLive } },
                TourStep(
                    ask: "subscribe twice to a cold publisher: `let pair = [1, 2].publisher`, `sink a = pair`, "
                        + "`sink b = pair`",
                    done: "each sink got 1 and 2 from the start: a cold publisher starts anew for each subscriber."
                ) { check in
                    let finished = check.sinks.filter { $0.state == .finished && $0.received > 0 }
                    return Dictionary(grouping: finished, by: \.pipelineText).values.contains { $0.count >= 2 }
                },
            ]
        ),
        TourLesson(
            title: "demand",
            intro: "A subscriber says how many values it wants; a publisher never sends more (back-pressure).",
            steps: [
                TourStep(
                    ask: "ask for only two values: `sink slow = [1, 2, 3, 4].publisher demand 2`",
                    done: "only what was asked for came, and the publisher waits: "
                        + "the sink asked for .max(2), not .unlimited."
                ) { check in
                    check.sinks.contains { $0.isLive && $0.requested != .unlimited && $0.received > 0 }
                },
                TourStep(
                    ask: "ask for one more: `request slow 1`",
                    done: "one more value came; `inspect NAME` shows what a sink requested and received."
                ) { check in
                    check.printed(.value) && check.sinks.contains { $0.requested != .unlimited && $0.received >= 3 }
                },
            ]
        ),
        TourLesson(
            title: "time and marbles",
            intro: "Time operators run on a virtual clock that moves only with `tick`.",
            steps: [
                TourStep(
                    ask: "debounce a subject: `subject q`, then `sink s = q.debounce(for: 300ms)`",
                    done: "debounce waits for 300ms of quiet before passing on the latest value."
                ) { check in
                    check.sinks.contains { sink in
                        sink.isLive
                            && check.operators(of: sink).contains { ["debounce", "throttle", "delay"].contains($0) }
                    }
                },
                TourStep(
                    ask: "send and move the clock: `send q 1; tick 100ms; send q 2; tick 300ms`",
                    done: "with debounce only the last value came out, 300ms after it was sent: the first was replaced."
                ) { check in check.printed(.value) && check.session.scheduler.now.nanoseconds > 0 },
                TourStep(
                    ask: "draw what happened: `marbles q s`", done: "one lane per name, a column per 100ms."
                ) { $0.printed(.marbles) },
            ]
        ),
        TourLesson(
            title: "combining",
            intro: "merge interleaves, combineLatest pairs the latest of each, zip pairs them in order.",
            steps: [
                TourStep(
                    ask: "combine two subjects: `subject a`, `subject b`, then `sink both = a.combineLatest(b)`",
                    done: "combineLatest waits until each publisher has sent something."
                ) { check in
                    check.sinks.contains { sink in
                        sink.isLive
                            && check.operators(of: sink).contains { ["combineLatest", "zip", "merge"].contains($0) }
                    }
                },
                TourStep(
                    ask: "send into both: `send a 1`, then `send b \"x\"`",
                    done: "a pair came out once both had a value; "
                        + "with combineLatest another send to either makes a new pair."
                ) { check in
                    check.printed(.value) && check.sinks.contains { sink in
                        sink.received > 0 && check.operators(of: sink).contains { ["combineLatest", "zip", "merge"]
                            .contains($0) }
                    }
                },
            ]
        ),
        TourLesson(
            title: "errors and recovery",
            intro: "A failure ends a pipeline for good; catch and replaceError put something in its place.",
            steps: [
                TourStep(
                    ask: "make a pipeline fail: `sink risky = [1, 0, 2].publisher.tryMap { 10 / $0 }`",
                    done: "the failure ended the pipeline: nothing after it was sent."
                ) { check in
                    check.sinks.contains { if case .failed = $0.state { return true } else { return false } }
                },
                TourStep(
                    ask: "recover: `sink safe = [1, 0, 2].publisher.tryMap { 10 / $0 }.replaceError(with: -1)`",
                    done: "the failure became a last value and a normal finish (catch can switch to another publisher)."
                ) { check in
                    check.sinks.contains { sink in
                        sink.state == .finished && check.operators(of: sink).contains { ["replaceError", "catch"]
                            .contains($0) }
                    }
                },
            ]
        ),
        TourLesson(
            title: "objects and @Published",
            intro: "An ObservableObject's @Published properties are publishers: `$name` gives the current value first.",
            steps: [
                TourStep(
                    ask: "declare a class and make one: "
                        + "`class Player: ObservableObject { @Published var song = \"none\" }`, "
                        + "then `let player = Player()`",
                    done: "an object with a @Published property."
                ) { check in check.objects.contains { object in object.properties.contains(where: \.isPublished) } },
                TourStep(
                    ask: "watch it, keeping the AnyCancellable (a bare `.sink` ends at once): "
                        + "`let watching = player.$song.sink { print(\"now: \\($0)\") }`",
                    done: "the current value came at once, when the sink subscribed."
                ) { check in check.sinks.contains { $0.isLive && $0.pipelineText.contains(".$") } },
                TourStep(
                    ask: "change it: `player.song = \"Civilization Collapse\"`",
                    done: "the sink heard the new value (objectWillChange fired just before it was stored)."
                ) { check in
                    !check.printed.isEmpty && check.objects.contains { object in
                        object.properties.contains { $0.isPublished && object.value(of: $0.name) != .string("none") }
                    }
                },
            ]
        ),
    ]
}
