import Foundation
import XCTest

@testable import ConduitPlayground

/// Every Swift code block of the five seed documents (issue 28), pasted verbatim into a fresh
/// session: it runs, or it is refused with exactly one error at the construct the playground lacks
/// (SwiftUI, UIKit, the Objective-C runtime ...), or, being a piece of a larger program, with one
/// error at the name or brace it lacks. docs/seed-code.md is this table; the test keeps it current.
final class SeedCodePasteTests: XCTestCase {
    /// What a block's paste is expected to do.
    enum Expected {
        /// No error record.
        case runs
        /// One error, whose text holds this: the construct Linux or the playground lacks.
        case refused(String)
        /// One error, whose text holds this: the block is a piece of a program (it uses a name the
        /// article declares elsewhere, leaves a brace open, elides with `…`), so swiftc refuses it
        /// alone too.
        case piece(String)
    }

    static let swiftUI = "is SwiftUI's, and SwiftUI is not on Linux"
    static let uiKit = "is UIKit's, and UIKit is not on Linux"
    static let objectiveC = "needs the Objective-C runtime, which Linux does not have"
    static let notFound = "in scope: nothing of that name is declared in this session"
    static let beta = "is the name SwiftUI's 2019 betas gave to"
    static let unclosed = "is never closed (the input ends here)"
    static let leadingDot = "a line starting with `.` continues the statement before it, and there is none"
    static let elided = "unexpected character `…`"

