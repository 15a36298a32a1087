// Programs that spell out the publisher types the operators return, as Combine declares them.
import Conduit
import Foundation
import XCTest

private enum E: Error { case e }

final class ExplicitTypesTests: XCTestCase {
    func testOperatorReturnTypesSpelledOut() {
        let subject = PassthroughSubject<Int, Never>()
        let map: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { "\($0)" }
        let filter: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 0 }
        let compact: Publishers.CompactMap<PassthroughSubject<Int, Never>, Int> = subject.compactMap { $0 }
        let latest: Publishers.CombineLatest<PassthroughSubject<Int, Never>, Just<String>> = subject.combineLatest(Just(
            "a"))
        let latestMapped: Publishers.Map<Publishers.CombineLatest<PassthroughSubject<Int, Never>, Just<String>>,
            String> =
            subject.combineLatest(Just("a")) { "\($0)\($1)" }
        let zip: Publishers.Zip<PassthroughSubject<Int, Never>, Just<Int>> = subject.zip(Just(1))
        let merge: Publishers.Merge<PassthroughSubject<Int, Never>, Just<Int>> = subject.merge(with: Just(1))
        let scan: Publishers.Scan<PassthroughSubject<Int, Never>, Int> = subject.scan(0, +)
        let dedupe: Publishers.RemoveDuplicates<PassthroughSubject<Int, Never>> = subject.removeDuplicates()
        let first: Publishers.First<PassthroughSubject<Int, Never>> = subject.first()
        let last: Publishers.Last<PassthroughSubject<Int, Never>> = subject.last()
        let drop: Publishers.Drop<PassthroughSubject<Int, Never>> = subject.dropFirst()
        let output: Publishers.Output<PassthroughSubject<Int, Never>> = subject.prefix(2)
        let at: Publishers.Output<PassthroughSubject<Int, Never>> = subject.output(at: 1)
        let tryMap: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.tryMap { $0 }
        let mapError: Publishers.MapError<Publishers.TryMap<PassthroughSubject<Int, Never>, Int>,
            E> = tryMap.mapError { _ in .e }
        let setFailure: Publishers.SetFailureType<PassthroughSubject<Int, Never>, E> = subject.setFailureType(
            to: E.self)
        let catching: Publishers.Catch<Publishers.SetFailureType<PassthroughSubject<Int, Never>, E>,
            Just<Int>> = setFailure.catch { _ in Just(0) }
        let replaceError: Publishers.ReplaceError<Publishers.SetFailureType<PassthroughSubject<Int, Never>,
            E>> = setFailure.replaceError(with: 0)
        let retry: Publishers.Retry<Publishers.SetFailureType<PassthroughSubject<Int, Never>, E>> = setFailure.retry(1)
        let flat: Publishers.FlatMap<Just<Int>, PassthroughSubject<Int, Never>> = subject.flatMap { Just($0) }
        let flatFailing: Publishers.FlatMap<Fail<Int, E>, Publishers.SetFailureType<PassthroughSubject<Int, Never>,
            E>> =
            subject.flatMap { _ in Fail<Int, E>(error: .e) }
        let flatNever: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, E>,
            Publishers.SetFailureType<PassthroughSubject<Int, Never>, E>> =
            setFailure.flatMap { Just($0) }
        let collect: Publishers.Collect<PassthroughSubject<Int, Never>> = subject.collect()
        let byCount: Publishers.CollectByCount<PassthroughSubject<Int, Never>> = subject.collect(3)
        let count: Publishers.Count<PassthroughSubject<Int, Never>> = subject.count()
        let reduce: Publishers.Reduce<PassthroughSubject<Int, Never>, Int> = subject.reduce(0, +)
        let contains: Publishers.Contains<PassthroughSubject<Int, Never>> = subject.contains(1)
        let containsWhere: Publishers.ContainsWhere<PassthroughSubject<Int, Never>> = subject.contains { $0 > 1 }
        let allSatisfy: Publishers.AllSatisfy<PassthroughSubject<Int, Never>> = subject.allSatisfy { $0 > 1 }
        let min: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.min()
        let ignore: Publishers.IgnoreOutput<PassthroughSubject<Int, Never>> = subject.ignoreOutput()
        let handle: Publishers.HandleEvents<PassthroughSubject<Int, Never>> = subject.handleEvents()
        let print: Publishers.Print<PassthroughSubject<Int, Never>> = subject.print()
        let share: Publishers.Share<PassthroughSubject<Int, Never>> = subject.share()
        let multicast: Publishers.Multicast<PassthroughSubject<Int, Never>, PassthroughSubject<Int,
            Never>> = subject.multicast { PassthroughSubject() }
        let receiveOn: Publishers.ReceiveOn<PassthroughSubject<Int, Never>, DispatchQueue> = subject.receive(
            on: DispatchQueue.main)
        let subscribeOn: Publishers.SubscribeOn<PassthroughSubject<Int, Never>, DispatchQueue> = subject.subscribe(
            on: DispatchQueue.main)
        let debounce: Publishers.Debounce<PassthroughSubject<Int, Never>, RunLoop> = subject.debounce(for: .seconds(1),
            scheduler: RunLoop.main)
        let throttle: Publishers.Throttle<PassthroughSubject<Int, Never>, DispatchQueue> = subject.throttle(
            for: .seconds(1), scheduler: DispatchQueue.main, latest: true)
        let delay: Publishers.Delay<PassthroughSubject<Int, Never>, DispatchQueue> = subject.delay(for: .seconds(1),
            scheduler: DispatchQueue.main)
        let timeout: Publishers.Timeout<PassthroughSubject<Int, Never>, DispatchQueue> = subject.timeout(.seconds(1),
            scheduler: DispatchQueue.main)
        let prefixUntil: Publishers.PrefixUntilOutput<PassthroughSubject<Int, Never>, Just<Int>> = subject.prefix(
            untilOutputFrom: Just(1))
        let prepend: Publishers.Concatenate<Publishers.Sequence<[Int], Never>, PassthroughSubject<Int,
            Never>> = subject.prepend(1, 2)
        let append: Publishers.Concatenate<PassthroughSubject<Int, Never>, Publishers.Sequence<[Int],
            Never>> = subject.append(1, 2)
        let switched: Publishers.SwitchToLatest<Just<Int>, Publishers.Map<PassthroughSubject<Int, Never>,
            Just<Int>>> = subject.map { Just($0) }.switchToLatest()
        let erased: AnyPublisher<Int, Never> = subject.eraseToAnyPublisher()
        let keyPath: Publishers.MapKeyPath<PassthroughSubject<Int, Never>, Int> = subject.map(\.bitWidth)
        let buffer: Publishers.Buffer<PassthroughSubject<Int, Never>> = subject.buffer(size: 1, prefetch: .byRequest,
            whenFull: .dropOldest)
        let encode: Publishers.Encode<Publishers.Map<PassthroughSubject<Int, Never>, [Int]>,
            JSONEncoder> = subject.map { [$0] }.encode(encoder: JSONEncoder())
        let decode: Publishers.Decode<Publishers.Encode<Publishers.Map<PassthroughSubject<Int, Never>, [Int]>,
            JSONEncoder>, [Int], JSONDecoder> = encode.decode(type: [Int].self, decoder: JSONDecoder())
        let breakpoint: Publishers.Breakpoint<PassthroughSubject<Int, Never>> = subject.breakpoint()
        let measure: Publishers.MeasureInterval<PassthroughSubject<Int, Never>,
            DispatchQueue> = subject.measureInterval(using: DispatchQueue.main)
        let assertNoFailure: Publishers.AssertNoFailure<PassthroughSubject<Int, Never>> = subject.assertNoFailure()
        let replaceEmpty: Publishers.ReplaceEmpty<PassthroughSubject<Int, Never>> = subject.replaceEmpty(with: 1)
        let replaceNil: Publishers.Map<Just<Int?>, Int> = Just<Int?>(nil).replaceNil(with: 1)

