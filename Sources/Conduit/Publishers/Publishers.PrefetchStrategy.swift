extension Publishers {
    /// A strategy for filling a buffer.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// A strategy to fill the buffer at subscription time, and keep it full thereafter.
        ///
        /// It asks the upstream for `size` elements when the subscriber connects, then for one
        /// more each time an element leaves the buffer.
        case keepFull
        /// A strategy that avoids prefetching and instead performs requests on demand: it just
        /// forwards the downstream's requests to the upstream publisher.
        case byRequest
    }
}
