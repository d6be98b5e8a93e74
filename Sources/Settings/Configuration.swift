import Game
import Library
import Media

/// Every setting of SwipeClean: the compiled-in defaults, overridden key by key by the user's file.
///
/// Its sections are the `[player]`, `[scan]`, `[trash]`, `[play]`, `[media]` and `[game]` tables
/// of `Config/swipeclean.toml`; each module owns the type of its own section.
public struct Configuration: Codable, Sendable, Equatable {
    public var player: PlayerSettings
    public var scan: ScanOptions
    public var trash: TrashSettings
    public var play: PlaySettings
    public var media: ScreenshotRules
    public var game: Rules

    public static let defaults = Configuration(
        player: PlayerSettings(tier: .free),
        scan: .defaults,
        trash: TrashSettings(directory: "", retentionDays: 30),
        play: PlaySettings(roundSeconds: 60, keptCooldownDays: 30, bell: false),
        media: .defaults,
        game: .defaults
    )
}

/// The `[player]` section.
public struct PlayerSettings: Codable, Sendable, Equatable {
    /// free or pro: the limits of `game.tiers` that apply.
    public var tier: Tier
}

/// The `[trash]` section.
public struct TrashSettings: Codable, Sendable, Equatable {
    /// The trash directory; empty means `$SWIPECLEAN_HOME/Trash`.
    public var directory: String
    /// Days an item stays in the trash before `clean trash empty` purges it by default.
    public var retentionDays: Int
}

/// The `[play]` section.
public struct PlaySettings: Codable, Sendable, Equatable {
    public var roundSeconds: Int
    public var keptCooldownDays: Int
    public var bell: Bool
}
