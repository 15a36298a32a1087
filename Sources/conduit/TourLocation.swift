/// Where the guided tour's progress is kept between runs: `~/.conduit_tour` (beside the history),
/// or the file named by `CONDUIT_TOUR`; an empty `CONDUIT_TOUR` keeps it for the session only.
enum TourLocation {
    static func path() -> String? {
        if let configured = Terminal.environment("CONDUIT_TOUR") {
            return configured.isEmpty ? nil : configured
        }
        if let home = Terminal.environment("HOME"), !home.isEmpty {
            return home + "/.conduit_tour"
        }
        return nil
    }
}
