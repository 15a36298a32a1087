/// How the playground writes durations and moments: `300ms`, `1.5s`, `@400ms`.
enum PlaygroundClock {
    static func format(nanoseconds: Int64) -> String {
        if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)s" }
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds < 1_000_000 { return nanoseconds % 1_000 == 0 ? "\(nanoseconds / 1_000)us" : "\(nanoseconds)ns" }
        return "\(nanoseconds / 1_000_000)ms"
    }
}
