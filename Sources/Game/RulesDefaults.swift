import Foundation

/// The shipped rules; Config/swipeclean.toml's `[game]` holds the same values.
extension Rules {
    public static let defaults = Rules(
        xp: XPRules(perPhotoDeleted: 1, perRound: 50, bonusBytesStep: 104_857_600, perBonusStep: 100),
        multiplierLadder: [1, 1.5, 2, 2.5, 3],
        eveningNudgeHour: 18,
        earlyRoundHour: 7,
        lateRoundHour: 21,
        dailyChallenges: 2,
        weeklyChallenges: 1,
        tiers: TierRules(
            free: TierLimits(freezesPerWeek: 1, swipeSecondsPerDay: 300, undosPerDay: 3),
            pro: TierLimits(freezesPerWeek: 3)
        ),
        levels: [
            LevelDefinition(title: "Data Hoarder", xpRequired: 0),
            LevelDefinition(title: "Digital Declutterer", xpRequired: 500),
            LevelDefinition(title: "Photo Organizer", xpRequired: 2_000),
            LevelDefinition(title: "Storage Ninja", xpRequired: 5_000),
            LevelDefinition(title: "Digital Janitor", xpRequired: 10_000),
            LevelDefinition(title: "Cleanup Veteran", xpRequired: 25_000),
            LevelDefinition(title: "Zen Master", xpRequired: 50_000),
        ],
        achievements: [
            AchievementDefinition(id: "first-steps", title: "First Steps", category: .milestones, tier: .bronze, metric: .photosDeleted, required: 1),
            AchievementDefinition(id: "getting-started", title: "Getting Started", category: .volume, tier: .bronze, metric: .photosDeleted, required: 100),
            AchievementDefinition(id: "photo-purger", title: "Photo Purger", category: .volume, tier: .silver, metric: .photosDeleted, required: 1_000),
            AchievementDefinition(id: "gigabyte-club", title: "Gigabyte Club", category: .storage, tier: .silver, metric: .bytesFreed, required: 1_073_741_824),
            AchievementDefinition(id: "week-warrior", title: "Week Warrior", category: .consistency, tier: .silver, metric: .streak, required: 7),
            AchievementDefinition(id: "monthly-master", title: "Monthly Master", category: .consistency, tier: .gold, metric: .streak, required: 30),
            AchievementDefinition(id: "year-round", title: "Year-Round", category: .consistency, tier: .platinum, metric: .streak, required: 365),
            AchievementDefinition(id: "boss-slayer", title: "Boss Slayer", category: .challenges, tier: .bronze, metric: .bossesDefeated, required: 1),
            AchievementDefinition(id: "boss-hunter", title: "Boss Hunter", category: .challenges, tier: .gold, metric: .bossesDefeated, required: 5),
            AchievementDefinition(id: "zen-master", title: "Zen Master", category: .milestones, tier: .platinum, metric: .level, required: 7),
            AchievementDefinition(id: "centurion", title: "Centurion", category: .milestones, tier: .gold, metric: .roundsCompleted, required: 100),
            AchievementDefinition(id: "well-rounded", title: "Well Rounded", category: .variety, tier: .silver, metric: .bossKindsFought, required: 4),
            AchievementDefinition(id: "early-bird", title: "Early Bird", category: .timing, tier: .bronze, metric: .earlyRounds, required: 1),
            AchievementDefinition(id: "night-owl", title: "Night Owl", category: .timing, tier: .bronze, metric: .lateRounds, required: 1),
            AchievementDefinition(id: "perfect-week", title: "Perfect Week", category: .consistency, tier: .gold, metric: .daysCompletedInOneWeek, required: 7),
            AchievementDefinition(id: "marathon", title: "Marathon", category: .volume, tier: .silver, metric: .roundsInOneDay, required: 10),
            AchievementDefinition(id: "space-maker", title: "Space Maker", category: .storage, tier: .gold, metric: .bytesFreed, required: 10_737_418_240),
        ],
        bosses: [
            BossDefinition(name: "screenshots", title: "The Screenshot Purge", summary: "screenshots", category: .screenshots, target: 50, xpReward: 500),
            BossDefinition(name: "videos", title: "Video Vault", summary: "videos over 100 MB", category: .videos, target: 10, xpReward: 500),
            BossDefinition(name: "old", title: "Blast from the Past", summary: "photos over 2 years old", category: .old, target: 100, xpReward: 500),
            BossDefinition(name: "duplicates", title: "Double Trouble", summary: "extra copies of identical files", category: .duplicates, target: 25, xpReward: 500),
            BossDefinition(name: "similar", title: "Seeing Double", summary: "near-duplicates and burst frames", category: .similar, target: 50, xpReward: 500),
        ],
        challenges: [
            ChallengeDefinition(id: "delete-25-today", title: "Delete 25 photos today", period: .daily, metric: .photosDeleted, target: 25, xpReward: 50),
            ChallengeDefinition(id: "review-100-today", title: "Review 100 photos today", period: .daily, metric: .photosReviewed, target: 100, xpReward: 50),
            ChallengeDefinition(id: "free-100-mib-today", title: "Free 100 MiB today", period: .daily, metric: .bytesFreed, target: 104_857_600, xpReward: 75),
            ChallengeDefinition(id: "three-rounds-today", title: "Complete 3 rounds today", period: .daily, metric: .roundsCompleted, target: 3, xpReward: 50),
            ChallengeDefinition(id: "boss-today", title: "Fight a boss today", period: .daily, metric: .bossesFought, target: 1, xpReward: 50),
            ChallengeDefinition(id: "early-bird-today", title: "Play a round before 7 am", period: .daily, metric: .earlyRounds, target: 1, xpReward: 50),
            ChallengeDefinition(id: "ten-rounds-this-week", title: "Complete 10 rounds this week", period: .weekly, metric: .roundsCompleted, target: 10, xpReward: 200),
            ChallengeDefinition(id: "two-bosses-this-week", title: "Fight 2 different bosses this week", period: .weekly, metric: .bossesFought, target: 2, xpReward: 200),
            ChallengeDefinition(id: "delete-200-this-week", title: "Delete 200 photos this week", period: .weekly, metric: .photosDeleted, target: 200, xpReward: 200),
            ChallengeDefinition(id: "keep-streak-3-days", title: "Protect your streak on 3 days", period: .weekly, metric: .streakDaysKept, target: 3, xpReward: 200),
            ChallengeDefinition(id: "free-1-gib-this-week", title: "Free 1 GiB this week", period: .weekly, metric: .bytesFreed, target: 1_073_741_824, xpReward: 250),
        ]
    )
}
