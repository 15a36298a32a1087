extension Subscribers {
    /// A requested number of items, sent to a publisher from a subscriber through the subscription.
    ///
    /// Arithmetic saturates: anything plus `.unlimited` is `.unlimited`, overflow becomes
    /// `.unlimited`, and subtraction never goes below `.max(0)`.
    @frozen
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// `Int.max + 1` stands for unlimited, so every finite demand fits in `rawValue`.
        @usableFromInline
        internal let rawValue: UInt

        @inlinable
        internal static var unlimitedRaw: UInt { UInt(Int.max) + 1 }

        @inlinable
        internal init(rawValue: UInt) {
            self.rawValue = min(rawValue, Demand.unlimitedRaw)
        }

        /// A request for as many values as the publisher can produce.
        @inlinable
        public static var unlimited: Demand { Demand(rawValue: unlimitedRaw) }

        /// A request for no elements from the publisher.
        @inlinable
        public static var none: Demand { Demand(rawValue: 0) }

        /// Creates a demand for the given maximum number of elements; a negative value is an API
        /// violation (a trap, as in Combine; `.none` under a violation handler).
        ///
        /// - Parameter value: How many elements, at least 0.
        /// - Returns: A demand for at most `value` elements.
        @inlinable
        public static func max(_ value: Int) -> Demand {
            guard value >= 0 else {
                APIViolation.report(.negativeDemand)
                return .none
            }
            return Demand(rawValue: UInt(value))
        }

        /// The number of requested values, or `nil` if the demand is unlimited.
        @inlinable
        public var max: Int? {
            rawValue == Demand.unlimitedRaw ? nil : Int(rawValue)
        }

        public var description: String {
            rawValue == Demand.unlimitedRaw ? "unlimited" : "max(\(rawValue))"
        }

        // MARK: Addition

        /// Adds two demands; anything plus `.unlimited` is `.unlimited`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: The result.
        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited || rhs == .unlimited { return .unlimited }
            let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
            return overflow ? .unlimited : Demand(rawValue: sum)
        }

        /// Adds two demands; anything plus `.unlimited` is `.unlimited`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: The result.
        @inlinable
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            return rhs < 0 ? lhs - Demand(rawValue: rhs.magnitude) : lhs + Demand(rawValue: UInt(rhs))
        }

        /// Adds a demand to this one; anything plus `.unlimited` is `.unlimited`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        /// Adds a demand to this one; anything plus `.unlimited` is `.unlimited`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        // MARK: Multiplication

        /// Multiplies a demand by a number; `.unlimited` stays `.unlimited`. A negative factor
        /// is an API violation (a trap, as in Combine; `.none` under a handler).
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: The result.
        @inlinable
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            if rhs <= 0 {
                if rhs < 0 { APIViolation.report(.negativeDemand) }
                return lhs == .unlimited && rhs == 0 ? .unlimited : .none
            }
            if lhs == .unlimited { return .unlimited }
            let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: UInt(rhs))
            return overflow ? .unlimited : Demand(rawValue: product)
        }

        /// Multiplies this demand by a number; `.unlimited` stays `.unlimited`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        @inlinable
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        // MARK: Subtraction

        /// Subtracts a demand; `.unlimited` minus a number stays `.unlimited`, and a result below zero is `.none`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: The result.
        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs == .unlimited { return .none }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }

        /// Subtracts a demand; `.unlimited` minus a number stays `.unlimited`, and a result below zero is `.none`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: The result.
        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            // As Combine counts: a negative `rhs` adds, and a result past `Int.max` overflows to none.
            let (result, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
            return overflow || result < 0 ? .none : Demand(rawValue: UInt(result))
        }

        /// Subtracts a demand from this one; `.unlimited` stays `.unlimited`, and below zero is `.none`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        /// Subtracts a demand from this one; `.unlimited` stays `.unlimited`, and below zero is `.none`.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        // MARK: Comparison with Int (`.unlimited` is greater than every Int)

        /// Whether the first is more than the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func > (lhs: Demand, rhs: Int) -> Bool {
            if rhs < 0 { return true }
            return lhs.rawValue > UInt(rhs)
        }

        /// Whether the first is at least the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func >= (lhs: Demand, rhs: Int) -> Bool {
            if rhs < 0 { return true }
            return lhs.rawValue >= UInt(rhs)
        }

        /// Whether the first is more than the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }

        /// Whether the first is at least the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

        /// Whether the first is less than the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func < (lhs: Demand, rhs: Int) -> Bool {
            if rhs < 0 { return false }
            return lhs.rawValue < UInt(rhs)
        }

        /// Whether the first is less than the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }

        /// Whether the first is at most the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func <= (lhs: Demand, rhs: Int) -> Bool {
            if rhs < 0 { return false }
            return lhs.rawValue <= UInt(rhs)
        }

        /// Whether the first is at most the second; `.unlimited` is more than any number.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }

        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

        @inlinable
        public static func <= (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue <= rhs.rawValue }

        @inlinable
        public static func >= (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue >= rhs.rawValue }

        @inlinable
        public static func > (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue > rhs.rawValue }

        // MARK: Equality with Int

        /// Whether a demand equals a number; `.unlimited` equals none.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func == (lhs: Demand, rhs: Int) -> Bool {
            rhs >= 0 && lhs.rawValue == UInt(rhs)
        }

        /// Whether a demand differs from a number; `.unlimited` differs from every one.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }

        /// Whether a demand equals a number; `.unlimited` equals none.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }

        /// Whether a demand differs from a number; `.unlimited` differs from every one.
        ///
        /// - Parameters:
        ///   - lhs: The first operand.
        ///   - rhs: The second operand.
        /// - Returns: Whether it holds.
        @inlinable
        public static func != (lhs: Int, rhs: Demand) -> Bool { !(rhs == lhs) }

        @inlinable
        public static func == (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue == rhs.rawValue }

        // MARK: Codable

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(rawValue: try container.decode(UInt.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
