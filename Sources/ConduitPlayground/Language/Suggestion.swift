/// Finds the known word closest to a misspelt one, for "did you mean" hints.
enum Suggestion {
    /// The candidate within a small edit distance of `word`, if any.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = word.count <= 3 ? 1 : max(2, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        if best == nil, let prefixed = candidates.first(where: { $0.hasPrefix(word) || word.hasPrefix($0) }),
            word.count >= 3 {
            return prefixed
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
