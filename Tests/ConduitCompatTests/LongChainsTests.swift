// Long unannotated operator chains as people write them, over sequences, Just, Optional and
// subjects: they must type-check quickly despite the specialised overloads Combine declares.
import Conduit
import Foundation
import XCTest

final class LongChainsTests: XCTestCase {
    func testSequenceChainsMixingSpecialisedAndGenericOperators() {
        var out: [String] = []
        // `map` then `compactMap` then `map` on a sequence: Combine resolves every step to
        // Publishers.Sequence's own operators (an extra Publishers.Map.compactMap made it ambiguous).
        var c = [1, 2, 3].publisher
            .map { $0 * 2 }
            .compactMap { $0 > 4 ? nil : $0 }
            .map { "\($0)" }
            .sink { out.append($0) }
        XCTAssertEqual(out, ["2", "4"])
        let typed: Publishers.Sequence<[String], Never> = [1,
            2].publisher.map { $0 * 2 }.compactMap { $0 }.map { "\($0)" }
        XCTAssertEqual(typed.sequence, ["2", "4"])

        out = []
        c = [1, 2, 3, 4, 5, 6, 7, 8].publisher
            .map { $0 * 2 }
            .filter { $0 > 2 }
            .removeDuplicates()
            .scan(0) { $0 + $1 }
            .sink { out.append("\($0)") }
        XCTAssertEqual(out, ["4", "10", "18", "28", "40", "54", "70"])

        out = []
        c = [1, 2, 3].publisher
            .flatMap { Just($0 + 1) }
            .map { "\($0)" }
            .collect(2)
            .map { $0.joined(separator: "+") }
            .prepend("start")
            .append("end")
            .sink { out.append($0) }
        XCTAssertEqual(out, ["start", "2+3", "4", "end"])
        c.cancel()

        let subject = PassthroughSubject<Int, Never>()
        let mapped: Publishers.CompactMap<Publishers.Map<PassthroughSubject<Int, Never>, Int>, String> =
            subject.map { $0 * 2 }.compactMap { $0 > 2 ? "\($0)" : nil }
        out = []
        c = mapped.sink { out.append($0) }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(out, ["4"])
        c.cancel()
    }

    func testLongChainOverJustAndOptional() {
        var out: [Int] = []
        _ = Just(3)
            .map { $0 + 1 }
            .filter { $0.isMultiple(of: 2) }
            .flatMap { value in (0..<value).publisher }
            .reduce(0, +)
            .map { $0 * 10 }
            .replaceEmpty(with: -1)
            .sink { out.append($0) }
        _ = Optional(2).publisher
            .map { $0 * 3 }
            .compactMap { $0 > 5 ? $0 : nil }
            .append(7)
            .count()
            .sink { out.append($0) }
        XCTAssertEqual(out, [60, 2])
    }

    func testLongChainOverSubjectsWithErrors() {
        enum Problem: Error { case odd(Int) }
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let c = subject
            .setFailureType(to: Problem.self)
            .tryMap { value -> Int in
                if value == 99 { throw Problem.odd(value) }
                return value
            }
            .mapError { $0 as? Problem ?? .odd(-1) }
            .combineLatest(Just(10).setFailureType(to: Problem.self))
            .map { $0 + $1 }
            .removeDuplicates()
            .prefix(4)
            .catch { _ in Just(0) }
            .map(String.init)
            .sink { log.append($0) }
        [1, 1, 2, 99, 3].forEach(subject.send)
        XCTAssertEqual(log, ["11", "12", "0"])
        c.cancel()
    }
}
