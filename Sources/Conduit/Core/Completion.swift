extension Subscribers {
    /// A signal that a publisher doesn't produce additional elements, either due to normal
    /// completion or an error.
    @frozen
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped publishing due to the indicated error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
    /// Maps the failure, keeping `.finished` as it is; used by error-transforming operators.
    @inlinable
    internal func mapFailure<NewFailure: Error>(
        _ transform: (Failure) -> NewFailure
    ) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(transform(error))
        }
    }

    /// Erases the failure to `any Error`, for operators whose closures may throw.
    @inlinable
    internal var eraseError: Subscribers.Completion<Error> {
        mapFailure { $0 as Error }
    }
}

/// The keys of a coded completion: whether it succeeded, and the error if not.
private enum CompletionCodingKeys: String, CodingKey {
    case success
    case error
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CompletionCodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CompletionCodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}
