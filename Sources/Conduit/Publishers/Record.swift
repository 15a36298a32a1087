/// A publisher that allows for recording a series of inputs and a completion, for later playback
/// to each subscriber.
public struct Record<Output, Failure: Error>: Publisher {
    /// The recorded output and completion.
    public let recording: Recording

    /// Creates a publisher to interactively record a series of outputs and a completion.
    ///
    /// - Parameter record: A closure that receives an empty recording and fills it.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// Creates a record publisher from an existing recording.
    ///
    /// - Parameter recording: The outputs and completion to replay.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Creates a record publisher to publish the provided series of outputs, followed by the completion.
    ///
    /// - Parameters:
    ///   - output: The elements to send, in order.
    ///   - completion: The completion to send after them.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        self.recording = Recording(output: output, completion: completion)
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SequenceSubscription(
            downstream: subscriber,
            name: "Record",
            elements: recording.output,
            completion: recording.completion
        ).start()
    }

    /// A recorded sequence of outputs, followed by a completion value.
    public struct Recording {
        /// The type of the recorded elements, as a subscriber names them.
        public typealias Input = Output

        /// The output which will be sent to a `Subscriber`.
        public private(set) var output: [Output]
        /// The completion which will be sent to a `Subscriber`.
        public private(set) var completion: Subscribers.Completion<Failure>
        private var isComplete = false

        /// Sets up a recording in a state ready to receive output.
        public init() {
            output = []
            completion = .finished
        }

        /// Sets up a complete recording with the specified output and completion.
        ///
        /// - Parameters:
        ///   - output: The elements, in order.
        ///   - completion: The completion after them.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            self.isComplete = true
        }

        /// Adds an output to the recording; it is an error to add one after the completion.
        ///
        /// - Parameter input: The output to add.
        public mutating func receive(_ input: Output) {
            guard !isComplete else { return APIViolation.report(.valueAfterCompletion) }
            output.append(input)
        }

        /// Adds a completion event to the recording; only one may be added.
        ///
        /// - Parameter completion: The completion to add.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            guard !isComplete else { return APIViolation.report(.secondCompletion) }
            self.completion = completion
            isComplete = true
        }
    }
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case output
        case completion
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion)
        )
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }

    /// Encodes the recording's output and completion into `encoder` (Combine's name for `encode(to:)`).
    ///
    /// - Parameter encoder: The encoder to write into.
    /// - Throws: The error the encoder throws.
    public func encode(into encoder: Encoder) throws {
        try encode(to: encoder)
    }
}

/// A record is coded as `{"recording": {"output": [...], "completion": {...}}}`, as in Combine.
extension Record: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case recording
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recording: try container.decode(Recording.self, forKey: .recording))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recording, forKey: .recording)
    }
}
