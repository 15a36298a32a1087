/// The names of Apple's interface frameworks (SwiftUI, UIKit, PlaygroundSupport), which Linux does
/// not have: code pasted from an article about SwiftUI names them, and each is refused with one
/// message at the first such name, saying what is missing, instead of a cascade of unrelated errors.
enum AppleOnlyFrameworks {
    /// SwiftUI's types that the seed articles and slides use. `Binding` is not here: the
    /// playground has its own.
    static let swiftUITypes: Set<String> = [
        "View", "App", "Scene", "WindowGroup", "PreviewProvider", "Text", "Button", "HStack", "VStack",
        "ZStack", "Spacer", "Toggle", "TextField", "Stepper", "Slider", "List", "ForEach", "Form",
        "Group", "Section", "NavigationView", "NavigationStack", "NavigationLink", "EmptyView", "Image",
        "Color", "Alert", "RoundedBorderTextFieldStyle", "DynamicProperty", "EnvironmentValues",
    ]

    /// SwiftUI's property wrappers, written as attributes (`@State var isOn = false`). `@Binding` is
    /// here: the playground's `Binding` is a value (`$object.property`), not an attribute.
    static let swiftUIAttributes: Set<String> = [
        "State", "ObservedObject", "StateObject", "EnvironmentObject", "Environment", "AppStorage",
        "SceneStorage", "FocusState", "Bindable", "Binding",
    ]

    /// Names that SwiftUI's 2019 betas had and later renamed: the message gives today's name.
    static let betaNames: [String: String] = [
        "BindableObject": "ObservableObject", "ObjectBinding": "ObservedObject",
    ]

    /// The message for `name` used as a type, a value or an attribute, or nil when it is not a name
    /// of these frameworks.
    static func message(for name: String, asAttribute: Bool) -> String? {
        if let renamed = betaNames[name] {
            return "`\(asAttribute ? "@" : "")\(name)` is the name SwiftUI's 2019 betas gave to "
                + "`\(asAttribute ? "@" : "")\(renamed)`; write `\(asAttribute ? "@" : "")\(renamed)`"
                + (asAttribute ? ", and note that SwiftUI is not on Linux" : "")
        }
        if asAttribute ? swiftUIAttributes.contains(name) : swiftUITypes.contains(name) {
            return "`\(asAttribute ? "@" : "")\(name)` is SwiftUI's, and SwiftUI is not on Linux: the playground "
                + "shows no views; the Combine part (`ObservableObject`, `@Published`, publishers) runs here"
        }
        guard !asAttribute else { return nil }
        if isUIKitName(name) {
            return "`\(name)` is UIKit's, and UIKit is not on Linux: the playground has no views or controls; "
                + "model them with a class and a subject (`let taps = PassthroughSubject<String, Never>()`)"
        }
        if name == "URLSession" {
            return "`URLSession` reaches the network, which the playground does not: fake the service with a "
                + "function that returns a publisher (`func fetch(id) = Just(\"data\").delay(for: 1s)`), "
                + "or a `Future`; on Linux, URLSession is in FoundationNetworking"
        }
        if name == "PlaygroundPage" {
            return "`PlaygroundPage` is Xcode's PlaygroundSupport, which is not on Linux: the playground "
                + "prints what a live view would show"
        }
        return nil
    }

    /// Whether `text` may name one of these frameworks: a cheap look at its capitalised ASCII
    /// words, so that only such statements are parsed.
    static func mayMention(_ text: String) -> Bool {
        let utf8 = text.utf8
        var wordStart = -1
        var position = 0
        // Only a word that starts with a capital is looked up (and only then made a String).
        func isCandidate(endingAt end: Int) -> Bool {
            guard wordStart >= 0 else { return false }
            let word = utf8.dropFirst(wordStart).prefix(end - wordStart)
            guard let first = word.first, first >= 0x41, first <= 0x5A else { return false }
            let name = String(decoding: word, as: UTF8.self)
            return swiftUITypes.contains(name) || swiftUIAttributes.contains(name) || betaNames[name] != nil
                || isUIKitName(name) || name == "PlaygroundPage" || name == "URLSession"
        }
        for byte in utf8 {
            let isWordByte = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            if isWordByte {
                if wordStart < 0 { wordStart = position }
            } else if wordStart >= 0 {
                if isCandidate(endingAt: position) { return true }
                wordStart = -1
            }
            position += 1
        }
        return isCandidate(endingAt: position)
    }

    /// `UIView`, `UIApplication`, `UIHostingController`: UIKit's prefix and a capital.
    private static func isUIKitName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(3))
        return scalars.count == 3 && scalars[0] == "U" && scalars[1] == "I"
            && ("A"..."Z").contains(scalars[2])
    }
}
