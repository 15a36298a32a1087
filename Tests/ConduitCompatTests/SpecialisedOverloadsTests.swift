// Combine's specialised operators on Just, Publishers.Sequence, Optional.Publisher and
// Result.Publisher, spelled with the concrete types Combine declares for them.
import Conduit
import Foundation
import XCTest

private enum ParseError: Error, Equatable { case bad }

final class SpecialisedOverloadsTests: XCTestCase {
    func testJustOperatorsReturnTheTypesCombineDeclares() {
        let mapped: Just<String> = Just(1).map { "\($0)" }
        XCTAssertEqual(mapped.output, "1")
        let filtered: Optional<Int>.Publisher = Just(3).filter { $0 > 5 }
        XCTAssertNil(filtered.output)
        let tried: Result<Int, Error>.Publisher = Just("7").tryMap { s -> Int in
            guard let v = Int(s) else { throw ParseError.bad }
            return v
        }
        XCTAssertEqual(try tried.result.get(), 7)
        let failing: Result<Int, ParseError>.Publisher = Just(2).setFailureType(to: ParseError.self)
        XCTAssertEqual(failing.result, .success(2))
        let counted: Just<Int> = Just("a").count()
        XCTAssertEqual(counted.output, 1)
        let collected: Just<[Int]> = Just(4).collect()
        XCTAssertEqual(collected.output, [4])
        let reduced: Result<Int, Never>.Publisher = Just(4).reduce(10, +)
        XCTAssertEqual(reduced.result, .success(14))
        let dropped: Optional<Int>.Publisher = Just(1).drop(while: { $0 < 5 })
        XCTAssertNil(dropped.output)
        let prefixed: Optional<Int>.Publisher = Just(1).prefix(while: { $0 < 5 })
        XCTAssertEqual(prefixed.output, 1)
        let firstWhere: Optional<Int>.Publisher = Just(1).first(where: { $0 > 1 })
        XCTAssertNil(firstWhere.output)
        let lastWhere: Optional<Int>.Publisher = Just(1).last(where: { $0 == 1 })
        XCTAssertEqual(lastWhere.output, 1)
        let ranged: Optional<Int>.Publisher = Just(1).output(in: 0..<3)
        XCTAssertEqual(ranged.output, 1)
        let outOfRange: Optional<Int>.Publisher = Just(1).output(in: 1...3)
        XCTAssertNil(outOfRange.output)
        let prepended: Publishers.Sequence<[Int], Never> = Just(3).prepend(1, 2)
        XCTAssertEqual(prepended.sequence, [1, 2, 3])
        let appended: Publishers.Sequence<[Int], Never> = Just(1).append([2, 3])
        XCTAssertEqual(appended.sequence, [1, 2, 3])
        let tryScanned: Result<Int, Error>.Publisher = Just(1).tryScan(1) { $0 + $1 }
        XCTAssertEqual(try tryScanned.result.get(), 2)
        let tryReduced: Result<Int, Error>.Publisher = Just(1).tryReduce(1) { $0 + $1 }
        XCTAssertEqual(try tryReduced.result.get(), 2)
        let satisfied: Result<Bool, Error>.Publisher = Just(1).tryAllSatisfy { $0 > 0 }
        XCTAssertEqual(try satisfied.result.get(), true)
        let contained: Result<Bool, Error>.Publisher = Just(1).tryContains { $0 > 3 }
        XCTAssertEqual(try contained.result.get(), false)
        let deduped: Result<Int, Error>.Publisher = Just(1).tryRemoveDuplicates { $0 == $1 }
        XCTAssertEqual(try deduped.result.get(), 1)
        let smallest: Just<Int> = Just(5).min()
        XCTAssertEqual(smallest.output, 5)
        let retried: Just<Int> = Just(5).retry(3)
        XCTAssertEqual(retried.output, 5)
    }

