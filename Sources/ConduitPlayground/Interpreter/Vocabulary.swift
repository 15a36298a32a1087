/// The playground language's words and help examples, for tools outside the module: the fuzzer's
/// dictionary and seeds. Read from the tables the parser and `help` use, so the lists stay true.
public enum Vocabulary {
    /// Command words and their aliases (`subject`, `ls`, `quit`, ...).
    public static var commands: [String] { CommandTable.words }

    /// Operator names (`map`, `debounce`, ...).
    public static var operators: [String] { OperatorTable.names }

    /// Reserved words and source names (`true`, `Just`, `Timer`, ...) and the functions closures call.
    public static var keywords: [String] { Parser.reserved.sorted() + Functions.all.map(\.name) }

    /// The infix operators closures use (`??`, `&&`, `<=`, ...).
    public static var infixOperators: [String] { BinaryOperator.allCases.map(\.rawValue) }

    /// Every topic `help` explains.
    public static var helpTopics: [String] { Help.topics }

    /// Every example the help pages show, each as the lines to type, in order, in a fresh session.
    public static var helpExamples: [[String]] { Help.examples }
}
