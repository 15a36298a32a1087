/// The failure type of every playground pipeline: a message a person can read.
///
/// It comes from `fail NAME "message"`, from `fail("why")` sources, and from closures that fail at
/// run time (a missing member, a division by zero), which fail their pipeline as a throwing
/// operator would.
public struct PlaygroundError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, as the person reads it.
    public let message: String
    /// Whether Swift code threw it (`throw BadInput()`), which a `do`/`catch` catches, rather than
    /// the playground reporting a mistake or a trap (a division by zero stops a Swift program).
    var isThrown = false
    /// The Swift value of an error written as one (`E.bad`, `BadInput()`): what `catch` and a
    /// completion's `.failure(let error)` bind, so that `print(error)` prints `bad` as Swift does,
    /// while the message stays as it was written (`E.bad`). Nil for a message.
    var thrownValue: Value?
    /// What the error's type's `description` (`CustomStringConvertible`) gave when the error was made (`(code 6)`),
    /// which Swift shows for the error; nil where the type declares none or the error is a message.
    var describedAs: String?

    /// Creates an error.
    ///
    /// - Parameter message: The message, as the person reads it.
    public init(_ message: String) {
        self.message = message
    }

    /// The error as Swift shows it (`"\(error)"`, and so the print operator's `receive error: (...)` line): its
    /// type's `description`, else its value as Swift prints it (`offline`, `PlainError(code: 3)`), else its message.
    public var description: String { describedAs ?? thrownValue.map(Functions.text) ?? message }

    /// An error Swift code throws (a `JSONDecoder`'s), which `do`/`catch` and `try?` see, as
    /// `throw` makes one.
    static func thrown(_ message: String) -> PlaygroundError {
        var error = PlaygroundError(message)
        error.isThrown = true
        return error
    }

    /// The error as Swift code sees it (`catch`, `.failure(let e)`, `mapError { $0 }`): its Swift value,
    /// else its message as text.
    var value: Value { thrownValue ?? .string(message) }

    /// The error a Swift value stands for (what `mapError`'s closure gives): a case named as it prints
    /// inside another value (`APIError.unknown`), a message as its text; a case or a struct's value is
    /// kept as its value.
    static func carrying(_ value: Value) -> PlaygroundError {
        var error = PlaygroundError(value.enumCaseName != nil ? value.nestedDescription : Functions.text(value))
        if value.isRecord { error.thrownValue = value }
        return error
    }

    /// Wraps any error as a playground error, keeping a playground error as it is.
    static func from(_ error: Error) -> PlaygroundError {
        (error as? PlaygroundError) ?? PlaygroundError(String(describing: error))
    }
}
