import Conduit

/// A mirror's children as "label=value" texts, for tests of what operators show to reflection.
func mirrorText(_ mirror: Mirror?) -> [String]? {
    mirror?.children.map { "\($0.label ?? "?")=\(String(describing: $0.value))" }
}

/// The labels of a mirror's children.
func mirrorLabels(_ mirror: Mirror?) -> [String]? {
    mirror?.children.map { $0.label ?? "?" }
}
