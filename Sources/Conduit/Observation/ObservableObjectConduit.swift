/// The subscription `ObservableObjectPublisher` hands each subscriber: a subject's conduit that
/// delivers every change notification whatever the demand, as Combine's does (a notification
/// carries nothing to hold back, and an object's observers must not miss one).
final class ObservableObjectConduit: SubjectConduit<Void, Never>, @unchecked Sendable {
    override init(hub: SubjectHub<Void, Never>, port: @escaping (SubjectEvent<Void, Never>) -> Subscribers.Demand) {
        super.init(hub: hub, port: port)
        demand = .unlimited
    }

    override var description: String { "ObservableObjectPublisher" }
}