    func testSequenceOperatorsReturnTheTypesCombineDeclares() {
        let mapped: Publishers.Sequence<[String], Never> = [1, 2].publisher.map { "\($0)" }
        XCTAssertEqual(mapped.sequence, ["1", "2"])
        let counted: Just<Int> = [1, 2, 3].publisher.count()
        XCTAssertEqual(counted.output, 3)
        let failingCount: Result<Int, ParseError>.Publisher = [1, 2, 3].publisher.setFailureType(
            to: ParseError.self).count()
        XCTAssertEqual(failingCount.result, .success(3))
        let collected: Result<[Int], Never>.Publisher = [3, 1].publisher.collect()
        XCTAssertEqual(collected.result, .success([3, 1]))
        let smallest: Optional<Int>.Publisher = [3, 1, 2].publisher.min()
        XCTAssertEqual(smallest.output, 1)
        let largest: Optional<Int>.Publisher = [3, 1, 2].publisher.max(by: <)
        XCTAssertEqual(largest.output, 3)
        let first: Optional<Int>.Publisher = [3, 1, 2].publisher.first()
        XCTAssertEqual(first.output, 3)
        let last: Optional<Int>.Publisher = [3, 1, 2].publisher.last()
        XCTAssertEqual(last.output, 2)
        let at: Optional<Int>.Publisher = [3, 1, 2].publisher.output(at: 1)
        XCTAssertEqual(at.output, 1)
        let slice: Publishers.Sequence<[Int], Never> = [3, 1, 2, 9].publisher.output(in: 1..<3)
        XCTAssertEqual(slice.sequence, [1, 2])
        let dropped: Publishers.Sequence<DropFirstSequence<[Int]>, Never> = [1, 2, 3].publisher.dropFirst()
        XCTAssertEqual(Array(dropped.sequence), [2, 3])
        let prefixed: Publishers.Sequence<PrefixSequence<[Int]>, Never> = [1, 2, 3].publisher.prefix(2)
        XCTAssertEqual(Array(prefixed.sequence), [1, 2])
        let scanned: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher.scan(0, +)
        XCTAssertEqual(scanned.sequence, [1, 3, 6])
        let appended: Publishers.Sequence<[Int], Never> = [1, 2].publisher.append(3, 4)
        XCTAssertEqual(appended.sequence, [1, 2, 3, 4])
        let prepended: Publishers.Sequence<[Int], Never> = [3].publisher.prepend([1, 2].publisher)
        XCTAssertEqual(prepended.sequence, [1, 2, 3])
        let replaced: Publishers.Sequence<[Int?], Never> = [1, nil, 3].publisher.replaceNil(with: 0)
        XCTAssertEqual(replaced.sequence, [1, 0, 3])
        let tried: Result<Int, Error>.Publisher = [1, 2].publisher.tryReduce(0) { $0 + $1 }
        XCTAssertEqual(try tried.result.get(), 3)
        let trySatisfied: Result<Bool, Error>.Publisher = [1, 2].publisher.tryAllSatisfy { $0 > 0 }
        XCTAssertEqual(try trySatisfied.result.get(), true)
        let tryContained: Result<Bool, Error>.Publisher = [1, 2].publisher.tryContains { $0 > 1 }
        XCTAssertEqual(try tryContained.result.get(), true)
    }

    func testSequenceWithATypedFailureKeepsItsFailureThroughMinFirstAndLast() {
        let source = [3, 1, 2].publisher.setFailureType(to: ParseError.self)
        var values: [Int] = []
        var completions = 0
        let erased: AnyPublisher<Int, ParseError> = source.min().eraseToAnyPublisher()
        _ = erased.sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        _ = source.first().mapError { $0 }.sink(receiveCompletion: { _ in completions += 1 },
            receiveValue: { values.append($0) })
        _ = source.last().eraseToAnyPublisher().sink(
            receiveCompletion: { (_: Subscribers.Completion<ParseError>) in completions += 1 },
                receiveValue: { values.append($0) })
        XCTAssertEqual(values, [1, 3, 2])
        XCTAssertEqual(completions, 3)
    }

    func testRangePublisherCountsAndAppendsThroughGenericOperators() {
        var values: [Int] = []
        _ = (1...3).publisher.append(4).sink { values.append($0) }
        _ = (1...3).publisher.count().sink { values.append($0) }
        _ = stride(from: 0, to: 6, by: 2).publisher.collect().sink { values += $0 }
        XCTAssertEqual(values, [1, 2, 3, 4, 3, 0, 2, 4])
    }

