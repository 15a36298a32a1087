/// What a subject's subscription shows to reflection and playgrounds, as Combine's do: the subject
/// (`parent` and `subject`) and the subscriber while attached, `nil` once cancelled or finished,
/// and the demand outstanding.
extension SubjectConduit: CustomReflectable, CustomPlaygroundDisplayConvertible {
    @usableFromInline
    var customMirror: Mirror {
        let box = RevealedSubscriber()
        let (hub, demand): (SubjectRoster?, Subscribers.Demand) = lock.withLock(owner: self) {
            if isLive { _ = port?(.reveal(box)) }
            return (self.hub, self.demand)
        }
        if self is ObservableObjectConduit {
            return Mirror(self, children: ["downstream": box.subscriber as Any])
        }
        return Mirror(
            self,
            children: [
                "parent": hub as Any, "downstream": box.subscriber as Any, "demand": demand, "subject": hub as Any,
            ]
        )
    }

    @usableFromInline
    var playgroundDescription: Any { description }
}

/// A subject's hub describes itself by the subject's name, as the subject shows in reflection.
extension SubjectHub: CustomStringConvertible {
    @usableFromInline
    var description: String { name }
}
