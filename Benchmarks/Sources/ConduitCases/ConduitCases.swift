import BenchSupport

/// Every case written against Conduit, by row identifier.
public enum ConduitCases {
    public static let all: [Case] = SubjectCases.all + OperatorCases.all + CombiningCases.all + TimeCases.all
        + ScaleCases.all + EachOperatorCases.all
}
