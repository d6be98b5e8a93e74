import Game

/// Boss names are what `clean boss NAME` takes: each names one boss, and none is a word the command keeps for itself.
enum BossNames {
    /// Words `clean boss` takes that cannot be a boss's name.
    static let reserved: Set<String> = ["list"]

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
    }
}
