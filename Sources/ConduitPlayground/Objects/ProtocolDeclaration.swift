/// A protocol declared in the session (`protocol ColorPickerDelegate: AnyObject { func colorPicker(...) }`):
/// its name and what a conforming class or struct must have. Calls are resolved by name when they run,
/// so a protocol serves to check conformance (`class VC: ColorPickerDelegate`) and to name a type.
struct ProtocolDeclaration {
    /// One requirement: a method (`func colorPicker(_:didSelect:)`) or a property (`var name`).
    struct Requirement {
        let name: String
        let isMethod: Bool
        /// As `protocol` lists it: `func colorPicker(_:didSelect:)`, `var name`.
        let summary: String
    }

    let name: String
    let requirements: [Requirement]
    /// What `extension NAME { ... }` gives every type that conforms: methods and computed properties
    /// each adopter has unless it declares its own of that name.
    var defaultProperties: [PropertyDeclaration] = []
    var defaultMethods: [MethodDeclaration] = []

    /// The names of its requirements and its defaults, which a default's body names without `self.`.
    var memberNames: Set<String> {
        Set(requirements.map(\.name) + defaultProperties.map(\.name.display) + defaultMethods.map(\.name.display))
    }

    /// Combine's protocols, which the session has and may not declare again.
    static let combines: Set<String> = [
        "ObservableObject", "Publisher", "Subscriber", "Subscription", "Cancellable", "Scheduler", "Subject",
        "ConnectablePublisher",
    ]

    /// The requirements `type` lacks, given the names of its methods and properties.
    func missing(methods: Set<String>, properties: Set<String>) -> [Requirement] {
        requirements.filter { !($0.isMethod ? methods : properties.union(methods)).contains($0.name) }
    }
}
