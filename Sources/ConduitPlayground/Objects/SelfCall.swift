/// A function's call of itself (`func fact(_ n: Int) -> Int { n <= 1 ? 1 : n * fact(n - 1) }`):
/// the body's names are resolved before the function exists, so the call finds the function here,
/// given once it is made. Calls nest at most `maximumDepth` deep: past that the call is refused
/// with a message, where Swift would overflow its stack.
final class SelfCall: Sendable {
    private let function = LockedValue<UserFunction?>(nil)

    /// How deeply the functions running on this thread (or task) have called themselves.
    @TaskLocal private static var depth = 0

    /// The deepest a function may call itself.
    static let maximumDepth = 200

    /// Gives the call its function, once it is declared.
    func bind(to declared: UserFunction) {
        function.withLock { $0 = declared }
    }

    /// Calls the function with `arguments`, one level deeper.
    func call(_ arguments: [Value]) throws -> Value {
        guard let declared = function.withLock({ $0 }) else {
            throw PlaygroundError("a function was called before its declaration finished")
        }
        guard SelfCall.depth < SelfCall.maximumDepth else {
            throw PlaygroundError("`\(declared.name)` called itself \(SelfCall.maximumDepth) levels deep: it stopped "
                + "there, as Swift would run out of stack; check the case that ends the recursion")
        }
        return try SelfCall.$depth.withValue(SelfCall.depth + 1) { try declared.call(arguments) }
    }
}
