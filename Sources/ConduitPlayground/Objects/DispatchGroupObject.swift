import Foundation

/// Dispatch's `DispatchGroup` in the playground: `enter()` and `leave()` count the work still out,
/// and `notify(queue:) { ... }` runs its closure once the count is back to 0, on the queue named
/// (the main queue: after the line, or after the global work that left last; a global queue: on
/// a thread of its own), as Dispatch runs it. `wait()` would block the thread that runs the lines
/// while the work it waits for needs that thread's session, and is refused.
final class DispatchGroupObject: Sendable {
    /// The type's name, as `DispatchGroup()` is written and as the object prints.
    static let typeName = "DispatchGroup"

    /// The work entered and not yet left, and the closures waiting for that to be none.
    private let state = LockedValue((count: 0, waiting: [@Sendable () -> Void]()))
    /// The groups made, by their objects: how `notify` finds the group its receiver is.
    private static let groups = LockedValue<[ObjectIdentifier: WeakGroup]>([:])

    /// `DispatchGroup()`: a new group, as an object with `enter`, `leave` and `wait` (`notify` is read
    /// by the parser, as it takes a closure).
    static func make() -> PlaygroundObject {
        let group = DispatchGroupObject()
        let object = PlaygroundObject(name: "group", typeName: typeName, properties: [])
        object.methods["enter"] = InstalledMethod(parameterCount: 0) { _, _ in
            group.state.withLock { $0.count += 1 }
            return .void
        }
        object.methods["leave"] = InstalledMethod(parameterCount: 0) { _, _ in
            try group.leave()
            return .void
        }
        object.methods["wait"] = InstalledMethod(parameterCount: 0) { _, _ in
            guard group.state.withLock({ $0.count }) == 0 else {
                throw PlaygroundError("`wait()` would block the thread that runs the lines, which the work it "
                    + "waits for needs here: write `group.notify(queue: .main) { ... }`, which runs when it is done")
            }
            return .void
        }
        let key = ObjectIdentifier(object)
        groups.withLock { table in
            table = table.filter { $0.value.group != nil }
            table[key] = WeakGroup(group: group)
        }
        return object
    }

    /// The group an object is, if it is one `make` made.
    static func group(of value: Value) -> DispatchGroupObject? {
        guard case .object(let object) = value, object.typeName == typeName else { return nil }
        return groups.withLock { $0[ObjectIdentifier(object)]?.group }
    }

    /// `leave()`: one piece of work is done; when none is left, what waits is handed over, in order.
    private func leave() throws {
        let ready: [@Sendable () -> Void]? = try state.withLock { state in
            guard state.count > 0 else {
                throw PlaygroundError("`leave()` without an `enter()` to match: a Swift program stops here "
                    + "(\"Unbalanced call to dispatch_group_leave()\")")
            }
            state.count -= 1
            guard state.count == 0 else { return nil }
            defer { state.waiting = [] }
            return state.waiting
        }
        for work in ready ?? [] { work() }
    }

    /// `notify`: `hand` is given `work` (to put on its queue) once no work is out; at once if none is.
    func notify(_ hand: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.count == 0 { return true }
            state.waiting.append(hand)
            return false
        }
        if now { hand() }
    }
}

/// A group as the table of groups holds it: without keeping it.
private struct WeakGroup: Sendable {
    weak var group: DispatchGroupObject?
}
