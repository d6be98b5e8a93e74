import Foundation
import GRDB

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
    /// For the suggested member, why the rule picked it ("largest resolution", "sharpest", "the original",
    /// "preferred format", "preferred folder", "oldest capture"); for another, where it falls short of it
    /// ("smaller", "less sharp", "edited or re-saved", "another format", "another folder", "newer").
    public var why: [String]

    public var id: Int64 { item.id! }
    public var bytes: Int64 { item.size + linked.reduce(0) { $0 + $1.size } }
}

extension CardGroup {
    /// The group of a duplicate (`category` duplicates, `key` its group) or a similar photo (`key`
    /// the kept photo), with the members the index holds now: not in the trash, not waiting in a
    /// pending batch, not in a store another program owns; hard links to one file shown once.
    static func fetch(_ db: Database, category: CardCategory, key: Int64, rule: KeeperRule = .defaults) throws -> CardGroup? {
        guard let column = CardQueue.groupColumn[category] else { return nil }
        let items = try ItemRecord.fetchAll(db, sql: """
            SELECT * FROM item WHERE \(column) = ? AND store IS NULL AND id NOT IN (\(CardQueue.leaving)) ORDER BY path
            """, arguments: [key])
        // The rule's choice first (`[keep]`); of hard links to one file, the first stands for them all.
        var seen = Set<[Int64]>()
        let distinct = rule.ranked(items).filter { seen.insert([$0.device, $0.inode]).inserted }
        guard distinct.count > 1, let first = distinct.first else { return nil }
        let others = distinct.dropFirst().sorted { $0.path.lexicographicallyPrecedes($1.path) }
        var linked: [Int64: [ItemRecord]] = [:]
        let ids = distinct.map { String($0.id!) }.joined(separator: ",")
        for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo IN (\(ids)) ORDER BY path") {
            linked[item.linkedTo!, default: []].append(item)
        }
        let suggested = GroupMember(item: first, linked: linked[first.id!] ?? [], suggested: true,
                                    why: rule.wins(first, over: Array(others)).map(KeeperRule.words))
        return CardGroup(id: key, members: [suggested] + others.map {
            GroupMember(item: $0, linked: linked[$0.id!] ?? [], suggested: false, why: rule.wins(first, over: [$0]).map(KeeperRule.shortfall))
        })
    }
}
