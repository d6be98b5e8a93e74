import Foundation
import Testing
@testable import Game

@Suite struct BossTests {
    /// Every boss: one short of the target stands; the target defeats it once; more progress never defeats it again.
    @Test(arguments: Rules.defaults.bosses)
    func bossIsDefeatedOnceAtItsTarget(_ boss: BossDefinition) {
        let first = instant("2026-03-10T12:00:00Z")
        let second = instant("2026-03-11T12:00:00Z")
        let third = instant("2026-03-12T12:00:00Z")
        let short = Bosses.record(confirmed: boss.target - 1, toward: boss.name, at: first, progress: [:], defeats: [:], rules: .defaults)
        #expect(short.defeated == nil && short.progress[boss.name] == boss.target - 1)
        let hit = Bosses.record(confirmed: 1, toward: boss.name, at: second, progress: short.progress, defeats: short.defeats, rules: .defaults)
        #expect(hit.defeated == boss && hit.defeats[boss.name] == second)
        let again = Bosses.record(confirmed: 5, toward: boss.name, at: third, progress: hit.progress, defeats: hit.defeats, rules: .defaults)
        #expect(again.defeated == nil && again.defeats[boss.name] == second)
    }

    @Test func unknownBossOrNothingConfirmedChangesNothing() {
        let now = instant("2026-03-10T12:00:00Z")
        #expect(Bosses.record(confirmed: 5, toward: "selfies", at: now, progress: [:], defeats: [:], rules: .defaults)
            == BossRecord(progress: [:], defeats: [:], defeated: nil))
        #expect(Bosses.record(confirmed: 0, toward: "videos", at: now, progress: ["videos": 3], defeats: [:], rules: .defaults)
            == BossRecord(progress: ["videos": 3], defeats: [:], defeated: nil))
    }

    /// Three battles against the Video Vault (target 10): 4 + 4 confirmed leave it standing at 8, 2 more defeat it and
    /// earn 500 XP on top of the round's own: 2 deletes + 50 + 500 = 552 base, on a 3-day streak × 2 = 1,104.
    @Test func progressIsKeptAcrossSessionsUntilTheBossFalls() {
        var profile = Profile()
        var outcomes: [RoundOutcome] = []
        for (offset, confirmed) in [4, 4, 2].enumerated() {
            let result = RoundResult(reviewed: confirmed + 1, kept: 1, deleted: confirmed, bytesFreed: 0, kind: .boss("videos"),
                                     confirmedTowardBoss: confirmed)
            let outcome = RoundEnd.apply(profile, result, now: instant("2026-03-1\(offset)T12:00:00+01:00"), calendar: calendar(),
                                         rules: .defaults, tier: .free)
            outcomes.append(outcome)
            profile = outcome.profile
        }
        #expect(outcomes.map { $0.events.bossDefeated?.name } == [nil, nil, "videos"])
        #expect(outcomes[2].events.baseXP == 552 && outcomes[2].events.roundXP == 1_104)
        let vault = Bosses.list(for: profile, rules: .defaults).first { $0.name == "videos" }
        #expect(vault?.progress == 10 && vault?.defeated == true && vault?.xpReward == 500)
        #expect(profile.bossesDefeated == 1)
    }
}
