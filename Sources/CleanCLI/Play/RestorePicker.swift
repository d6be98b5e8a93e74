import Foundation
import Library

/// `clean restore` alone on a terminal, as trash-restore does: the trash numbered, newest first,
/// then one line naming what to put back ("1 3-5", "all", Enter for nothing).
enum RestorePicker {
    /// The trash ids chosen; empty when the player chose nothing (or the input ended).
    static func pick(_ files: [TrashedRecord], calendar: Calendar) -> [Int64] {
        let cards = files.filter { $0.part == 0 }.sorted { ($0.deletedAt, $0.id!) > ($1.deletedAt, $1.id!) }
        guard !cards.isEmpty else {
            print("The trash is empty.")
            return []
        }
        let linked = Dictionary(grouping: files.filter { $0.part > 0 }, by: \.item)
        for (index, file) in cards.enumerated() {
            let extra = linked[file.item].map { " (+\($0.count) linked)" } ?? ""
            print("\(padLeft("\(index + 1)", 4))  \(DayText.dateTime(file.deletedAt, calendar: calendar))  "
                  + "\(padLeft(humanBytes(file.size), 9))  \(file.rawOriginalPath)\(extra)")
        }
        while true {
            print("Restore which? Numbers or ranges (1 3-5), all, or Enter for none: ", terminator: "")
            fflush(nil)
            guard let line = readLine() else { return [] }
            switch choose(line, count: cards.count) {
            case .success(let numbers): return numbers.map { cards[$0 - 1].id! }
            case .failure(let problem): print(problem.description)
            }
        }
    }

    struct Problem: Error, CustomStringConvertible { let description: String }

    /// "1 3-5", "2,4", "all" → the numbers chosen (1-based, each once, in order); "" → none.
    static func choose(_ line: String, count: Int) -> Result<[Int], Problem> {
        let text = line.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "all" || text == "a" { return .success(Array(1...count)) }
        var chosen: [Int] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let ends = word.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(ends.count), let low = ends.first ?? nil, let high = ends.last ?? nil, low <= high,
                  low >= 1, high <= count else {
                return .failure(Problem(description: "'\(word)' is not a number or range from 1 to \(count)"))
            }
            for number in low...high where !chosen.contains(number) { chosen.append(number) }
        }
        return .success(chosen)
    }
}