        var values: [String] = []
        let c = latestMapped.sink { values.append($0) }
        subject.send(7)
        XCTAssertEqual(values, ["7a"])
        c.cancel()
        _ = (map, filter, compact, latest, zip, merge, scan, dedupe, first, last, drop, output, at, mapError, catching,
            replaceError, retry)
        _ = (flat, flatFailing, flatNever, collect, byCount, count, reduce, contains, containsWhere, allSatisfy, min,
            ignore, handle, print)
        _ = (share, multicast, receiveOn, subscribeOn, debounce, throttle, delay, timeout, prefixUntil, prepend,
            append, switched, erased)
        _ = (keyPath, buffer, decode, breakpoint, measure, assertNoFailure, replaceEmpty, replaceNil)
    }

    func testUnannotatedFlatMapAndSwitchToLatestPickTheOverloadsCombinePicks() {
        let subject = PassthroughSubject<Int, Never>()
        let flat = subject.flatMap { Just($0) }
        let _: Publishers.FlatMap<Just<Int>, PassthroughSubject<Int, Never>> = flat
        let failing = subject.setFailureType(to: E.self)
        let flatFailing = failing.flatMap { _ in Fail<Int, E>(error: .e) }
        let _: Publishers.FlatMap<Fail<Int, E>, Publishers.SetFailureType<PassthroughSubject<Int, Never>,
            E>> = flatFailing
        let switched = subject.map { Just($0) }.switchToLatest()
        let _: Publishers.SwitchToLatest<Just<Int>, Publishers.Map<PassthroughSubject<Int, Never>,
            Just<Int>>> = switched
        let latest = subject.combineLatest(subject)
        let _: Publishers.CombineLatest<PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>> = latest
        let merged = subject.merge(with: subject)
        let _: Publishers.MergeMany<PassthroughSubject<Int, Never>> = merged
        let prepended = [3].publisher.prepend([1, 2].publisher)
        let _: Publishers.Sequence<[Int], Never> = prepended
        let appended = Just(1).append(2)
        let _: Publishers.Sequence<[Int], Never> = appended
        let counted = [1, 2].publisher.count()
        let _: Just<Int> = counted
        let smallest = [1, 2].publisher.min()
        let _: Optional<Int>.Publisher = smallest
        let mapped = Just(1).map { $0 + 1 }
        let _: Just<Int> = mapped
    }

    func testUpstreamPropertiesAreReadable() {
        let subject = PassthroughSubject<Int, Never>()
        let filtered = subject.map { $0 + 1 }.filter { $0 > 0 }
        XCTAssertTrue(filtered.upstream.upstream === subject)
        let latest = Publishers.CombineLatest(Just(1), Just(2))
        XCTAssertEqual(latest.a.output, 1)
        XCTAssertEqual(latest.b.output, 2)
        let merged = Publishers.MergeMany(Just(1), Just(2))
        XCTAssertEqual(merged.publishers.count, 2)
        XCTAssertEqual(Just(1), Just(1))
        XCTAssertEqual(Empty<Int, Never>(), Empty<Int, Never>())
    }
}
