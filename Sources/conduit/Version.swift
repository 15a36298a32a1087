/// The playground's version, shown by `--version` and in the banner.
enum Version {
    static let full = "0.1.0"
    static let short = "0.1"
}
