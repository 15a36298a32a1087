import ConduitFuzzing

/// The fuzz target that gives arbitrary and mutated scripts to the script loader (scripts/fuzz script).
@main
enum FuzzScript {
    static func main() {
        FuzzDriver.main(.script)
    }
}
