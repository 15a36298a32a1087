extension Publisher {
    /// Replaces nil elements in the stream with the provided element.
    ///
    /// ```swift
    /// let cancellable = [1, nil, 3].publisher
    ///     .replaceNil(with: 0)
    ///     .sink { print($0) }
    /// // Prints "1", "0", "3".
    /// ```
    ///
    /// - Parameter output: The element to send in place of each `nil`.
    /// - Returns: A publisher that republishes each element, with `output` in place of `nil`.
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}
