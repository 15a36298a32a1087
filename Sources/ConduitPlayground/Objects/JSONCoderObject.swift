import Foundation

/// Foundation's `JSONEncoder` and `JSONDecoder` in the playground, as workshop code uses them to fake
/// a network service: `try JSONDecoder().decode([Post].self, from: data)` and
/// `try JSONEncoder().encode(post)`. Each object holds a real Foundation coder, so the JSON text, its
/// settings (`outputFormatting`, `keyDecodingStrategy`) and its errors are Foundation's; the playground
/// carries values to it and reads the JSON into the type named (`JSONTypedValue`).
enum JSONCoderObject {
    static let encoderTypeName = "JSONEncoder"
    static let decoderTypeName = "JSONDecoder"

    static let typeNames: Set<String> = [encoderTypeName, decoderTypeName]

    /// The type a coder's method gives, as Swift types it: `decode(Post.self, from:)` a `Post`,
    /// `encode(_:)` `Data`.
    static func resultType(of call: OperatorCall) -> ValueType {
        guard call.name == "decode" else { return call.name == "encode" ? .named(Value.dataType) : .value }
        return call.arguments.first?.typeWritten.map(ValueType.init(written:)) ?? .value
    }

    /// `JSONEncoder()`: an encoder whose `encode(value)` gives the value's JSON as `Data`.
    static func encoder() -> PlaygroundObject {
        let encoder = LockedValue(JSONEncoder())
        let object = PlaygroundObject(
            name: "encoder", typeName: encoderTypeName,
            properties: [
                (name: "outputFormatting", isPublished: false, value: Value.array([])),
                (name: "keyEncodingStrategy", isPublished: false, value: Value.string("useDefaultKeys")),
            ])
        object.computed["outputFormatting"] = InstalledComputedProperty(
            get: { _ in .array(formattingNames(encoder.withLock { $0.outputFormatting }).map(Value.string)) },
            set: { _, value in encoder.withLock { $0.outputFormatting = formatting(value) } })
        object.computed["keyEncodingStrategy"] = keyStrategy(
            "convertToSnakeCase",
            isOn: { encoder.withLock { if case .convertToSnakeCase = $0.keyEncodingStrategy { true } else { false } } },
            set: { on in encoder.withLock { $0.keyEncodingStrategy = on ? .convertToSnakeCase : .useDefaultKeys } })
        object.methods["encode"] = InstalledMethod(parameterCount: 1) { _, arguments in
            do {
                let settings = encoder.withLock { ($0.outputFormatting, $0.keyEncodingStrategy) }
                let snakeCase: Bool
                if case .convertToSnakeCase = settings.1 { snakeCase = true } else { snakeCase = false }
                return .data(try JSONText(formatting: settings.0, snakeCaseKeys: snakeCase).data(of: arguments[0]))
            } catch {
                throw PlaygroundError.thrown("cannot encode \(arguments[0]): \(error)")
            }
        }
        return object
    }

    /// `JSONDecoder()`: a decoder whose `decode(TYPE.self, from: data)` reads JSON into a value of TYPE,
    /// or throws as Swift's does (a `try` is needed, and `catch` sees the reason).
    static func decoder(types: JSONTypedValue) -> PlaygroundObject {
        let decoder = LockedValue(JSONDecoder())
        let object = PlaygroundObject(
            name: "decoder", typeName: decoderTypeName,
            properties: [(name: "keyDecodingStrategy", isPublished: false, value: Value.string("useDefaultKeys"))])
        object.computed["keyDecodingStrategy"] = keyStrategy(
            "convertFromSnakeCase",
            isOn: {
                decoder.withLock { if case .convertFromSnakeCase = $0.keyDecodingStrategy { true } else { false } }
            },
            set: { on in decoder.withLock { $0.keyDecodingStrategy = on ? .convertFromSnakeCase : .useDefaultKeys } })
        object.methods["decode"] = InstalledMethod(parameterCount: 2) { _, arguments in
            guard let typeName = arguments[0].metatypeName else {
                throw PlaygroundError("decode takes the type to read first: `decode(Post.self, from: data)`, "
                    + "not \(arguments[0].kindName) \(arguments[0])")
            }
            let bytes: Data
            if let data = arguments[1].dataBytes {
                bytes = data
            } else if case .string(let text) = arguments[1] {
                bytes = Data(text.utf8)
            } else {
                throw PlaygroundError("decode reads Data (`json.data(using: .utf8)!`), not "
                    + "\(arguments[1].kindName) \(arguments[1])")
            }
            let json: Value
            do {
                json = try decoder.withLock { try $0.decode(Value.self, from: bytes) }
            } catch {
                throw PlaygroundError.thrown("DecodingError.dataCorrupted: Data was corrupted. "
                    + "Debug description: The given data was not valid JSON.")
            }
            do {
                return try types.value(json, as: ValueType(written: typeName))
            } catch let error as PlaygroundError {
                throw PlaygroundError.thrown(error.message)
            }
        }
        return object
    }

    /// Whether `syntax` calls a coder made where it is written, `JSONDecoder().decode(Post.self, from: data)`:
    /// the coder's method, not the `decode` operator of a publisher.
    static func isCalled(in syntax: PipelineSyntax) -> Bool {
        guard case .expression(.namedCall(let name, let arguments, _)) = syntax.source, arguments.isEmpty,
            let method = syntax.operators.first?.name, syntax.operators.count == 1
        else { return false }
        return name == decoderTypeName && method == "decode" || name == encoderTypeName && method == "encode"
    }

    /// A coder's key strategy as a property: `.useDefaultKeys`, or the one other case the playground
    /// carries to Foundation (`special`, a snake-case conversion).
    private static func keyStrategy(_ special: String, isOn: @escaping () -> Bool, set: @escaping (Bool) -> Void)
        -> InstalledComputedProperty
    {
        InstalledComputedProperty(
            get: { _ in .string(isOn() ? special : "useDefaultKeys") },
            set: { _, value in set(caseName(value) == special) })
    }

    private static func caseName(_ value: Value) -> String? {
        value.enumCaseName ?? { if case .string(let name) = value { name } else { nil } }()
    }

    private static let formattings: [(String, JSONEncoder.OutputFormatting)] = [
        ("prettyPrinted", .prettyPrinted), ("sortedKeys", .sortedKeys),
        ("withoutEscapingSlashes", .withoutEscapingSlashes),
    ]

    /// `.prettyPrinted` or `[.prettyPrinted, .sortedKeys]` as Foundation's option set.
    private static func formatting(_ value: Value) -> JSONEncoder.OutputFormatting {
        let names: [String]
        if case .array(let items) = value {
            names = items.compactMap(caseName)
        } else {
            names = caseName(value).map { [$0] } ?? []
        }
        var options: JSONEncoder.OutputFormatting = []
        for (name, option) in formattings where names.contains(name) { options.insert(option) }
        return options
    }

    private static func formattingNames(_ options: JSONEncoder.OutputFormatting) -> [String] {
        formattings.filter { options.contains($0.1) }.map(\.0)
    }
}
