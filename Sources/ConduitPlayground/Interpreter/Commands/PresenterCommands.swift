/// The live page's presenter view (`conduit serve`, the address with `?present`): `lanes` picks
/// the lanes it shows while the lesson runs, as `serve --lanes` does at the start.
enum PresenterCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "lanes", usage: "lanes NAME, NAME... | lanes all",
            summary: "picks the lanes the live page's presenter view (`conduit serve`, `?present`) shows, at once: "
                + "subjects, sinks, objects and cold sources (a name brings its inner lanes); `lanes all` shows every "
                + "lane, `lanes` alone says which are shown",
            example: "lanes all", arguments: [.lane]
        ) { parser, word in
            var names: [Token] = []
            var everything = false
            while parser.current.kind != .end, !parser.current.isSymbol(";") {
                if parser.current.isSymbol(","), !names.isEmpty {
                    parser.advance()
                    continue
                }
                if parser.current.identifier == "all", names.isEmpty, !everything {
                    everything = true
                    parser.advance()
                    continue
                }
                guard !everything else {
                    throw SyntaxError("`lanes all` takes nothing after `all`", at: parser.current)
                }
                names.append(try parser.existingName(after: "lanes", usage: "lanes taps, out (or lanes all)"))
            }
            return Statement(word.display) { session in
                if everything {
                    session.presentLanes(named: [])
                } else if names.isEmpty {
                    session.describePresentedLanes()
                } else {
                    try session.present(names)
                }
            }
        },
    ]
}

extension Interpreter {
    /// The lanes the presenter view shows, in the order picked; empty for every lane.
    var presenterLanes: [String] {
        get { presentedLanes.withLock { $0 } }
        set { presentedLanes.withLock { $0 = newValue } }
    }

    /// `lanes a, b`: only these lanes in the presenter view, each a name that draws one.
    func present(_ names: [Token]) throws {
        let drawn = Set(laneGroups().joined())
        for name in names where !drawn.contains(name.display) {
            guard let entry = entries[name.display] else { throw unknown(name, expected: "lane") }
            throw SyntaxError("`lanes` takes subjects, sinks, objects and cold sources; `\(name.display)` is a "
                + "\(entry.kindName)", at: name)
        }
        var picked: [String] = []
        for name in names.map(\.display) where !picked.contains(name) { picked.append(name) }
        presentLanes(named: picked)
    }

    /// Sets the presenter view's lanes and says what it shows now.
    func presentLanes(named names: [String]) {
        presenterLanes = names
        describePresentedLanes()
    }

    /// `lanes`: which lanes the presenter view shows.
    func describePresentedLanes() {
        let names = presenterLanes
        info(names.isEmpty ? "the presenter view (`?present`) shows every lane"
            : "the presenter view (`?present`) shows " + names.joined(separator: ", ")
                + "; `lanes all` shows every lane")
    }
}
