/// "did you mean …?" for a mistyped word: the closest of the known words, when it is close enough.
enum DidYouMean {
    /// The known word nearest to `word` (edit distance at most 2, or a prefix of it), nil when none is.
    static func closest(to word: String, among known: [String]) -> String? {
        let lower = word.lowercased()
        let scored = known.map { ($0, distance(lower, $0.lowercased())) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, lower.count / 2)) { return best.0 }
        return known.first { lower.count >= 2 && $0.lowercased().hasPrefix(lower) }
    }

    /// "unknown WHAT 'word'; did you mean `PREFIX best`?" or the list of the known words.
    static func sentence(unknown what: String, _ word: String, among known: [String], command prefix: String) -> String {
        if let best = closest(to: word, among: known) { return "unknown \(what) '\(word)'; did you mean `\(prefix)\(best)`?" }
        return "unknown \(what) '\(word)'; choose one of: " + known.joined(separator: ", ")
    }

    /// Levenshtein distance over characters, with a transposition counting as one edit (scna → scan).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
