/// A protocol that declares a type that can receive input from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The kind of values this subscriber receives.
    associatedtype Input
    /// The kind of errors this subscriber might receive.
    associatedtype Failure: Error

    /// Tells the subscriber that it has successfully subscribed to the publisher and may request items.
    ///
    /// - Parameter subscription: The subscription through which the subscriber asks for values and cancels.
    func receive(subscription: Subscription)
    /// Tells the subscriber that the publisher has produced an element; returns additional demand.
    ///
    /// - Parameter input: The element.
    /// - Returns: How many more elements the subscriber wants, added to what it asked for before.
    func receive(_ input: Input) -> Subscribers.Demand
    /// Tells the subscriber that the publisher has completed publishing, normally or with an error.
    ///
    /// - Parameter completion: `.finished`, or `.failure` with the error.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Tells the subscriber that a publisher of void elements is ready to receive further requests.
    ///
    /// - Returns: How many more elements the subscriber wants.
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}
