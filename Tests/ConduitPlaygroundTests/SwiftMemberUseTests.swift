import SwiftSyntax
import XCTest

@testable import ConduitPlayground

/// The one reading of a member access from Swift's tree (`Language/Lowering/SwiftMemberUse.swift`): the same
/// access and call found from its `.`, its name or its base's name; what a hot line parses for it (nothing);
/// and no crash on a chain thousands long.
final class SwiftMemberUseTests: SessionTestCase {
    /// The parser of `line` and its first token written `text` (after `skipping` such tokens).
    private func token(_ text: String, in line: String, skipping: Int = 0) throws -> (Parser, Token) {
        let parser = try Parser(line)
        let found = parser.tokens.filter { $0.display == text }
        XCTAssertGreaterThan(found.count, skipping, "no `\(text)` in `\(line)`")
        return (parser, found[skipping])
    }

    func testTheSameAccessIsFoundFromItsPeriodItsNameAndItsBase() throws {
        for (line, base, name, withArguments, closure) in [
            ("sink out = s.map { $0 * 2 }", "s", "map", false, true),
            ("let t = Timer.publish(every: 1, on: .main, in: .common)", "Timer", "publish", true, false),
            ("group.notify(queue: .main) { print(1) }", "group", "notify", true, true),
            ("let n = xs.count", "xs", "count", false, false),
        ] {
            let (parser, period) = try token(".", in: line)
            let (_, nameToken) = try token(name, in: line)
            let (_, baseToken) = try token(base, in: line)
            let uses = try [
                parser.swiftMemberUse(at: period, .period), parser.swiftMemberUse(at: nameToken, .name),
                parser.swiftMemberUse(at: baseToken, .base),
            ].map { try XCTUnwrap($0, line).use }
            XCTAssertEqual(Set(uses.map(\.access.id)).count, 1, "one access in `\(line)`")
            XCTAssertEqual(uses[0].name.text, name, line)
            XCTAssertEqual(uses[0].base?.trimmedDescription, base, line)
            XCTAssertEqual(uses[0].isCalledWithArguments, withArguments, line)
            XCTAssertEqual(uses[0].trailingClosure != nil, closure, line)
            XCTAssertEqual(uses[0].call != nil, withArguments || closure, line)
        }
    }

    func testATokenOfAnotherPartIsNoMembersAnchor() throws {
        // `s` is the base of `s.map`, not a member's name; `map` is a member's name, not a base.
        let (parser, base) = try token("s", in: "sink out = s.map { $0 }")
        XCTAssertNil(try parser.swiftMemberUse(at: base, .name))
        let (_, name) = try token("map", in: "sink out = s.map { $0 }")
        XCTAssertNil(try parser.swiftMemberUse(at: name, .base))
        // `.main` has no base: it is found from its `.`, and its base is nil.
        let (implicit, period) = try token(".", in: "group.notify(queue: .main) { print(1) }", skipping: 1)
        let main = try XCTUnwrap(try implicit.swiftMemberUse(at: period, .period)).use
        XCTAssertNil(main.base)
        XCTAssertEqual(main.name.text, "main")
        XCTAssertNil(main.call)
    }

    func testAMethodNamedWithItsLabelsIsNoCallAnOperatorReads() throws {
        // `s.map(x:)` names a method: Swift reads no call there, and neither does the playground.
        let (named, map) = try token("map", in: "sink out = s.map(x:)")
        XCTAssertNotNil(try named.swiftMemberUse(at: map, .name))
        XCTAssertNil(try named.readableMemberUse(named: map))
        // A property (`s.values`) is read as one, with no call.
        let (property, values) = try token("values", in: "let v = s.values")
        XCTAssertNil(try XCTUnwrap(try property.readableMemberUse(named: values)).use.call)
        // A call with broken punctuation is not read: `unreadableCall` gives swiftc's message.
        let (broken, filter) = try token("filter", in: "sink out = s.filter({ $0 > 1 )")
        XCTAssertNil(try broken.readableMemberUse(named: filter))
    }

    func testOnlyTheSequenceOfAnAwaitingLoopIsOne() throws {
        for (line, isSequence) in [
            ("for await v in s.values { print(v) }", true), ("for v in s.values { print(v) }", false),
            ("for await v in s.values.prefix(2) { print(v) }", false),
        ] {
            let (parser, period) = try token(".", in: line)
            let use = try XCTUnwrap(try parser.swiftMemberUse(at: period, .period), line).use
            XCTAssertEqual(use.isAsyncLoopSequence, isSequence, line)
            XCTAssertEqual(parser.parsedSwiftMemberUse(at: period, .period)?.isAsyncLoopSequence, isSequence, line)
        }
        type("let t = PassthroughSubject<Int, Never>()")
        type("for await v in t.values { print(\"got\", v) }")
        XCTAssertEqual(printed("t.send(1)"), ["got 1"], "the loop's `.values` ends its publisher")
    }

    func testTheLookupInTreesParsedAlreadyParsesNone() throws {
        for line in ["s.send(1)", "send s x.count", "s.value"] {
            let (parser, period) = try token(".", in: line)
            XCTAssertNil(parser.parsedSwiftMemberUse(at: period, .period), line)
            XCTAssertTrue(parser.treeCache.isEmpty, "`\(line)` parsed Swift's tree")
        }
    }

    func testAChainThousandsLongNeitherCrashesNorHangs() throws {
        let line = "let n = xs" + String(repeating: ".count", count: 5_000)
        let (parser, period) = try token(".", in: line, skipping: 4_999)
        // Too long a statement for Swift's parser: its message, or no member, but no crash.
        if let found = try? parser.swiftMemberUse(at: period, .period) {
            XCTAssertEqual(found.use.name.text, "count")
        }
        XCTAssertFalse(error("print(xs" + String(repeating: ".count", count: 5_000) + ")").isEmpty)
    }
}
