import Game
import Settings

/// `GET /api/v1/settings`: what the web app's Settings page shows and changes, read from the effective
/// configuration, and the file a change is written to (the one `clean config set` writes).
package struct SettingsDocument: Encodable {
    /// One tier's daily limits (null: no limit).
    struct TierDocument: Encodable {
        let swipeSecondsPerDay: Int?
        let undosPerDay: Int?
        let freezesPerWeek: Int
    }

    let file: String
    let tier: String
    let tiers: [String: TierDocument]
    let badShots: Bool
    let strictness: Double
    let bigVideoBytes: Int64
    let oldPhotoYears: Int
    let theme: String

    init(_ configuration: Configuration, file: String) {
        self.file = file
        tier = configuration.player.tier.rawValue
        tiers = Dictionary(uniqueKeysWithValues: Tier.allCases.map { tier in
            let limits = configuration.game.tiers.limits(for: tier)
            return (tier.rawValue, TierDocument(swipeSecondsPerDay: limits.swipeSecondsPerDay, undosPerDay: limits.undosPerDay,
                                                freezesPerWeek: limits.freezesPerWeek))
        })
        badShots = configuration.quality.badShots
        strictness = configuration.quality.strictness
        bigVideoBytes = configuration.scan.bigVideoBytes
        oldPhotoYears = configuration.scan.oldPhotoYears
        theme = configuration.web.theme.rawValue
    }

    /// The keys the Settings page may write: the tier and its limits, bad shots, big videos, old photos and
    /// the theme (the rest stays `clean config set`'s: where the trash is, what a scan skips, …).
    package static let keys: Set<String> = [
        "player.tier", "game.tiers.free.swipe_seconds_per_day", "game.tiers.free.undos_per_day", "game.tiers.free.freezes_per_week",
        "game.tiers.pro.freezes_per_week", "quality.bad_shots", "quality.strictness", "scan.big_video_bytes", "scan.old_photo_years",
        "web.theme",
    ]
}

extension AppService {
    package func settings() throws -> SettingsDocument {
        SettingsDocument(try context().configuration, file: ConfigLoader.userFile(environment: environment))
    }

    /// Writes `key = value` to the user's configuration file as `clean config set KEY VALUE` does (the
    /// value as TOML text: `300`, `true`, `pro`); a bad key or value changes nothing and says why.
    package func setSetting(key: String, value: String) throws -> SettingsDocument {
        guard SettingsDocument.keys.contains(key) else {
            throw CleanError("'\(key)' is not set from the Settings page (`clean config set` sets every key)")
        }
        _ = try ConfigEditor.set(key: key, value: value, environment: environment)
        return try settings()
    }

    /// The theme the pages are drawn in (`system` when the configuration cannot be read).
    package func theme() -> String {
        (try? ConfigLoader.load(environment: environment).0.web.theme.rawValue) ?? Theme.system.rawValue
    }
}
