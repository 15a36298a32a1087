import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Conduit's additions to `URLSession`, as Combine's.
extension URLSession {
    /// Returns a publisher that wraps a URL session data task for a given URL.
    ///
    /// ```swift
    /// let page = URL(string: "https://example.com")!
    /// let cancellable = URLSession.shared.dataTaskPublisher(for: page)
    ///     .map(\.data.count)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // Prints the page's size in bytes, then "finished" (or "failure(...)" with the URLError).
    /// ```
    ///
    /// - Parameter url: The URL to load.
    /// - Returns: A publisher that sends the data and response once, then finishes, or fails with a `URLError`.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// Returns a publisher that wraps a URL session data task for a given URL request.
    ///
    /// ```swift
    /// let page = URL(string: "https://example.com")!
    /// let cancellable = URLSession.shared.dataTaskPublisher(for: URLRequest(url: page))
    ///     .map(\.data.count)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // Prints the page's size in bytes, then "finished" (or "failure(...)" with the URLError).
    /// ```
    ///
    /// - Parameter request: The request to perform.
    /// - Returns: A publisher that sends the data and response once, then finishes, or fails with a `URLError`.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A publisher that delivers the results of performing URL session data tasks: one
    /// `(data, response)` value then finished, or a `URLError`.
    ///
    /// As in Combine, an HTTP error status is still a value (inspect `response`); the task starts
    /// on the first demand, each subscription runs its own task, and cancelling cancels it.
    public struct DataTaskPublisher: Publisher, Sendable {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError

        /// The URL request performed by the data task associated with this publisher.
        public let request: URLRequest
        /// The URL session that performs the data task associated with this publisher.
        public let session: URLSession

        /// Creates a `URLSession.DataTaskPublisher` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - request: The request the data task makes.
        ///   - session: The session that makes the data task.
        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(subscription: DataTaskSubscription(downstream: subscriber, request: request,
                session: session))
        }
    }
}

/// The subscription of `dataTaskPublisher(for:)`: idle until the first demand, then one data task
/// whose completion handler delivers the value and the completion (or the failure).
private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    private let lock = Lock()
    private var downstream: Downstream?
    private var request: URLRequest?
    private var session: URLSession?
    private var task: URLSessionDataTask?

    init(downstream: Downstream, request: URLRequest, session: URLSession) {
        self.downstream = downstream
        self.request = request
        self.session = session
    }

    var description: String { "DataTaskPublisher" }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let start: (URLRequest, URLSession)? = lock.withLock {
            guard downstream != nil, let request, let session else { return nil }
            self.request = nil
            self.session = nil
            return (request, session)
        }
        guard let (request, session) = start else { return }
        let handler = CompletionHandler(finish)
        let task = session.dataTask(with: request) { data, response, error in
            handler.run(data, response, error)
        }
        let cancelled: Bool = lock.withLock {
            guard downstream != nil else { return true }
            self.task = task
            return false
        }
        if cancelled { return }
        task.resume()
    }

    private func finish(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
        let target: Downstream? = lock.withLock {
            defer {
                downstream = nil
                task = nil
            }
            return downstream
        }
        guard let target else { return }
        if let error {
            target.receive(completion: .failure(error as? URLError ?? URLError(.unknown,
                userInfo: [NSUnderlyingErrorKey: error])))
        } else if let response {
            _ = target.receive((data: data ?? Data(), response: response))
            target.receive(completion: .finished)
        } else {
            target.receive(completion: .failure(URLError(.badServerResponse)))
        }
    }

    func cancel() {
        let task: URLSessionDataTask? = lock.withLock {
            defer {
                downstream = nil
                request = nil
                session = nil
                self.task = nil
            }
            return self.task
        }
        task?.cancel()
    }
}

/// Hands the subscription's completion handler to URLSession's thread without capturing the
/// subscriber's (generic, non-`Sendable`) type; the subscription itself is thread-safe.
private struct CompletionHandler: @unchecked Sendable {
    let run: (Data?, URLResponse?, Error?) -> Void

    init(_ run: @escaping (Data?, URLResponse?, Error?) -> Void) {
        self.run = run
    }
}
