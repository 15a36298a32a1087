/// `tour`: the guided lessons. Each step asks for something to type; after every line that runs,
/// the session checks whether the step is done (by what the line did) and moves on.
enum TourCommands {
    static let usage = "tour [next|N|list|off]"

    static let all: [CommandSpec] = [
        CommandSpec(
            "tour", usage: usage,
            summary: "a guided tour, \(TourLessons.all.count) short lessons checked as you type: `tour` starts or "
                + "resumes it, `tour next` or `tour 3` moves, `tour list` shows them, `tour off` leaves it",
            example: "tour", arguments: [.word(["next", "list", "off"])]
        ) { parser, word in
            let argument = parser.current
            let action: TourAction
            switch argument.kind {
            case .end: action = .show
            case .identifier("next"): action = .next
            case .identifier("list"): action = .list
            case .identifier("off"): action = .off
            case .integer(let number) where (1...TourLessons.all.count).contains(number): action = .lesson(number - 1)
            case .integer:
                throw SyntaxError(
                    "there are \(TourLessons.all.count) lessons: `tour 1` to `tour \(TourLessons.all.count)`",
                    at: argument)
            default:
                throw SyntaxError(
                    "`tour` takes `next`, `list`, `off` or a lesson number (1 to \(TourLessons.all.count)); "
                        + "`tour` alone starts or resumes it",
                    at: argument)
            }
            if argument.kind != .end { parser.advance() }
            return Statement(word.display) { session in session.tour(action) }
        },
    ]
}

/// What `tour` was asked to do.
enum TourAction: Equatable {
    case show, next, list, off
    case lesson(Int)
}

extension Interpreter {
    /// Keeps the tour's progress in `file` from now on (the interactive playground's
    /// `~/.conduit_tour`), resuming where it was left; nil keeps it for this session only.
    ///
    /// - Parameter file: The file that keeps the progress; `nil` for none.
    func rememberTour(in file: String?) {
        tourProgress = TourProgress.load(from: file)
    }

    /// For the banner: where a tour remembered from an earlier run stands, if one was begun.
    var tourResumeHint: String? {
        let progress = tourProgress
        guard progress.file != nil, progress.lesson > 0 || progress.step > 0 || !progress.done.isEmpty else {
            return nil
        }
        return "Your tour is at lesson \(progress.lesson + 1), step \(progress.step + 1) "
            + "(\(progress.done.count) of \(TourLessons.all.count) lessons done): `tour` resumes it."
    }

    func tour(_ action: TourAction) {
        let lessons = TourLessons.all
        tourProgress.justMoved = true
        switch action {
        case .show:
            tourProgress.isOn = true
            info(tourStepText(heading: true))
        case .next:
            let next = tourProgress.lesson + 1
            guard next < lessons.count else {
                tourProgress.isOn = false
                info("that was the last lesson; `tour 1` starts again, `help topics` explains the concepts")
                tourProgress.save()
                return
            }
            startLesson(next)
        case .lesson(let index):
            startLesson(index)
        case .list:
            let rows = lessons.enumerated().map { index, lesson in
                let mark = tourProgress.done.contains(index) ? "✓" : index == tourProgress.lesson ? "▸" : " "
                return "  \(mark) \(index + 1). \(lesson.title)"
            }
            info((["tour (\(tourProgress.done.count) of \(lessons.count) done; `tour N` goes to one):"] + rows)
                .joined(separator: "\n"))
        case .off:
            tourProgress.isOn = false
            info("tour off at lesson \(tourProgress.lesson + 1), step \(tourProgress.step + 1); `tour` resumes it")
        }
        tourProgress.save()
    }

    private func startLesson(_ index: Int) {
        tourProgress.isOn = true
        tourProgress.lesson = index
        tourProgress.step = 0
        info(tourStepText(heading: true))
    }

    /// The current step, with the lesson's title and intro when `heading`.
    private func tourStepText(heading: Bool) -> String {
        let lessons = TourLessons.all
        let lesson = lessons[tourProgress.lesson]
        let step = lesson.steps[tourProgress.step]
        let ask = "  step \(tourProgress.step + 1)/\(lesson.steps.count): \(step.ask)"
        guard heading else { return ask }
        return "tour lesson \(tourProgress.lesson + 1)/\(lessons.count): \(lesson.title)\n  \(lesson.intro)\n" + ask
    }

    /// After a line ran: if the tour is on and the line did what the step asks, says so and moves to
    /// the next step (or lesson). `printed` is what the line printed.
    func checkTourStep(printed: [OutputRecord]) {
        guard tourProgress.isOn, !tourProgress.justMoved else {
            tourProgress.justMoved = false
            return
        }
        let lessons = TourLessons.all
        let lesson = lessons[tourProgress.lesson]
        let step = lesson.steps[tourProgress.step]
        guard step.check(TourCheck(session: self, printed: printed)) else { return }
        var text = "✓ " + step.done
        if tourProgress.step + 1 < lesson.steps.count {
            tourProgress.step += 1
            text += "\n" + tourStepText(heading: false)
        } else {
            tourProgress.done.insert(tourProgress.lesson)
            if tourProgress.lesson + 1 < lessons.count {
                tourProgress.lesson += 1
                tourProgress.step = 0
                text += "\nlesson \(tourProgress.lesson) done. " + tourStepText(heading: true)
            } else {
                tourProgress.isOn = false
                tourProgress.lesson = 0
                tourProgress.step = 0
                text += "\nthe tour is done: all \(lessons.count) lessons. `help topics` explains the concepts, and "
                    + "scripts/examples/lesson-*.conduit go further"
            }
        }
        tourProgress.save()
        info(text)
    }
}
