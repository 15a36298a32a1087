import Foundation

/// A type that defines methods for encoding, such as `JSONEncoder`.
public protocol TopLevelEncoder {
    /// The type this encoder produces.
    associatedtype Output
    /// Encodes an instance of the indicated type.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The encoded data.
    /// - Throws: An error when the value cannot be encoded.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// Conduit's additions to `JSONEncoder`, as Combine's.
extension JSONEncoder: TopLevelEncoder {}
/// Conduit's additions to `PropertyListEncoder`, as Combine's.
extension PropertyListEncoder: TopLevelEncoder {}
