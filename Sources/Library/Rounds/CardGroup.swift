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
    /// For the suggested member, why the rule picked it ("largest resolution", "sharpest", "camera
    /// folder", "oldest capture"); for another, where it falls short of it (the same words).
    public var why: [String]

    public var id: Int64 { item.id! }
    public var bytes: Int64 { item.size + linked.reduce(0) { $0 + $1.size } }
}

extension CardGroup {
    /// The words that set `member` apart from the `others` in the rule's own order: what it has
    /// that none of them has (for the suggested member), or what it lacks that `than` has.
    static func reasons(_ member: ItemRecord, over others: [ItemRecord]) -> [String] {
        guard !others.isEmpty else { return [] }
        var words: [String] = []
        let pixels = { (item: ItemRecord) in (item.width ?? 0) * (item.height ?? 0) }
        if others.allSatisfy({ pixels(member) > pixels($0) }) { words.append("largest resolution") }
        if let sharp = member.sharpness, others.allSatisfy({ sharp > ($0.sharpness ?? -1) }) { words.append("sharpest") }
        if KeptCopyRule.isInCameraFolder(member.path) && others.allSatisfy({ !KeptCopyRule.isInCameraFolder($0.path) }) {
            words.append("camera folder")
        }
        if let date = member.capturedEpoch, others.allSatisfy({ date < ($0.capturedEpoch ?? .infinity) }) { words.append("oldest capture") }
        return words
    }

    /// What `member` lacks next to the suggested one, in the same words.
    static func shortfalls(_ member: ItemRecord, next suggested: ItemRecord) -> [String] {
        reasons(suggested, over: [member]).map { "not the " + $0 }
    }

    /// The group of a duplicate (`category` duplicates, `key` its group) or a similar photo (`key`
    /// the kept photo), with the members the index holds now: not in the trash, not waiting in a
    /// pending batch, not in a store another program owns; hard links to one file shown once.
    static func fetch(_ db: Database, category: CardCategory, key: Int64) throws -> CardGroup? {
        let column: String, kept: Int64?
        switch category {
        case .duplicates:
            column = "duplicateGroup"
            kept = try Int64.fetchOne(db, sql: "SELECT keptItem FROM duplicateGroup WHERE id = ?", arguments: [key])
        case .similar:
            column = "similarGroup"
            kept = key
        default: return nil
        }
        guard let kept else { return nil }
        let items = try ItemRecord.fetchAll(db, sql: """
            SELECT * FROM item WHERE \(column) = ? AND store IS NULL AND id NOT IN (\(CardQueue.leaving)) ORDER BY path
            """, arguments: [key])
        // The kept copy first (another by the same rule when it is in the trash or waiting to go), then by
        // shortest path: of hard links to one file, that one stands for them all.
        let ordered = items.sorted { a, b in
            if (a.id == kept) != (b.id == kept) { return a.id == kept }
            return KeptCopyRule.precedes(.init(id: a.id!, path: a.path, capturedEpoch: a.capturedEpoch),
                                         .init(id: b.id!, path: b.path, capturedEpoch: b.capturedEpoch))
        }
        var seen = Set<[Int64]>()
        let distinct = ordered.filter { seen.insert([$0.device, $0.inode]).inserted }
        guard distinct.count > 1, let first = distinct.first else { return nil }
        let others = distinct.dropFirst().sorted { $0.path.lexicographicallyPrecedes($1.path) }
        var linked: [Int64: [ItemRecord]] = [:]
        let ids = distinct.map { String($0.id!) }.joined(separator: ",")
        for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo IN (\(ids)) ORDER BY path") {
            linked[item.linkedTo!, default: []].append(item)
        }
        let suggested = GroupMember(item: first, linked: linked[first.id!] ?? [], suggested: true,
                                    why: reasons(first, over: Array(others)))
        return CardGroup(id: key, members: [suggested] + others.map {
            GroupMember(item: $0, linked: linked[$0.id!] ?? [], suggested: false, why: shortfalls($0, next: first))
        })
    }
}
