import BenchSupport

/// Every case written against OpenCombine, by row identifier.
public enum OpenCombineCases {
    public static let all: [Case] = SubjectCases.all + OperatorCases.all + CombiningCases.all + TimeCases.all
        + ScaleCases.all + EachOperatorCases.all
}
