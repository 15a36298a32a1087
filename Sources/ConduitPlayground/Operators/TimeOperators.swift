import Conduit

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock

/// The playground's time operators, built from the engine's own on the session's scheduler
/// (virtual time unless `clock real`). Durations are written `300ms`, `1s`.
enum TimeOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "debounce", usage: ".debounce(for: 300ms)",
                summary: "sends a value only once no newer one came for the interval",
            example: "let search = query.debounce(for: 300ms)",
            schedulerLabels: ["scheduler"],
            typing: { $0.stage(EngineShape(P.Debounce<Up, C>.self)) }
        ) { spec, upstream, call, context in
            upstream.debounce(for: try interval(call, spec, "for"), scheduler: context.scheduler).pipe()
        },
        OperatorSpec(
            name: "throttle", usage: ".throttle(for: 300ms, latest: true)",
                summary: "sends at most one value per interval: the first at once, then the latest (or first) of "
                    + "each interval",
            example: "let calm = taps.throttle(for: 1s, latest: true)",
            schedulerLabels: ["scheduler"],
            typing: { $0.stage(EngineShape(P.Throttle<Up, C>.self)) }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            let interval = try reader.duration("for")
            let latest = try reader.flag("latest", default: true)
            return upstream.throttle(for: .nanoseconds(Int(interval)), scheduler: context.scheduler,
                latest: latest).pipe()
        },
        OperatorSpec(
            name: "delay", usage: ".delay(for: 1s)",
                summary: "sends every value and the completion later by the interval, in order",
            example: "let later = taps.delay(for: 500ms)",
            schedulerLabels: ["scheduler"],
            typing: { $0.stage(EngineShape(P.Delay<Up, C>.self)) }
        ) { spec, upstream, call, context in
            upstream.delay(for: try interval(call, spec, "for"), scheduler: context.scheduler).pipe()
        },
        OperatorSpec(
            name: "timeout", usage: ".timeout(1s) or .timeout(1s, error: \"too slow\")",
                summary: "finishes (or fails with the message) if nothing comes for the interval",
            example: "let impatient = replies.timeout(2s, error: \"no reply\")",
            schedulerLabels: ["scheduler"],
            typing: { $0.stage(EngineShape(P.Timeout<Up, C>.self)) }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            let interval = try reader.duration(nil)
            var message: String?
            if reader.argument("error") != nil {
                guard case .string(let text) = try reader.value("error") else {
                    throw SyntaxError("`error:` takes a message in double quotes", at: call.span)
                }
                message = text
            }
            return upstream.timeout(.nanoseconds(Int(interval)), scheduler: context.scheduler,
                                    customError: message.map { text in { PlaygroundError(text) } }).pipe()
        },
        OperatorSpec(
            name: "receive", usage: ".receive(on: clock)",
                summary: "delivers values through the session's scheduler (after the current command, or on the "
                    + "next tick)",
            example: "let later = taps.receive(on: clock)",
            schedulerLabels: ["on"],
            typing: { $0.stage(EngineShape(P.ReceiveOn<Up, C>.self)) }
        ) { spec, upstream, call, context in
            try requireClock(call, spec)
            if isMainQueue(call) { return upstream.receive(on: MainQueueScheduler(base: context.scheduler)).pipe() }
            return upstream.receive(on: context.scheduler).pipe()
        },
        OperatorSpec(
            name: "subscribe", usage: ".subscribe(on: clock)",
                summary: "subscribes, requests and cancels through the session's scheduler",
            example: "let lazy = numbers.subscribe(on: clock)",
            schedulerLabels: ["on"],
            typing: { $0.stage(EngineShape(P.SubscribeOn<Up, C>.self)) }
        ) { spec, upstream, call, context in
            try requireClock(call, spec)
            return upstream.subscribe(on: context.scheduler).pipe()
        },
        OperatorSpec(
            name: "measureInterval", usage: ".measureInterval()",
                summary: "sends the time since the previous value (in milliseconds)",
            example: "let gaps = taps.measureInterval()",
            schedulerLabels: ["using"],
            typing: { context in
                context.given.scheduler = schedulerName(of: context.call)
                return context.stage(EngineShape(P.MeasureInterval<Up, C>.self))
            }
        ) { spec, upstream, call, context in
            // Combine's `measureInterval(using: DispatchQueue.main)`, pasted, is the session's clock too.
            let pasted = call.arguments.count == 1 && call.arguments[0].label == "using"
                && isScheduler(call.arguments[0])
            if !pasted { try ArgumentReader(call: call, spec: spec).none() }
            return upstream.measureInterval(using: context.scheduler).map { Value.double(Double(
                $0.magnitude) / 1_000_000) }.pipe()
        },
    ]

    /// `collect(.byTime(1s))` and `collect(.byTimeOrCount(1s, 3))`, as in Combine but on the
    /// session's scheduler: Combine's own spelling, `.byTime(DispatchQueue.main, .seconds(2))`, names
    /// a scheduler (the session's clock stands for it, as `clock` does) and a stride. The engine's
    /// `CollectByTime`.
    static func collect(_ upstream: Pipe, strategy: String, arguments: [Argument], at token: Token,
        context: BuildContext, reader: ArgumentReader) throws -> Pipe {
        let usage = "usage: .collect(.byTime(1s)), .collect(.byTimeOrCount(1s, 3)) or Combine's "
            + ".collect(.byTime(DispatchQueue.main, .seconds(1)))"
        var arguments = arguments
        if let first = arguments.first, first.label == nil {
            switch first.content {
            case .name(let name):
                guard name == "clock" else {
                    throw SyntaxError("the playground has one scheduler, `clock` (or Combine's `DispatchQueue.main`, "
                        + "`RunLoop.main`), not `\(name)`; \(usage)", at: first.token)
                }
                arguments.removeFirst()
            case .swiftName: arguments.removeFirst()
            default: break
            }
        }
        guard let first = arguments.first, first.label == nil,
            let interval = try? reader.duration(of: first), interval > 0
        else {
            throw SyntaxError("`.\(strategy)` needs a positive duration such as `1s` or `.seconds(1)`; \(usage)",
                at: arguments.first?.token ?? token)
        }
        let stride = SessionScheduler.SchedulerTimeType.Stride.nanoseconds(Int(interval))
        switch (strategy, arguments.count) {
        case ("byTime", 1):
            return upstream.collect(.byTime(context.scheduler, stride)).map { Value.array($0) }.pipe()
        case ("byTimeOrCount", 2):
            let countToken = arguments[1].token
            guard arguments[1].label == nil, case .expression(let expression) = arguments[1].content,
                  case .int(let count)? = try? expression.evaluate([]), count >= 1
            else {
                throw SyntaxError("the count must be a whole number, at least 1; \(usage)", at: countToken)
            }
            return upstream.collect(.byTimeOrCount(context.scheduler, stride, count)).map { Value.array($0) }.pipe()
        case ("byTime", _), ("byTimeOrCount", _):
            throw SyntaxError("`.\(strategy)` takes "
                + "\(strategy == "byTime" ? "a duration" : "a duration and a count"); \(usage)", at: token)
        default:
            throw SyntaxError("unknown grouping `.\(strategy)`; \(usage)", at: token)
        }
    }


    /// The duration argument with this label (nil: the first unlabelled one) as a stride of the
    /// session's scheduler.
    static func interval(_ call: OperatorCall, _ spec: OperatorSpec, _ label: String?) throws
        -> SessionScheduler.SchedulerTimeType.Stride {
        .nanoseconds(Int(try ArgumentReader(call: call, spec: spec).duration(label)))
    }

    /// The scheduler's type as written (`using: DispatchQueue.main` is a `DispatchQueue`).
    static func schedulerName(of call: OperatorCall) -> String {
        for argument in call.arguments where OperatorTable.isScheduler(argument, of: call) {
            if case .swiftName(let name) = argument.content { return name.components(separatedBy: ".").first ?? name }
        }
        return "DispatchQueue"
    }

    /// Checks that `receive(on:)` or `subscribe(on:)` names the session's one scheduler.
    static func requireClock(_ call: OperatorCall, _ spec: OperatorSpec) throws {
        guard let argument = ArgumentReader(call: call, spec: spec).argument("on"), isScheduler(argument)
        else {
            throw SyntaxError("write `.\(call.name)(on: clock)`: the playground has one scheduler, `clock`",
                at: call.span)
        }
    }

    /// Whether `receive(on:)` names the main queue (`DispatchQueue.main`, `RunLoop.main`), whose values
    /// arrive after the line that sent them (MainQueue.swift).
    static func isMainQueue(_ call: OperatorCall) -> Bool {
        guard case .swiftName(let written)? = call.arguments.first?.content else { return false }
        return ["DispatchQueue.main", "RunLoop.main", "OperationQueue.main"].contains(written)
    }

    /// `clock`, or a scheduler pasted from Swift (`DispatchQueue.main`, `RunLoop.main`): each
    /// means the session's one scheduler.
    static func isScheduler(_ argument: Argument) -> Bool {
        switch argument.content {
        case .name, .swiftName: return true
        default: return false
        }
    }
}
