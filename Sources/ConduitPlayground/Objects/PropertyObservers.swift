/// The observers of a property declared in a class (`var songs = [] { willSet { objectWillChange.send() } }`),
/// which Swift runs around each write: `willSet` before the value is stored, with the new value
/// (`newValue`, or the name in `willSet(next)`), and `didSet` after, with the old one (`oldValue`).
/// Each body runs with the object as `$0` (`self`, and the class's members by name) and that value as `$1`.
struct PropertyObservers {
    var willSetBody: Expression?
    var didSetBody: Expression?

    var isEmpty: Bool { willSetBody == nil && didSetBody == nil }

    /// How the `class` line lists them: `willSet, didSet`.
    var summary: String {
        [willSetBody.map { _ in "willSet" }, didSetBody.map { _ in "didSet" }].compactMap { $0 }.joined(separator: ", ")
    }
}

/// A property's observers as they run: each is told the object and the new value (`willSet`) or
/// the old one (`didSet`).
struct InstalledObservers {
    let willSet: ((PlaygroundObject, Value) -> Void)?
    let didSet: ((PlaygroundObject, Value) -> Void)?
}
