import Foundation

/// Where a learner is in the tour: whether it is on, the lesson and step, and the lessons done.
/// Kept for the session, and in a small file (`~/.conduit_tour` for the interactive playground)
/// when one is given, so that the tour resumes in the next run; scripts keep it in memory only.
struct TourProgress: Equatable {
    var isOn = false
    /// The lesson and step, from 0.
    var lesson = 0
    var step = 0
    /// The lessons finished, from 0.
    var done: Set<Int> = []
    /// The file it is remembered in, if any.
    var file: String?
    /// Set by `tour` itself, so that the line that moved the tour is not taken as the step's answer.
    var justMoved = false

    /// The progress a file remembers (nothing remembered, or a file that cannot be read, is the
    /// start of the tour, off).
    static func load(from file: String?) -> TourProgress {
        var progress = TourProgress(file: file)
        guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return progress }
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let key = words.first else { continue }
            let numbers = words.dropFirst().compactMap(Int.init)
            switch key {
            case "lesson": progress.lesson = numbers.first.map { $0 - 1 } ?? 0
            case "step": progress.step = numbers.first.map { $0 - 1 } ?? 0
            case "done": progress.done = Set(numbers.map { $0 - 1 })
            default: break
            }
        }
        let count = TourLessons.all.count
        progress.done = progress.done.filter { (0..<count).contains($0) }
        if !(0..<count).contains(progress.lesson) { progress.lesson = 0 }
        if !(0..<TourLessons.all[progress.lesson].steps.count).contains(progress.step) { progress.step = 0 }
        return progress
    }

    /// Writes the progress to its file, if it has one; a file that cannot be written is left as it
    /// is (the tour goes on in memory).
    func save() {
        guard let file else { return }
        let text = "lesson \(lesson + 1)\nstep \(step + 1)\ndone "
            + done.sorted().map { String($0 + 1) }.joined(separator: " ") + "\n"
        try? text.write(toFile: file, atomically: true, encoding: .utf8)
    }
}