    func testOptionalPublisherOperatorsReturnOptionalPublishers() {
        let mapped: Optional<String>.Publisher = Optional(1).publisher.map { "\($0)" }
        XCTAssertEqual(mapped.output, "1")
        let none: Optional<Int>.Publisher = Optional<Int>.none.publisher
        var values: [Int] = []
        var finished = false
        _ = none.sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        XCTAssertTrue(finished)
        XCTAssertEqual(values, [])
        let reduced: Optional<Int>.Publisher = Optional(2).publisher.reduce(1, +)
        XCTAssertEqual(reduced.output, 3)
        let scanned: Optional<Int>.Publisher = Optional(2).publisher.scan(1, +)
        XCTAssertEqual(scanned.output, 3)
        let contained: Optional<Bool>.Publisher = Optional(2).publisher.contains(2)
        XCTAssertEqual(contained.output, true)
        let satisfied: Optional<Bool>.Publisher = Optional(2).publisher.allSatisfy { $0 > 5 }
        XCTAssertEqual(satisfied.output, false)
        let collected: Optional<[Int]>.Publisher = Optional(2).publisher.collect()
        XCTAssertEqual(collected.output, [2])
        let replaced: Just<Int> = Optional<Int>.none.publisher.replaceEmpty(with: 9)
        XCTAssertEqual(replaced.output, 9)
        let ranged: Optional<Int>.Publisher = Optional(2).publisher.output(in: 0...0)
        XCTAssertEqual(ranged.output, 2)
        let smallest: Optional<Int>.Publisher = Optional(2).publisher.min()
        XCTAssertEqual(smallest.output, 2)
        let noErrors: Optional<Int>.Publisher = Optional(2).publisher.replaceError(with: 1)
        XCTAssertEqual(noErrors.output, 2)
        let retried: Optional<Int>.Publisher = Optional(2).publisher.retry(1)
        XCTAssertEqual(retried.output, 2)
        let deduped: Optional<Int>.Publisher = Optional(2).publisher.removeDuplicates()
        XCTAssertEqual(deduped.output, 2)
    }

    func testResultPublisherOperatorsReturnResultPublishers() {
        let success: Result<Int, ParseError>.Publisher = Result<Int, ParseError>.success(2).publisher
        let failure = Result<Int, ParseError>.Publisher(.bad)
        let mapped: Result<String, ParseError>.Publisher = success.map { "\($0)" }
        XCTAssertEqual(mapped.result, .success("2"))
        let recovered: Result<Int, Never>.Publisher = failure.replaceError(with: 0)
        XCTAssertEqual(recovered.result, .success(0))
        let smallest: Result<Int, ParseError>.Publisher = success.min()
        XCTAssertEqual(smallest.result, .success(2))
        let contained: Result<Bool, ParseError>.Publisher = success.contains(2)
        XCTAssertEqual(contained.result, .success(true))
        let first: Result<Int, ParseError>.Publisher = success.first()
        XCTAssertEqual(first.result, .success(2))
        let last: Result<Int, ParseError>.Publisher = success.last()
        XCTAssertEqual(last.result, .success(2))
        let reduced: Result<Int, ParseError>.Publisher = success.reduce(1, +)
        XCTAssertEqual(reduced.result, .success(3))
        let replacedEmpty: Result<Int, ParseError>.Publisher = success.replaceEmpty(with: 1)
        XCTAssertEqual(replacedEmpty.result, .success(2))
        let deduped: Result<Int, ParseError>.Publisher = success.removeDuplicates()
        XCTAssertEqual(deduped.result, .success(2))
        let satisfied: Result<Bool, ParseError>.Publisher = success.allSatisfy { $0 > 1 }
        XCTAssertEqual(satisfied.result, .success(true))
        let tryMapped: Result<Int, Error>.Publisher = success.tryMap { $0 * 2 }
        XCTAssertEqual(try tryMapped.result.get(), 4)
        var errors: [ParseError] = []
        _ = failure.sink(receiveCompletion: { if case .failure(let e) = $0 { errors.append(e) } },
            receiveValue: { _ in })
        XCTAssertEqual(errors, [.bad])
        let neverFails: Result<Int, ParseError>.Publisher = Result<Int, Never>.Publisher(3).setFailureType(
            to: ParseError.self)
        XCTAssertEqual(neverFails.result, .success(3))
    }
}
