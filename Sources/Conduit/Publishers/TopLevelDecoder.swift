import Foundation

/// A type that defines methods for decoding, such as `JSONDecoder`.
public protocol TopLevelDecoder {
    /// The type this decoder accepts.
    associatedtype Input
    /// Decodes an instance of the indicated type.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - from: The encoded data.
    /// - Returns: The decoded value.
    /// - Throws: An error when the data does not hold a `type`.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// Conduit's additions to `JSONDecoder`, as Combine's.
extension JSONDecoder: TopLevelDecoder {}
/// Conduit's additions to `PropertyListDecoder`, as Combine's.
extension PropertyListDecoder: TopLevelDecoder {}