    /// The accepted outcome of each block, by name (SEED-NN).
    static let expected: [String: Expected] = [
        "000-01": .piece("cannot find `colorName` " + notFound),
        "000-02": .refused("`override` belongs to a method of a subclass"),
        "000-03": .piece("unknown function `ViewController`"),
        "000-04": .refused("`UIApplication` " + uiKit),
        "000-05": .piece("cannot find `app` " + notFound),
        "000-06": .piece("cannot find `window` " + notFound),
        "000-07": .piece("cannot find `Default` " + notFound),
        "000-08": .refused("`@IBAction` " + objectiveC),
        "000-09": .refused("`override` belongs to a method of a subclass"),
        "000-10": .piece("cannot find `Self` " + notFound),
        "000-11": .runs,
        "000-12": .runs,
        "000-13": .refused("`@objc` " + objectiveC),
        "000-14": .refused("`#selector` " + objectiveC),
        "000-15": .refused("`@objc` " + objectiveC),
        "000-16": .piece("cannot find type 'Card' in scope: a cast names a type the session declared"),
        "000-17": .piece("cannot find `cardTappedCardNamePublisher` " + notFound),
        "000-18": .refused("`#selector` " + objectiveC),
        "000-19": .refused("`@IBOutlet` " + objectiveC),
        "000-20": .piece("cannot find `mySwitch` " + notFound),
        "000-21": .piece("cannot find `cardTappedCardNamePublisher` " + notFound),
        "000-22": .piece("cannot find `cardTappedCardNamePublisher` " + notFound),
        "000-23": .piece("cannot find `cardTappedCardNamePublisher` " + notFound),
        "000-24": .piece("cannot find `cardTappedCardNamePublisher` " + notFound),
        "000-25": .refused("`View` " + swiftUI),
        "000-26": .refused("`View` " + swiftUI),
        "000-27": .refused("`HStack` " + swiftUI),
        "000-28": .refused("`View` " + swiftUI),
        "000-29": .refused("`View` " + swiftUI),
        "000-30": .refused("`View` " + swiftUI),
        "000-31": .refused("`@State` " + swiftUI),
        "000-32": .refused("`@Binding` " + swiftUI),
        "000-33": .refused("`Button` " + swiftUI),
        "000-34": .refused("`TextField` " + swiftUI),
        "000-35": .runs,
        "000-36": .refused("`@ObservedObject` " + swiftUI),
        "000-37": .refused("`Text` " + swiftUI),
        "000-38": .refused("`Button` " + swiftUI),
        "000-39": .refused("`@Environment` " + swiftUI),
        "000-40": .refused("`UIHostingController` " + uiKit),
        "000-41": .refused("`@EnvironmentObject` " + swiftUI),
        "001-01": .runs,
        "001-02": .refused("the playground does not read the generic type `Property<...>`"),
        "001-03": .runs,
        "001-04": .runs,
        "001-05": .refused("declaring a property wrapper (`@propertyWrapper`) is not part of the playground"),
        "001-06": .piece("cannot find `player` " + notFound),
        "001-07": .piece("unknown function `Player`"),
        "001-08": .refused("`UIView` " + uiKit),
        "001-09": .refused("`View` " + swiftUI),
        "001-10": .refused("`ObservableObject` is Combine's protocol, which the playground has"),
        "001-11": .runs,
        "001-12": .refused("declaring a property wrapper (`@propertyWrapper`) is not part of the playground"),
        "001-13": .refused("`extension ObservedObject`: the playground extends the classes, structs, enums"),
        "001-14": .refused("`View` " + swiftUI),
        "001-15": .refused("`View` " + swiftUI),
        "001-16": .refused("declaring a property wrapper (`@propertyWrapper`) is not part of the playground"),
        "001-17": .refused("`View` " + swiftUI),
        "001-18": .refused("`View` " + swiftUI),
        "001-19": .refused("`View` " + swiftUI),
        "001-20": .refused("`View` " + swiftUI),
        "001-21": .refused("`View` " + swiftUI),
        "001-22": .refused("an `init` belongs inside a type"),
        "001-23": .refused("`@Environment` " + swiftUI),
        "001-24": .refused("`PreviewProvider` " + swiftUI),
        "002-01": .refused("`View` " + swiftUI),
        "002-02": .refused("`View` " + swiftUI),
        "002-03": .refused("`View` " + swiftUI),
        "002-04": .piece(elided),
        "002-05": .piece(elided),
        "002-06": .piece(elided),
        "002-07": .refused("a trailing closure after `EditStandupModel(...)` is not read here"),
        "002-08": .refused("`@main` marks an app's entry point"),
        "002-09": .piece(elided),
        "002-10": .refused("Swift's Array has no `remove { ... }`"),
        "002-11": .piece(elided),
        "002-12": .piece(elided),
        "003-01": .refused("`View` " + swiftUI),
        "003-02": .refused("`View` " + swiftUI),
        "003-03": .refused("`View` " + swiftUI),
        "003-04": .refused("`View` " + swiftUI),
        "003-05": .refused("`View` " + swiftUI),
        "003-06": .refused("`View` " + swiftUI),
        "003-07": .refused("`View` " + swiftUI),
        "003-08": .piece(leadingDot),
        "003-09": .piece("`{` " + unclosed),
        "003-10": .piece(leadingDot),
        "003-11": .refused("`@State` " + swiftUI),
        "003-12": .piece("cannot find `count` " + notFound),
        "003-13": .refused("`Text` " + swiftUI),
        "003-14": .runs,
        "003-15": .refused("`Button` " + swiftUI),
        "003-16": .piece("cannot find `$count` " + notFound),
        "003-17": .refused("`Button` " + swiftUI),
        "003-18": .refused("`@ObjectBinding` " + beta + " `@ObservedObject`"),
        "003-19": .refused("`BindableObject` " + beta + " `ObservableObject`"),
        "003-20": .refused("`BindableObject` " + beta + " `ObservableObject`"),
        "003-21": .refused("`BindableObject` " + beta + " `ObservableObject`"),
        "003-22": .refused("needs a value here, as a top-level Swift variable does"),
        "003-23": .runs,
        "003-24": .runs,
        "003-25": .refused("a top-level variable with `didSet` or `willSet` is not part of the playground"),
        "003-26": .refused("a top-level variable with `didSet` or `willSet` is not part of the playground"),
        "003-27": .refused("`@Published` is a property of a class, as in Swift"),
        "003-28": .refused("`@ObjectBinding` " + beta + " `@ObservedObject`"),
        "003-29": .piece("`{` " + unclosed),
        "003-30": .piece("`{` " + unclosed),
        "003-31": .piece("`{` " + unclosed),
        "003-32": .piece("`{` " + unclosed),
        "003-33": .refused("`PlaygroundPage` is Xcode's PlaygroundSupport, which is not on Linux"),
        "004-01": .refused("`View` " + swiftUI),
        "004-02": .refused("`View` " + swiftUI),
        "004-03": .refused("`View` " + swiftUI),
        "004-04": .refused("`View` " + swiftUI),
        "004-05": .piece("`{` " + unclosed),
        "004-06": .runs,
        "004-07": .refused("`View` " + swiftUI),
        "004-08": .piece(leadingDot),
        "004-09": .piece("cannot find `newData` " + notFound),
        "004-10": .runs,
        "004-11": .refused("`List` " + swiftUI),
        "004-12": .refused("`@ObservedObject` " + swiftUI),
        "004-13": .refused("`ForEach` " + swiftUI),
        "004-14": .refused("`View` " + swiftUI),
        "004-15": .refused("`ForEach` " + swiftUI),
        "004-16": .piece("`{` " + unclosed),
        "004-17": .refused("`extension Dictionary`: the playground extends the classes, structs, enums and protocols"),
        "004-18": .refused("`ForEach` " + swiftUI),
        "004-19": .runs,
        "004-20": .refused("`View` " + swiftUI),
        "004-21": .refused("`PreviewProvider` " + swiftUI),
        "004-22": .refused("`NavigationLink` " + swiftUI),
        "004-23": .runs,
    ]

