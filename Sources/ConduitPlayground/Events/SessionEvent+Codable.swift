import Conduit

/// Events as the live page reads them: one flat JSON object per event, its `kind` a string and the
/// rest of its fields beside it, each key named here once (docs/events.md lists them).
extension SessionEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case sequence = "seq"
        case time
        case origin
        case publisher
        case kind
        case name
        case entity
        case lane
        case owner
        case demand
        case level
        case value
        case completion
        case error
        case subject
        case subscriber
        case from
        case to
        case outputKind = "output"
        case text
        case message
        case range
        case file
        case line
        case passed
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(time, forKey: .time)
        switch origin {
        case .session:
            try container.encode("session", forKey: .origin)
        case .engine(let publisher):
            try container.encode("engine", forKey: .origin)
            try container.encode(publisher, forKey: .publisher)
        }
        try container.encode(kind.name, forKey: .kind)
        switch kind {
        case .defined(let name, let entity):
            try container.encode(name, forKey: .name)
            try container.encode(entity, forKey: .entity)
        case .dropped(let name):
            try container.encode(name, forKey: .name)
        case .subscribed(let lane), .cancelled(let lane):
            try container.encode(lane, forKey: .lane)
        case .innerSubscribed(let lane, let owner, let publisher):
            try container.encode(lane, forKey: .lane)
            try container.encode(owner, forKey: .owner)
            try container.encode(publisher, forKey: .publisher)
        case .requested(let lane, let demand, let level):
            try container.encode(lane, forKey: .lane)
            try container.encode(DemandJSON(demand), forKey: .demand)
            try container.encode(level, forKey: .level)
        case .received(let lane, let value, let level):
            try container.encode(lane, forKey: .lane)
            try container.encode(value, forKey: .value)
            try container.encodeIfPresent(level, forKey: .level)
        case .sent(let lane, let value):
            try container.encode(lane, forKey: .lane)
            try container.encode(value, forKey: .value)
        case .completed(let lane, let completion):
            try container.encode(lane, forKey: .lane)
            switch completion {
            case .finished:
                try container.encode("finished", forKey: .completion)
            case .failed(let error):
                try container.encode("failed", forKey: .completion)
                try container.encode(error, forKey: .error)
            }
        case .valueDropped(let subject, let subscriber, let value):
            try container.encode(subject, forKey: .subject)
            try container.encodeIfPresent(subscriber, forKey: .subscriber)
            try container.encode(value, forKey: .value)
        case .clockMoved(let from, let to):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        case .clockReset:
            break
        case .printed(let outputKind, let text):
            try container.encode(outputKind.name, forKey: .outputKind)
            try container.encode(text, forKey: .text)
        case .error(let message, let range):
            try container.encode(message, forKey: .message)
            try container.encodeIfPresent(range, forKey: .range)
        case .checked(let file, let line, let passed, let message):
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(passed, forKey: .passed)
            try container.encodeIfPresent(message, forKey: .message)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        time = try container.decode(Int.self, forKey: .time)
        switch try container.decode(String.self, forKey: .origin) {
        case "session": origin = .session
        case "engine": origin = .engine(publisher: try container.decode(String.self, forKey: .publisher))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .origin, in: container, debugDescription: "origin `\(other)` is not `session` or `engine`")
        }
        kind = try Self.kind(from: container)
    }

    private static func kind(from container: KeyedDecodingContainer<CodingKeys>) throws -> Kind {
        func string(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func int(_ key: CodingKeys) throws -> Int { try container.decode(Int.self, forKey: key) }
        func value() throws -> Value { try container.decode(Value.self, forKey: .value) }
        let name = try string(.kind)
        switch name {
        case "defined": return .defined(name: try string(.name), entity: try string(.entity))
        case "dropped": return .dropped(name: try string(.name))
        case "subscribed": return .subscribed(lane: try string(.lane))
        case "cancelled": return .cancelled(lane: try string(.lane))
        case "innerSubscribed":
            return .innerSubscribed(
                lane: try string(.lane), owner: try string(.owner), publisher: try string(.publisher))
        case "requested":
            return .requested(lane: try string(.lane), demand: try container.decode(DemandJSON.self,
                forKey: .demand).demand, level: try container.decode(DemandLevel.self, forKey: .level))
        case "received":
            return .received(lane: try string(.lane), value: try value(),
                level: try container.decodeIfPresent(DemandLevel.self, forKey: .level))
        case "sent": return .sent(lane: try string(.lane), value: try value())
        case "completed":
            let completion: Completion = try string(.completion) == "finished" ? .finished : .failed(try string(.error))
            return .completed(lane: try string(.lane), completion: completion)
        case "valueDropped":
            return .valueDropped(subject: try string(.subject),
                subscriber: try container.decodeIfPresent(String.self, forKey: .subscriber), value: try value())
        case "clockMoved": return .clockMoved(from: try int(.from), to: try int(.to))
        case "clockReset": return .clockReset
        case "printed":
            guard let outputKind = OutputRecord.Kind(name: try string(.outputKind)) else {
                throw DecodingError.dataCorruptedError(forKey: .outputKind, in: container,
                    debugDescription: "unknown output kind")
            }
            return .printed(kind: outputKind, text: try string(.text))
        case "error":
            return .error(message: try string(.message),
                range: try container.decodeIfPresent(SourceRange.self, forKey: .range))
        case "checked":
            return .checked(file: try string(.file), line: try int(.line),
                passed: try container.decode(Bool.self, forKey: .passed),
                message: try container.decodeIfPresent(String.self, forKey: .message))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown event kind `\(name)`")
        }
    }
}

extension SessionEvent.Kind {
    /// The event's `kind` in JSON: the case's name.
    public var name: String {
        switch self {
        case .defined: return "defined"
        case .dropped: return "dropped"
        case .subscribed: return "subscribed"
        case .innerSubscribed: return "innerSubscribed"
        case .requested: return "requested"
        case .received: return "received"
        case .sent: return "sent"
        case .completed: return "completed"
        case .cancelled: return "cancelled"
        case .valueDropped: return "valueDropped"
        case .clockMoved: return "clockMoved"
        case .clockReset: return "clockReset"
        case .printed: return "printed"
        case .error: return "error"
        case .checked: return "checked"
        }
    }
}

extension DemandLevel: Codable {
    enum CodingKeys: String, CodingKey {
        case requested, delivered
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(DemandJSON(requested), forKey: .requested)
        try container.encode(delivered, forKey: .delivered)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(requested: try container.decode(DemandJSON.self, forKey: .requested).demand,
            delivered: try container.decode(Int.self, forKey: .delivered))
    }
}

/// A demand in JSON: a count, or the string `"unlimited"`.
private struct DemandJSON: Codable {
    let demand: Subscribers.Demand

    init(_ demand: Subscribers.Demand) {
        self.demand = demand
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let max = demand.max { try container.encode(max) } else { try container.encode("unlimited") }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let count = try? container.decode(Int.self) {
            guard count >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a demand is not negative")
            }
            demand = .max(count)
        } else if try container.decode(String.self) == "unlimited" {
            demand = .unlimited
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a demand is a count or `unlimited`")
        }
    }
}

extension OutputRecord.Kind {
    /// The kind's name in JSON.
    public var name: String {
        switch self {
        case .value: return "value"
        case .completion: return "completion"
        case .trace: return "trace"
        case .info: return "info"
        case .error: return "error"
        case .marbles: return "marbles"
        }
    }

    init?(name: String) {
        let all: [OutputRecord.Kind] = [.value, .completion, .trace, .info, .error, .marbles]
        guard let kind = all.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}
