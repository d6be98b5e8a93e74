import Game

/// Boss names are what `clean boss NAME` takes: each names one boss, and none is a word the command keeps for itself.
enum BossNames {
    /// Words `clean boss` takes that cannot be a boss's name.
    static let reserved: Set<String> = ["list", "weekly"]

    static func check(_ configuration: Configuration, file: String) throws(ConfigError) {
        var seen: Set<String> = []
        for (index, boss) in configuration.game.bosses.enumerated() {
            if reserved.contains(boss.name) || boss.name.isEmpty {
                throw .invalidValue(file: file, key: "game.bosses[\(index)].name",
                                    message: "cannot be '\(boss.name)' (`clean boss \(boss.name)` means something else); choose another name")
            }
            if !seen.insert(boss.name).inserted {
                throw .invalidValue(file: file, key: "game.bosses[\(index)].name", message: "'\(boss.name)' names two bosses; give each its own name")
            }
        }
        var weekly: Set<String> = []
        for (index, boss) in configuration.game.weeklyBosses.enumerated() {
            let key = "game.weekly_bosses[\(index)]"
            if boss.name.isEmpty { throw .invalidValue(file: file, key: key + ".name", message: "is empty; give the boss a name") }
            if !weekly.insert(boss.name).inserted {
                throw .invalidValue(file: file, key: key + ".name", message: "'\(boss.name)' names two weekly bosses; give each its own name")
            }
            try checkFilter(boss.filter, key: key + ".filter", file: file)
        }
        var events: Set<String> = []
        for (index, event) in configuration.game.events.enumerated() {
            let key = "game.events[\(index)]"
            if !events.insert(event.name).inserted || event.name.isEmpty {
                throw .invalidValue(file: file, key: key + ".name", message: "'\(event.name)' must name one event; give each its own name")
            }
            for (field, text) in [("from", event.from), ("until", event.until)] where XPEvent.monthDay(text) == nil {
                throw .invalidValue(file: file, key: key + "." + field, message: "must be a day of the year as \"MM-DD\" (it is \"\(text)\")")
            }
        }
    }

    /// A filter's numbers are sizes, pixels and years: none below its least, and a range that can hold a file.
    private static func checkFilter(_ filter: BossFilter, key: String, file: String) throws(ConfigError) {
        let numbers: [(String, Int?, ClosedRange<Int>)] = [
            ("min_bytes", filter.minBytes, 0...(1 << 50)), ("max_bytes", filter.maxBytes, 0...(1 << 50)),
            ("this_week_years_ago", filter.thisWeekYearsAgo, 1...BossFilter.yearsBack),
            ("max_side", filter.maxSide, 1...1_000_000), ("min_side", filter.minSide, 1...1_000_000),
        ]
        for (field, value, range) in numbers {
            if let value, !range.contains(value) {
                throw .outOfRange(file: file, key: key + "." + field, range: "\(range.lowerBound)…\(range.upperBound)", value: "\(value)")
            }
        }
        if let folders = filter.folders, let empty = folders.firstIndex(where: { $0.split(separator: "/").isEmpty }) {
            throw .invalidValue(file: file, key: key + ".folders[\(empty)]", message: "is empty; name a folder such as \"WhatsApp/Media\"")
        }
    }
}
