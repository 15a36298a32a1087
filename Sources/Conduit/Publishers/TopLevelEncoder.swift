import Foundation

/// A type that defines methods for encoding, such as `JSONEncoder`.
public protocol TopLevelEncoder {
    /// The type this encoder produces.
    associatedtype Output
    /// Encodes an instance of the indicated type.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// Conduit's additions to `JSONEncoder`, as Combine's.
extension JSONEncoder: TopLevelEncoder {}
/// Conduit's additions to `PropertyListEncoder`, as Combine's.
extension PropertyListEncoder: TopLevelEncoder {}
