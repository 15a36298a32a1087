import Foundation

/// `help TOPIC` for Combine's concepts (publisher, subscriber, subscription, demand, subject, hot and
/// cold, scheduler, share), as Combine documents them, each with lines to type that show it; and
/// `help topics`, which lists them. HelpTests runs every example, in order, in a fresh session.
enum ConceptPages {
    struct Page {
        /// The topic's words: `help hot` and `help cold` are one page.
        let names: [String]
        /// One line for `help topics`.
        let summary: String
        let text: String
        let examples: [String]
    }

    static let all: [Page] = [
        Page(
            names: ["publisher"], summary: "what delivers values over time, and what it promises",
            text: """
            publisher: delivers values over time to its subscribers, then at most one completion, `.finished`
              or `.failure(error)`; nothing comes after the completion. Its two types are Output (the values)
              and Failure (the error; Never when it cannot fail): `types PIPELINE` shows them at each stage.
              A publisher does nothing until a subscriber attaches (`sink`, `assign`, `subscribe`); most start
              their work again for each subscriber (help cold). An operator is a method that returns a new
              publisher wrapping the one before: `.map { ... }` is a `Publishers.Map` of its upstream.
              `[1, 2].publisher` is the array's publisher (help sources lists the others).
            """,
            examples: ["let doubled = [1, 2, 3].publisher.map { $0 * 2 }", "sink out = doubled", "types doubled"]
        ),
        Page(
            names: ["subscriber"], summary: "what receives: a subscription, values, one completion",
            text: """
            subscriber: receives from one publisher, in this order: a subscription (receive(subscription:)),
              then values (receive(_:), which returns how many more it wants), then at most one completion
              (receive(completion:)). Its Input and Failure must be the publisher's Output and Failure.
              Combine has two built in: `sink` runs closures for values and the completion, and
              `assign(to:on:)` writes each value into a property; both ask for unlimited values at once.
              `trace NAME` prints the calls a sink gets, in Combine's print() words.
            """,
            examples: ["subject taps", "sink out = taps", "trace out", "send taps 1", "complete taps"]
        ),
        Page(
            names: ["subscription"], summary: "the link between one publisher and one subscriber",
            text: """
            subscription: what a publisher hands a subscriber when it subscribes: one per subscriber. The
              subscriber calls request(_:) on it to ask for values (help demand) and cancel() to stop; after
              a cancel or a completion nothing more is delivered. `sink` returns it wrapped in an
              AnyCancellable, which cancels it when cancelled or freed: keep it (`.store(in: &cancellables)`)
              or the values stop. `subs` shows every subscription and its state; `cancel NAME` cancels one.
            """,
            examples: ["subject taps", "sink a = taps", "sink b = taps", "subs", "cancel a", "send taps 1"]
        ),
        Page(
            names: ["demand"], summary: "how many values a subscriber asked for: back-pressure",
            text: """
            demand: how many more values a subscriber is ready for (Subscribers.Demand: .none, .max(n),
              .unlimited). It asks with request(.max(n)) on its subscription, and may ask for more each time
              it receives a value; demands add up, and .unlimited stays unlimited. A publisher never sends
              more values than were demanded: that is back-pressure. A completion needs no demand.
              `sink` and `assign` ask for .unlimited; `sink NAME = ... demand N` asks for N at first, and
              `request NAME N` asks for N more. `inspect NAME` shows what was requested and received.
            """,
            examples: ["sink slow = [1, 2, 3, 4].publisher demand 2", "request slow 1", "inspect slow"]
        ),
        Page(
            names: ["subject"], summary: "a publisher you send into from ordinary code",
            text: """
            subject: a publisher that you send into from outside, with send(_:) and send(completion:): the
              bridge from ordinary code into Combine. It sends each value to each subscriber it has at that
              moment that has demand for it. PassthroughSubject keeps nothing: a value sent when nobody
              subscribes is lost.
              CurrentValueSubject keeps its latest value (`.value`) and gives it to each new subscriber
              first. After a completion, sending does nothing. In the playground: `subject NAME` (or
              `let NAME = PassthroughSubject<String, Never>()`), `current NAME = VALUE`, `send`, `complete`.
            """,
            examples: [
                "subject taps", "send taps 1", "sink out = taps", "send taps 2", "current level = 5",
                "sink gauge = level",
            ]
        ),
        Page(
            names: ["cold", "hot", "hot and cold"], summary: "does each subscriber start the work anew?",
            text: """
            hot and cold: a cold publisher starts its work for each subscriber, from the beginning:
              `[1, 2].publisher`, `Just`, `Deferred`, `Record`, and a network request's publisher each run
              again per subscription. A hot one sends whether anyone listens or not, and a late subscriber
              sees only what comes after it subscribed: subjects, NotificationCenter, a connected Timer.
              `Future` is in between: it runs once, when it is made, and gives its one result to everyone.
              `share()` and `multicast` make one subscription upstream serve every subscriber (help share).
            """,
            examples: [
                "let pair = [1, 2].publisher", "sink a = pair", "sink b = pair", "subject live", "send live 1",
                "sink late = live", "send live 2",
            ]
        ),
        Page(
            names: ["scheduler"], summary: "when and where work runs: queues, run loops, the clock",
            text: """
            scheduler: decides when and on which thread or queue work runs (DispatchQueue, RunLoop,
              OperationQueue, ImmediateScheduler). The time operators take one (`debounce`, `throttle`,
              `delay`, `timeout`, `collect(.byTime)`, `measureInterval`); `receive(on:)` moves what goes
              downstream onto it and `subscribe(on:)` moves subscribing and requests going upstream.
              In the playground every scheduler you write is the session's clock: virtual, moving only with
              `tick`, so every run prints the same (`clock real` switches to the wall clock).
            """,
            examples: [
                "subject q", "sink s = q.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)",
                "send q 1", "tick 100ms", "send q 2", "tick 300ms", "marbles q s",
            ]
        ),
        Page(
            names: ["share"], summary: "one upstream subscription for many subscribers",
            text: """
            share: `.share()` subscribes upstream once, at the first subscriber, and passes what comes to
              every subscriber it has then (a `Publishers.Share`, a class: copies are the same publisher).
              Nothing is replayed: a subscriber that comes later gets only what is sent after it came, so
              after a synchronous source such as `[1, 2].publisher` has finished, a new one sees only the
              completion. Use it so that work such as a network request runs once; `makeConnectable()`
              and `connect NAME` let every subscriber arrive before anything flows.
            """,
            examples: [
                "subject source", "let counted = source.handleEvents(receiveSubscription: { \"subscribed\" })",
                "let shared = counted.share()", "sink one = shared", "sink two = shared", "send source 1",
            ]
        ),
    ]

    static func page(named name: String) -> Page? {
        all.first { $0.names.contains(name) }
    }

    /// `help topics`: the concepts, and where the other pages are.
    static var list: String {
        let labels = all.map { $0.names.filter { !$0.contains(" ") }.joined(separator: ", ") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        let rows = zip(all, labels).map { page, label in
            "  " + label + String(repeating: " ", count: width - label.count) + page.summary
        }
        return (["topics (help TOPIC for one):"] + rows
            + ["also: help operators, sources, values, closures, objects, notifications, swift; "
                + "`types PIPELINE`; `tour` for lessons"]).joined(separator: "\n")
    }

    /// A page with its examples, as `help TOPIC` prints it: the text as one paragraph, which `help`
    /// wraps to the terminal's width, then the lines to type.
    static func text(of page: Page) -> String {
        let paragraph = page.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return paragraph + "\n  example: " + page.examples.joined(separator: "\n           ")
    }
}
