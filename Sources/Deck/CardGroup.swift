import Foundation
import GRDB
import Keeping
import Library

/// A duplicate or similar group dealt as one card: every copy side by side, the one the rule
/// suggests keeping first. The player chooses which members stay (at least one); the others go.
public struct CardGroup: Sendable, Equatable {
    /// The duplicate group's id, or for similar photos the id of the photo its group keeps.
    public var id: Int64
    /// The suggested member first, then the others by path.
    public var members: [GroupMember]

    public var suggested: GroupMember { members[0] }

    /// The member at `position` as listed (1-based), if any.
    public func member(at position: Int) -> GroupMember? {
        members.indices.contains(position - 1) ? members[position - 1] : nil
    }
}

/// One file of a group card, with the files linked to it (a Live Photo's movie, sidecars).
public struct GroupMember: Sendable, Equatable {
    public var item: ItemRecord
    public var linked: [ItemRecord]
    public var suggested: Bool
    /// For the suggested member, why the rule picked it ("largest resolution", "the original", "best quality",
    /// "not edited", "preferred format", "sharpest frame", …); for another, what it lost against it ("half
    /// the size", "cropped", "no camera data", "re-saved at quality 40", "brightened", "converted to PNG", …).
    public var why: [String]
    /// What this copy has that the suggested copy lacks, what deleting it loses (`OnlyHere`'s words:
    /// "location", "capture date", "camera", "live photo video", "sidecar", "higher resolution", "edits");
    /// `[]` for the suggested copy.
    public var onlyHere: [String] = []
    /// A video's length in seconds (from its fingerprint), nil for a photo or a video not sampled.
    public var duration: Double?
    /// For a video, the suggested video's time at which this copy's first frame shows (`VideoStarts`: a trimmed copy
    /// starts seconds in; 0 for the suggested copy itself); nil for a photo, or a video that does not align.
    public var startsAt: Double?

    public var id: Int64 { item.id! }
    public var bytes: Int64 { item.size + linked.reduce(0) { $0 + $1.size } }
}

extension CardGroup {
    /// The group of a duplicate (`category` duplicates, `key` its group) or a similar photo (`key`
    /// the kept photo), with the members the index holds now: not in the trash, not waiting in a
    /// pending batch, not in a store another program owns; hard links to one file shown once.
    static func fetch(_ db: Database, category: CardCategory, key: Int64, rule: KeeperRule = .defaults) throws -> CardGroup? {
        guard let column = CardCategory.groupColumn[category] else { return nil }
        let items = try ItemRecord.fetchAll(db, sql: """
            SELECT * FROM item WHERE \(column) = ? AND store IS NULL AND id NOT IN (\(CardQueue.leaving)) ORDER BY path
            """, arguments: [key])
        // The rule's choice first (`[keep]`, the one keep rule the scan's kept copy follows too).
        let (distinct, facts, looks, linked) = try KeptCopies.ranked(items, similar: category == .similar, rule: rule, db)
        guard distinct.count > 1, let first = distinct.first, let keeper = facts.first else { return nil }
        let factsByID = Dictionary(uniqueKeysWithValues: facts.map { ($0.id, $0) })
        let context = rule.context(facts, looks)
        let others = distinct.dropFirst().sorted { $0.path.lexicographicallyPrecedes($1.path) }
        let starts = first.kind == .video ? try VideoStarts.of(distinct.map { $0.id! }, against: first.id!, db) : [:]
        let suggested = GroupMember(item: first, linked: linked[first.id!] ?? [], suggested: true,
                                    why: rule.decided(keeper, over: others.map { factsByID[$0.id!]! }, context), duration: keeper.duration,
                                    startsAt: first.kind == .video ? 0 : nil)
        return CardGroup(id: key, members: [suggested] + others.map { member in
            let copy = factsByID[member.id!]!
            return GroupMember(item: member, linked: linked[member.id!] ?? [], suggested: false,
                               why: rule.losses(copy, keeper: keeper, context),
                               onlyHere: OnlyHere.of(member, against: first, facts: (copy, keeper), looks: looks, context: context),
                               duration: copy.duration, startsAt: starts[member.id!])
        })
    }
}

extension KeptWholeGroup {
    /// The mark of a group card the player kept whole: the group's key and the members the card showed.
    public init(category: CardCategory, group: CardGroup) {
        self.init(category: category, key: group.id, members: group.members.map(\.id))
    }
}
