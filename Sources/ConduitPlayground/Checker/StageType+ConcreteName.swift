import Foundation

/// A pipeline's concrete publisher type as Swift's `type(of:)` prints it
/// (`Map<PassthroughSubject<Int, Never>, Int>`): each operator's engine type (`StageType.template`)
/// with the stage before it and the stage's own Output and Failure in place of `Stand`'s types, and,
/// as Swift prints a type's name, no module or enclosing type before it (`Publishers.Map` is `Map`).
extension StageType {
    /// The concrete type of the last of `stages`, the first being the source; nil when any part of it is
    /// not known (a type the playground cannot tell, an operator whose generic arguments it does not fill).
    static func concreteName(of stages: [StageType]) -> String? {
        guard let source = stages.first, var name = source.sourceName else { return nil }
        var upstream = source
        for stage in stages.dropFirst() {
            guard let next = stage.operatorName(after: name, upstream: upstream) else { return nil }
            name = next
            upstream = stage
        }
        return name
    }

    /// The source's concrete type, from Combine's name for it and its Output and Failure.
    private var sourceName: String? {
        guard let output = output.metatypeName else { return nil }
        switch publisher {
        case "Just": return "Just<\(output)>"
        case "Publishers.Sequence": return "Sequence<Array<\(output)>, \(failure)>"
        case "PassthroughSubject", "CurrentValueSubject", "Empty", "Fail", "AnyPublisher", "Future":
            return "\(publisher)<\(output), \(failure)>"
        case "ObservableObjectPublisher": return publisher
        default: return nil
        }
    }

    /// This operator's concrete type after an upstream of type `upstreamName`.
    private func operatorName(after upstreamName: String, upstream: StageType) -> String? {
        guard var text = template, let output = output.metatypeName,
            let upstreamOutput = upstream.output.metatypeName
        else { return nil }
        for module in ["(extension in Conduit):", "ConduitPlayground.", "Conduit.", "Swift.", "Foundation."] {
            text = text.replacingOccurrences(of: module, with: "")
        }
        // The first upstream stand-in is the upstream; any other (`Merge<Up, Up>`), and `Other`'s and
        // `Third`'s, are the publishers the call reads, in order.
        var read = argumentTypes[...]
        for stand in ["Empty<Stand.Upstream, Stand.UpstreamFailure>", "Empty<Stand.Upstream, Never>"] {
            var first = true
            while let found = text.range(of: stand) {
                if first {
                    text.replaceSubrange(found, with: upstreamName)
                    first = false
                    continue
                }
                guard let argument = read.popFirst(), let argument else { return nil }
                text.replaceSubrange(found, with: argument)
            }
        }
        for stand in ["Empty<Stand.Other, Stand.UpstreamFailure>", "Empty<Stand.Third, Stand.UpstreamFailure>"]
        where text.contains(stand) {
            guard let argument = read.popFirst(), let argument else { return nil }
            text = text.replacingOccurrences(of: stand, with: argument)
        }
        let replacements = [
            ("Stand.UpstreamFailure", upstream.failure.description), ("Stand.Upstream", upstreamOutput),
            ("Stand.Result", output), ("ImmediateScheduler", "DispatchQueue"), ("any Error", "Error"),
        ]
        for (stand, real) in replacements { text = text.replacingOccurrences(of: stand, with: real) }
        guard !text.contains("Stand.") else { return nil }
        // `Publishers.Map<...>` prints as `Map<...>`: a name's enclosing types are left out.
        return text.replacingOccurrences(of: #"\b[A-Za-z_][A-Za-z0-9_]*\.(?=[A-Za-z_])"#, with: "",
            options: .regularExpression)
    }
}

extension ValueType {
    /// The type as Swift prints a metatype (`Array<Int>`, `Optional<String>`, `Dictionary<String, Int>`);
    /// nil for a type the playground does not know as Swift's (`Value`, a record, a publisher).
    var metatypeName: String? {
        switch self {
        case .int, .double, .string, .bool, .never: return description
        case .void: return "()"
        case .optional(let wrapped): return wrapped.metatypeName.map { "Optional<\($0)>" }
        case .array(let element): return element.metatypeName.map { "Array<\($0)>" }
        case .set(let element): return element.metatypeName.map { "Set<\($0)>" }
        case .dictionary(let key, let value):
            guard let key = key.metatypeName, let value = value.metatypeName else { return nil }
            return "Dictionary<\(key), \(value)>"
        case .range(let bound, let closed):
            return bound.metatypeName.map { "\(closed ? "ClosedRange" : "Range")<\($0)>" }
        case .tuple(let items, let labels):
            let names = items.compactMap(\.metatypeName)
            guard names.count == items.count else { return nil }
            return "(" + names.enumerated().map { index, name in
                let label = index < labels.count ? labels[index] : ""
                return label.isEmpty ? name : "\(label): \(name)"
            }.joined(separator: ", ") + ")"
        case .named(let name), .object(let name): return name
        case .record, .publisher, .value: return nil
        }
    }
}
