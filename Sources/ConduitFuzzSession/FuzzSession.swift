import ConduitFuzzing

/// The fuzz target that types arbitrary and mutated lines into a playground session (scripts/fuzz session).
@main
enum FuzzSession {
    static func main() {
        FuzzDriver.main(.session)
    }
}
