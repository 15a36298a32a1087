/// One call of a mutating collection method (`append`, `insert`, `remove(at:)`, `removeAll`, `sort`,
/// `reverse`, `removeValue(forKey:)`), applied to a value in place.
///
/// In place, an array or string that only its `var` holds grows without being copied, as Swift's
/// do (copy on write): `for i in 0..<200000 { xs.append(i) }` takes linear time, not quadratic. The
/// value is taken out of the enum before it changes, so that the array's storage has one owner.
struct MutatingCall {
    let name: String
    let arguments: [CollectionMethods.Argument]

    /// The closure it was given (`removeAll(where:)`, `sort(by:)`).
    var closure: Closure? {
        for argument in arguments { if case .closure(let closure) = argument.content { return closure } }
        return nil
    }

    /// The plain values it was given, in order.
    var values: [Value] {
        arguments.compactMap { if case .value(let value) = $0.content { value } else { nil } }
    }

    /// Whether it may change a variable while the variable's lock is held: it runs no closure (which
    /// could read the variable) and adds no level of nesting, so the bounds checked when the value
    /// was stored (`Value.nested`) still hold without walking the whole value again.
    var runsInPlace: Bool {
        guard CollectionMethods.mutating[name] != nil, closure == nil else { return false }
        let contents = label(0) == "contentsOf"
        return values.allSatisfy { value in
            switch value {
            case .array(let items) where contents: return !items.contains(where: \.nests)
            case .array, .record: return false
            default: return true
            }
        }
    }

    /// Changes `value`; on failure it is left as it was.
    func apply(to value: inout Value) throws {
        if name == "remove", closure != nil || label(0) == "where" {
            throw PlaygroundError(
                "Swift's Array has no `remove { ... }` or `remove(where:)`: `removeAll(where: { ... })` removes "
                    + "every element that matches (`xs.removeAll { $0 == x }`), `remove(at: i)` one position")
        }
        // Each kind is taken out with `guard case`, then the enum lets go of it (`value = .null`), so
        // that the local is its storage's only owner and changes in place. (A `switch` over `value`
        // would hold a copy of it for the whole switch, and every change would copy.)
        if value.setElements != nil, closure == nil {
            if label(0) == "at" {
                throw PlaygroundError("a Set has no positions: `\(name)(x)` takes the element itself")
            }
            // `seen.insert(x)`, `seen.remove(x)`, `seen.formUnion(more)`: Swift's `Set`'s (Value+Set.swift).
            _ = try value.changeSet(name, values)
            return
        }
        if case .record = value {
            guard name == "removeValue", let key = values.first, key.isDictionaryKey else {
                throw PlaygroundError("a record (dictionary) here changes by `dictionary[\"key\"] = VALUE` or "
                    + "`removeValue(forKey: \"key\")`, not `\(name)`")
            }
            guard case .record(var fields) = value else { return }
            value = .null
            defer { value = .record(fields) }
            fields[key: key] = nil
            return
        }
        if case .string = value, name == "append" {
            let added = Functions.text(try argument(0))
            guard case .string(var text) = value else { return }
            value = .null
            defer { value = .string(text) }
            text += added
            return
        }
        if case .bool(let flag) = value, name == "toggle", arguments.isEmpty {
            // `isOn.toggle()`: Bool's own mutating method.
            value = .bool(!flag)
            return
        }
        guard case .array(var items) = value else {
            throw PlaygroundError("\(value.kindName) \(value) has no mutating method `\(name)`; it is an array's")
        }
        try check(items, described: value)
        value = .null
        defer { value = .array(items) }
        try change(&items)
    }

