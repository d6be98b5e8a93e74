import Deck
import FileSystem
import Foundation
import Game
import Keeping
import Library
import Play
import Scanning
import Testing

/// Duplicates dealt as group cards: the player names the members that stay (at least one, all of the
/// group), the others go against them; undo takes the whole decision back; a kept member that changed
/// or vanished before the confirmation moves nothing of its group.
@Suite struct GroupCardTests {
    /// Three copies of one content (the camera copy suggested) and a screenshot.
    static func fixture() throws -> PlayFixture {
        let copy = jpegData(4000)
        return try PlayFixture(files: ["DCIM/Camera/a.jpg": copy, "Backup/a.jpg": copy, "WhatsApp/a.jpg": copy,
                                       "x/" + screenshotName: pngData(900)])
    }

    static func session(_ context: PlayContext) throws -> RoundSession {
        RoundSession(cards: try context.cards(.duplicates), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
    }

    @Test func aGroupIsOneCardWithTheSuggestedMemberFirst() throws {
        let fixture = try Self.fixture()
        let cards = try fixture.context.cards(.duplicates)
        #expect(cards.count == 1)
        let group = try #require(cards.first?.group)
        #expect(group.members.map { $0.item.rawPath.description } == ["DCIM/Camera/a.jpg", "Backup/a.jpg", "WhatsApp/a.jpg"].map(fixture.path))
        #expect(group.members.map(\.suggested) == [true, false, false])
        #expect(group.suggested.why == ["preferred folder"])
        #expect(group.members.dropFirst().allSatisfy { $0.why.first == "another folder" })
    }

    @Test func keepNamesTheMembersThatStayAndTheOthersGo() throws {
        let fixture = try Self.fixture()
        let context = fixture.context
        let session = try Self.session(context)
        let group = try #require(session.current?.group)
        // Refused, nothing recorded: no member, a member of no group, a position past the end.
        #expect(session.apply(.keepItems([])) == .refused("keep names no member: at least one member stays."))
        if case .refused = session.apply(.keepItems([999_999])) {} else { Issue.record("a foreign id was taken") }
        if case .refused = session.apply(.keepPositions([4])) {} else { Issue.record("position 4 of 3 was taken") }
        #expect(session.decisions.isEmpty && session.current?.group == group)
        // Keep the third: the first two go, each against the kept one.
        #expect(session.apply(.keepPositions([3])) == .deleted(session.queued[0]))
        #expect(session.deletedCards.map(\.item.rawPath.description) == ["DCIM/Camera/a.jpg", "Backup/a.jpg"].map(fixture.path))
        #expect(session.deletedCards.allSatisfy { $0.twin?.rawPath.description == fixture.path("WhatsApp/a.jpg") })
        #expect(session.keptCount == 1 && session.cardsDecided == 1)
        let report = try context.finish(session, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        #expect(report.deleted == 2 && report.skipped.isEmpty, "\(report.skipped)")
        #expect(!fixture.exists("DCIM/Camera/a.jpg") && !fixture.exists("Backup/a.jpg") && fixture.exists("WhatsApp/a.jpg"))
    }

    @Test func deleteKeepsTheSuggestedMemberAndKeepKeepsThemAll() throws {
        let fixture = try Self.fixture()
        let session = try Self.session(fixture.context)
        session.apply(.delete)
        #expect(session.deletedCards.map(\.item.rawPath.description) == ["Backup/a.jpg", "WhatsApp/a.jpg"].map(fixture.path))
        session.apply(.undo)
        #expect(session.decisions.isEmpty && session.current?.group != nil)  // undo takes the whole group back
        session.apply(.keep)
        #expect(session.deletedCards.isEmpty && session.keptCount == 3)
    }

    @Test func aKeptMemberThatVanishedBeforeTheConfirmationMovesNothingOfItsGroup() throws {
        let fixture = try Self.fixture()
        let context = fixture.context
        let session = try Self.session(context)
        session.apply(.keepPositions([2]))
        let pending = try context.finish(session, kind: .boss("duplicates"), startedAt: fixture.now, answer: .no)
        try FileManager.default.removeItem(atPath: fixture.path("Backup/a.jpg"))
        let roundID = try #require(pending.roundID)
        let report = try #require(try context.confirmPending(roundID))
        #expect(report.deleted == 0)
        #expect(report.skipped.count == 2)
        #expect(report.skipped.allSatisfy { $0.1.contains("is gone since it was dealt") }, "\(report.skipped)")
        #expect(fixture.exists("DCIM/Camera/a.jpg") && fixture.exists("WhatsApp/a.jpg"))
    }

    /// The same index and rules `days` later (past the 30 days a kept file rests otherwise).
    static func later(_ context: PlayContext, days: Int) -> PlayContext {
        PlayContext(library: context.library, trash: context.trash, rules: context.rules, tier: context.tier,
                    now: context.now.addingTimeInterval(Double(days) * 86_400), calendar: context.calendar,
                    thresholds: context.thresholds, keptCooldownDays: context.keptCooldownDays)
    }

    /// Keeps the fixture's group whole and confirms.
    static func keepWhole(_ fixture: PlayFixture) throws -> PlayContext {
        let context = fixture.context
        let session = try session(context)
        session.apply(.keep)
        _ = try context.finish(session, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        return context
    }

    func rescan(_ fixture: PlayFixture) throws {
        _ = try fixture.library.scan(ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar))
    }

    @Test func aGroupKeptWholeIsNotDealtAgainWhileItStandsAsItWas() throws {
        let fixture = try Self.fixture()
        let context = try Self.keepWhole(fixture)
        #expect(try context.cards(.duplicates).isEmpty)
        // Long past the days a kept file rests, in a round as in the boss.
        let later = Self.later(context, days: 90)
        #expect(try later.cards(.duplicates).isEmpty)
        #expect(try later.cards(nil).allSatisfy { $0.item.duplicateGroup == nil })
        // A rescan that finds the group as it was changes nothing.
        try rescan(fixture)
        #expect(try later.cards(.duplicates).isEmpty)
    }

    /// A group whose third copy went to the trash comes back as a card of two; kept whole, it stays kept (the
    /// copy in the trash is no member that joined).
    @Test func aGroupKeptWholeBesideACopyInTheTrashStaysKept() throws {
        let fixture = try Self.fixture()
        let context = fixture.context
        let first = try Self.session(context)
        first.apply(.keepPositions([1, 2]))
        let report = try context.finish(first, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        #expect(report.deleted == 1)
        let two = try Self.session(context)
        #expect(two.current?.group?.members.count == 2)
        two.apply(.keep)
        _ = try context.finish(two, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        #expect(try Self.later(context, days: 90).cards(.duplicates).isEmpty)
    }

    /// A copy deleted from its group, then restored after the rest was kept whole, is the player's own choice:
    /// the group is not dealt again (it would be, were the copy a new member), before or after a rescan.
    @Test func aRestoredCopyDoesNotDealItsKeptWholeGroupAgain() throws {
        let fixture = try Self.fixture()
        let context = fixture.context
        let first = try Self.session(context)
        first.apply(.keepPositions([1, 2]))
        #expect(try context.finish(first, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes).deleted == 1)
        let two = try Self.session(context)
        two.apply(.keep)
        _ = try context.finish(two, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        let id = try #require(try fixture.library.filesInTrash().first?.id)
        #expect(try context.restore([id], renameIfTaken: false).restored == [id])
        #expect(fixture.exists("WhatsApp/a.jpg"))
        #expect(try Self.later(context, days: 90).cards(.duplicates).isEmpty)
        try rescan(fixture)
        #expect(try Self.later(context, days: 90).cards(.duplicates).isEmpty)
        // A copy that is new to the group still deals it again.
        try Data(contentsOf: URL(fileURLWithPath: fixture.path("Backup/a.jpg"))).write(to: URL(fileURLWithPath: fixture.path("a.jpg")))
        try rescan(fixture)
        #expect(try Self.later(context, days: 90).cards(.duplicates).first?.group?.members.count == 4)
    }

    @Test func aGroupKeptWholeIsDealtAgainWhenANewMemberJoins() throws {
        let fixture = try Self.fixture()
        let context = try Self.keepWhole(fixture)
        // A fourth copy arrives: the group is dealt again, with every member.
        try Data(contentsOf: URL(fileURLWithPath: fixture.path("Backup/a.jpg"))).write(to: URL(fileURLWithPath: fixture.path("a.jpg")))
        try rescan(fixture)
        let again = try Self.later(context, days: 90).cards(.duplicates)
        #expect(again.count == 1 && again.first?.group?.members.count == 4)
    }

    @Test func aGroupKeptWholeIsDealtAgainWhenAMemberChanges() throws {
        let fixture = try Self.fixture()
        let context = try Self.keepWhole(fixture)
        // The same bytes written again (a sync tool's copy): a new mtime, still a member of the group.
        try FileManager.default.setAttributes([.modificationDate: fixture.now.addingTimeInterval(3_600)], ofItemAtPath: fixture.path("WhatsApp/a.jpg"))
        try rescan(fixture)
        #expect(try context.cards(.duplicates).isEmpty)  // kept days ago: resting, as any kept file
        let again = try Self.later(context, days: 90).cards(.duplicates)
        #expect(again.count == 1 && again.first?.group?.members.count == 3)
    }

    @Test func aCopyDealtOutsideItsGroupSaysWhereItsCopiesAre() throws {
        let fixture = try Self.fixture()
        // Copies last changed in 2015 (no capture date inside): old photos once rescanned.
        for folder in ["DCIM/Camera", "Backup", "WhatsApp"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_430_000_000)], ofItemAtPath: fixture.path(folder + "/a.jpg"))
        }
        _ = try fixture.library.scan(ScanRequest(roots: [RawPath(fixture.root + "/photos")], now: fixture.now, calendar: PlayFixture.calendar))
        let context = fixture.context
        // Two copies go through the group card; the one left is an old photo with its copies in the trash.
        let session = try Self.session(context)
        session.apply(.delete)
        _ = try context.finish(session, kind: .boss("duplicates"), startedAt: fixture.now, answer: .yes)
        let old = try #require(try fixture.library.cards(nil, policy: context.queuePolicy).first { $0.item.rawPath.description == fixture.path("DCIM/Camera/a.jpg") })
        let copies = try #require(old.copies)
        #expect(copies.elsewhere.isEmpty && copies.leaving == 2)
        #expect(CardReason.text(old, now: fixture.now).hasSuffix("its 2 other copies are in the trash: this is the last one; delete moves it too"))
    }

    /// Twelve groups of three copies read five cards at a time: every group is dealt once, whole (a page of
    /// rows holds fewer cards than rows, and the deck moves on by rows).
    @Test func aDeckReadInPagesDealsEveryGroupOnce() throws {
        var files: [String: Data] = [:]
        for group in 0..<12 {
            let copy = jpegData(3000 + group)
            for folder in ["DCIM/Camera", "Backup", "WhatsApp"] { files["\(folder)/g\(group).jpg"] = copy }
        }
        let fixture = try PlayFixture(files: files)
        let context = fixture.context
        let deck = try context.deck(.duplicates)
        #expect(deck.total == 12)
        var dealt: [Card] = []
        while !deck.isExhausted || dealt.isEmpty {
            let page = try deck.next(5)
            if page.isEmpty && deck.isExhausted { break }
            dealt += page
        }
        #expect(dealt.count == 12)
        #expect(Set(dealt.compactMap { $0.group?.id }).count == 12)
        #expect(dealt.allSatisfy { $0.group?.members.count == 3 })
    }

    /// The keeper rule of the configuration decides the suggestion: with DCIM avoided, a backup copy is suggested.
    @Test func theKeeperRuleChoosesTheSuggestedMember() throws {
        let fixture = try Self.fixture()
        var context = fixture.context
        context.keeper = KeeperRule(order: [.folder], formats: [], preferFolders: ["WhatsApp"], avoidFolders: ["DCIM"])
        let group = try #require(try context.cards(.duplicates).first?.group)
        #expect(group.suggested.item.rawPath.description == fixture.path("WhatsApp/a.jpg"))
        #expect(group.suggested.why == ["preferred folder"])
        #expect(group.members.last?.item.rawPath.description == fixture.path("DCIM/Camera/a.jpg") || group.members.count == 3)
        let session = RoundSession(cards: try context.cards(.duplicates), undoAllowance: nil, isDealable: PlayContext.isUnchanged)
        session.apply(.delete)
        #expect(Set(session.deletedCards.map(\.item.rawPath.description)) == Set(["DCIM/Camera/a.jpg", "Backup/a.jpg"].map(fixture.path)))
    }
}
