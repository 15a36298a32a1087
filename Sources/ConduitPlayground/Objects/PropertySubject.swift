/// A subject a class's property holds, made anew for each instance, as a Swift class declares its own:
/// `let objectWillChange = PassthroughSubject<Void, Never>()`, `var didChange = PassthroughSubject<Void, Never>()`,
/// or `let objectWillChange = ObservableObjectPublisher()` (the one `@Published` properties announce on).
enum PropertySubject {
    case subject(SwiftSubject)
    case observableObjectPublisher

    /// The engine type, for the `class` line and messages.
    var typeName: String {
        switch self {
        case .subject(.passthrough): return "PassthroughSubject"
        case .subject(.current): return "CurrentValueSubject"
        case .observableObjectPublisher: return "ObservableObjectPublisher"
        }
    }
}