    /// Blocks that do not yet do what they should, with a piece of the error they give today. The
    /// test checks that each still gives it: when one is fixed, it fails and asks to move the block
    /// to `expected`.
    static let knownGaps: [String: String] = [:]

    /// Every block pasted once, for all the tests of the class (each paste in its own session).
    private static let pastes: [SeedCodePaste] = (try? SeedCodePaste.all()) ?? []

    func testEveryBlockIsInTheTableOnce() throws {
        let names = Self.pastes.map(\.name)
        XCTAssertEqual(names.count, 133, "scripts/extract-seed-code cuts 133 blocks")
        for name in names {
            XCTAssertTrue((Self.expected[name] != nil) != (Self.knownGaps[name] != nil), "\(name): in exactly one list")
        }
        let listed = Set(Self.expected.keys).union(Self.knownGaps.keys)
        XCTAssertEqual(listed.subtracting(names), [], "listed blocks with no file in Tests/seed-code")
    }

    func testEachBlockRunsOrIsRefusedWithOneMessage() throws {
        for paste in Self.pastes {
            guard let expected = Self.expected[paste.name] else { continue }
            switch expected {
            case .runs:
                XCTAssertEqual(paste.errors, [], "\(paste.name) should run")
            case .refused(let message), .piece(let message):
                XCTAssertEqual(paste.errors.count, 1, "\(paste.name): one error, got \(paste.errors)")
                XCTAssertTrue(
                    paste.errors.first?.contains(message) == true,
                    "\(paste.name): expected `\(message)`, got \(paste.errors)"
                )
            }
        }
    }

    func testEachKnownGapStillFailsAsRecorded() throws {
        for paste in Self.pastes {
            guard let today = Self.knownGaps[paste.name] else { continue }
            XCTAssertTrue(
                paste.errors.contains { $0.contains(today) },
                "\(paste.name) no longer fails with `\(today)` (now \(paste.errors)): move it to `expected`"
            )
        }
    }

    func testTheBooksSubjectExamplePrintsWhatTheBookSays() throws {
        let paste = try XCTUnwrap(Self.pastes.first { $0.name == "000-12" })
        XCTAssertEqual(paste.printed, ["pass: PassthroughSubject<String,Never>", "howdy"])
    }

    /// docs/seed-code.md is this table as it runs. With SEED_CODE_WRITE=1 in the environment the
    /// test writes it instead of comparing.
    func testTheDocumentedTableIsCurrent() throws {
        let pastes = Self.pastes
        let rendered = SeedCodeTable.render(pastes, expected: Self.expected, gaps: Self.knownGaps)
        if ProcessInfo.processInfo.environment["SEED_CODE_WRITE"] == "1" {
            try rendered.write(to: SeedCodePaste.table, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: SeedCodePaste.table, encoding: .utf8)
        XCTAssertEqual(written, rendered, "docs/seed-code.md is stale: run this test with SEED_CODE_WRITE=1")
    }
}
