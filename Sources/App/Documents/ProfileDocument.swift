import Game

/// `clean profile --json` and `GET /api/v1/profile`: DESIGN.md's profile.
package struct ProfileDocument: Encodable {
    package struct CalendarDay: Encodable {
        let date: String
        let state: String
    }

    let totalXP: Int
    let level: Int
    let levelTitle: String
    let levelProgress: Double
    let xpToNextLevel: Int
    let currentStreak: Int
    let longestStreak: Int
    let streakFreezesRemaining: Int
    let tier: String
    let photosReviewed: Int
    let photosDeleted: Int
    let bytesFreed: Int
    let roundsCompleted: Int
    let bossesDefeated: Int
    let achievementsUnlocked: Int
    let calendar: [CalendarDay]

    package init(_ view: PlayerView) {
        let p = view.profile
        totalXP = p.totalXP
        level = view.level.number
        levelTitle = view.level.title
        levelProgress = view.level.progress
        xpToNextLevel = view.level.xpToNextLevel
        currentStreak = view.currentStreak
        longestStreak = p.longestStreak
        streakFreezesRemaining = p.freezesRemaining
        tier = view.tier.rawValue
        photosReviewed = p.photosReviewed
        photosDeleted = p.photosDeleted
        bytesFreed = p.bytesFreed
        roundsCompleted = p.roundsCompleted
        bossesDefeated = p.bossesDefeated
        achievementsUnlocked = p.achievementsUnlocked.count
        calendar = view.calendar.map { CalendarDay(date: $0.date.description, state: $0.state.rawValue) }
    }
}
