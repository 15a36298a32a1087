/// A publisher's type as Swift code writes it (`Just<Int>`, `AnyPublisher<String, Error>`), read for its
/// Output and Failure: what `types` shows for a closure whose signature names the publisher it returns
/// (`Deferred { () -> Just<Int> in ... }`), as Swift takes the type from the signature.
struct WrittenPublisherType {
    let output: ValueType
    let failure: FailureType

    /// The publishers whose generic arguments are their Output and Failure, in that order.
    private static let outputThenFailure: Set<String> = [
        "AnyPublisher", "Fail", "Empty", "Future", "Record", "PassthroughSubject", "CurrentValueSubject",
    ]

    /// Reads `written`; nil for a type whose Output and Failure its text does not say (`some Publisher`,
    /// `Publishers.Map<Upstream, Int>`), which is then inferred as before.
    init?(_ written: String) {
        guard let (name, arguments) = WrittenType(written).generic else { return nil }
        switch (name, arguments.count) {
        case ("Just", 1):
            (output, failure) = (ValueType(written: arguments[0]), .never)
        case ("Deferred", 1):
            guard let inner = WrittenPublisherType(arguments[0]) else { return nil }
            self = inner
        case ("Publishers.Sequence", 2):
            guard case .array(let element) = ValueType(written: arguments[0]) else { return nil }
            (output, failure) = (element, FailureType(written: arguments[1]))
        case (_, 2) where WrittenPublisherType.outputThenFailure.contains(name):
            (output, failure) = (ValueType(written: arguments[0]), FailureType(written: arguments[1]))
        default:
            return nil
        }
    }
}