    /// Refuses, before anything changes, a call that cannot be made on `items`.
    private func check(_ items: [Value], described value: Value) throws {
        let plural = items.count == 1 ? "" : "s"
        switch name {
        case "append":
            var added = 1
            if label(0) == "contentsOf" {
                guard case .array(let more) = try argument(0) else {
                    throw PlaygroundError("`append(contentsOf:)` takes an array, not \(try argument(0))")
                }
                added = more.count
            } else {
                _ = try argument(0)
            }
            guard items.count + added <= 1_000_000 else {
                throw PlaygroundError("the array would pass 1,000,000 elements")
            }
        case "insert":
            let index = try position(try argument(1))
            guard (0...items.count).contains(index) else {
                throw PlaygroundError("cannot insert at \(index): the array has \(items.count) element\(plural)")
            }
            guard items.count < 1_000_000 else { throw PlaygroundError("the array would pass 1,000,000 elements") }
        case "remove":
            let index = try position(try argument(0))
            guard items.indices.contains(index) else {
                throw PlaygroundError("index \(index) is out of range for \(value) (\(items.count) element\(plural))")
            }
        case "removeFirst", "removeLast":
            _ = try count(removedFrom: items)
        case "removeAll", "sort", "reverse", "popLast":
            break
        default:
            throw PlaygroundError("array \(value) has no mutating method `\(name)`")
        }
    }

    /// Makes the change `check` allowed; only a closure (`removeAll(where:)`, `sort(by:)`) may fail
    /// here, and then `items` is as it was.
    private func change(_ items: inout [Value]) throws {
        switch name {
        case "append":
            if label(0) == "contentsOf", case .array(let more) = try argument(0) {
                items += more
            } else {
                items.append(try argument(0))
            }
        case "insert": items.insert(try argument(0), at: try position(try argument(1)))
        case "remove": items.remove(at: try position(try argument(0)))
        case "removeAll":
            if let closure {
                items = try items.filter { !(try isTrue(try closure.call($0), of: "\($0)")) }
            } else {
                items.removeAll()
            }
        case "removeFirst": items.removeFirst(try count(removedFrom: items))
        case "removeLast": items.removeLast(try count(removedFrom: items))
        case "sort":
            let sorted = try items.sorted(by: ordered(items))
            items = sorted
        case "reverse": items.reverse()
        case "popLast": _ = items.popLast()
        default: break
        }
    }

    /// How many `removeFirst(n)` or `removeLast(n)` takes: 1 with no argument.
    private func count(removedFrom items: [Value]) throws -> Int {
        guard values.isEmpty else {
            let count = try position(values[0])
            guard count >= 0, count <= items.count else {
                throw PlaygroundError("cannot \(name)(\(count)): the array has \(items.count) element"
                    + "\(items.count == 1 ? "" : "s")")
            }
            return count
        }
        guard !items.isEmpty else { throw PlaygroundError("cannot \(name)() from an empty array") }
        return 1
    }

    /// Whether `left` comes before `right` by the closure `by:` gives, or by `<`.
    private func ordered(_ items: [Value]) -> (Value, Value) throws -> Bool {
        { left, right in
            if let closure { return try isTrue(try closure.call(left, right), of: "\(left) and \(right)") }
            guard let order = left.compare(to: right) else {
                throw PlaygroundError("cannot order \(Value.array(items)): \(left) and \(right) do not compare; "
                    + "give the order, such as `\(name)(by: { $0.name < $1.name })`")
            }
            return order == .orderedAscending
        }
    }

    private func isTrue(_ value: Value, of what: String) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw PlaygroundError("the closure of `\(name)` must give true or false, not \(value.kindName) \(value)"
                + " (for \(what))")
        }
        return flag
    }

    private func label(_ index: Int) -> String? {
        index < arguments.count ? arguments[index].label : nil
    }

    private func position(_ value: Value) throws -> Int {
        guard case .int(let index) = value else {
            throw PlaygroundError("`\(name)` needs a position (an integer), not \(value.kindName) \(value)")
        }
        return index
    }

    private func argument(_ index: Int) throws -> Value {
        let values = self.values
        guard index < values.count else {
            throw PlaygroundError("`\(name)` takes \(index + 1) argument\(index == 0 ? "" : "s") here")
        }
        return values[index]
    }
}
