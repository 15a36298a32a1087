/// `xs[i] = v`, `counts[word, default: 0] += 1`, `grid[r][c] = v`, `people[0].name = n` on a
/// body's `var`: the variable is given a copy of its value with that element (or field) changed,
/// as Swift's value types change in place. The copy is made level by level from the outside in:
/// `grid[r][c] = v` is `grid[r] = (grid[r] with [c] = v)`.
enum ElementUpdate {
    /// The name of the call that gives a container with one element changed, written so that no
    /// one can type it: `#element(container, key, value)`.
    static let element = "#element"
    /// The call that gives a struct's value with one field changed (an object's property is set
    /// and the object given back): `#field(container, name, value)`.
    static let field = "#field"

    /// The variable an assignment to `place` changes, and the expression of its new whole value;
    /// nil when `place` is not an element or a field of a body's `var`.
    static func update(of place: Expression, to value: Expression) -> (variable: Expression, value: Expression)? {
        switch place {
        case .index(let base, let key):
            return whole(base, .call(element, [base, key, value]))
        case .member(let base, let name):
            return whole(base, .call(field, [base, .literal(.string(name)), value]))
        default:
            return nil
        }
    }

    private static func whole(_ base: Expression, _ changed: Expression) -> (variable: Expression, value: Expression)? {
        if case .variable(let variable) = base { return (variable, changed) }
        return update(of: base, to: changed)
    }

    /// An assignment to an element, or to a field of an element, of an object's property
    /// (`self.users[i].name = n`): the property set (`.set`) to its value with that element changed;
    /// nil when `place` goes through no index (`self.count = 1` is a plain `.set`).
    static func throughObject(_ place: Expression, to value: Expression) -> Expression? {
        switch place {
        case .index(let base, let key):
            return setting(base, to: .call(element, [base, key, value]))
        case .member(let base, let name):
            switch base {
            case .index, .member: return setting(base, to: .call(field, [base, .literal(.string(name)), value]))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `todos[index].isDone.toggle()` in a method: the field of an element of an object's property
    /// (`owner.property`, where `owner` goes through an index) set to `changed`, the property given the
    /// element changed; nil when `owner` goes through no index.
    static func mutatingThroughElement(of owner: Expression, _ property: String, to changed: Expression)
        -> Expression?
    {
        func passesIndex(_ expression: Expression) -> Bool {
            switch expression {
            case .index: return true
            case .member(let base, _): return passesIndex(base)
            default: return false
            }
        }
        guard passesIndex(owner) else { return nil }
        return throughObject(.member(owner, property), to: changed)
    }

    /// `base` given the value `changed`: an object's property is set; an element of one, in turn.
    private static func setting(_ base: Expression, to changed: Expression) -> Expression? {
        switch base {
        case .member(let root, let name):
            switch root {
            case .index, .member: return throughObject(base, to: changed)
            default: return .call(".set", [root, .literal(.string(name)), changed])
            }
        case .index:
            return throughObject(base, to: changed)
        default:
            return nil
        }
    }

    /// The place an assignment writes (`counts[word, default: 0]` writes `counts[word]`).
    static func place(of target: Expression) -> Expression {
        if case .binary(.coalesce, .index(let base, let key), _) = target { return .index(base, key) }
        return target
    }

    /// `container` with the element at `key` set to `value`: an array's by position, a
    /// dictionary's by key (nil removes it).
    static func changing(_ container: Value, at key: Value, to value: Value) throws -> Value {
        switch (container, key) {
        case (.array(var items), .int(let position)):
            guard items.indices.contains(position) else {
                throw PlaygroundError("index \(position) is out of range for \(container) (\(items.count) element"
                    + "\(items.count == 1 ? "" : "s"))")
            }
            items[position] = value
            return .array(items)
        case (.record(var fields), .string(let name)) where fields.kind != .tuple:
            fields[name] = value == .null ? nil : value
            return .record(fields)
        case (.record(var fields), _) where fields.kind == .dictionary && key.isDictionaryKey:
            fields[key: key] = value == .null ? nil : value
            return .record(fields)
        default:
            throw PlaygroundError("cannot set \(container.kindName) \(container) at \(key.kindName) \(key): an array's "
                + "elements are set by position (`xs[0] = VALUE`) and a dictionary's by key (`d[\"key\"] = VALUE`)")
        }
    }

    /// `container` with its field `name` set to `value`; an object has its property set.
    static func changing(_ container: Value, field name: String, to value: Value) throws -> Value {
        switch container {
        case .object(let object):
            guard object.set(name, to: value) else { throw PlaygroundError("\(object.name) has no property `\(name)`") }
            return container
        case .record(var fields) where fields[name] != nil:
            fields[name] = value
            return .record(fields)
        default:
            throw PlaygroundError("\(container.kindName) \(container) has no field `\(name)` to set")
        }
    }
}
