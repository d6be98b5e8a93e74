import Foundation
import GRDB
import Imaging
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
        // The rule's choice first (`[keep]`); of hard links to one file, the first stands for them all.
        let (looks, linked) = try KeeperRule.looks(of: items, similar: category == .similar, db)
        var seen = Set<[Int64]>()
        let distinct = rule.ranked(items, looks: looks).filter { seen.insert([$0.device, $0.inode]).inserted }
        guard distinct.count > 1, let first = distinct.first else { return nil }
        let others = distinct.dropFirst().sorted { $0.path.lexicographicallyPrecedes($1.path) }
        let suggested = GroupMember(item: first, linked: linked[first.id!] ?? [], suggested: true,
                                    why: rule.decided(first, over: Array(others), in: distinct, looks: looks).map(KeeperRule.words))
        return CardGroup(id: key, members: [suggested] + others.map { member in
            GroupMember(item: member, linked: linked[member.id!] ?? [], suggested: false,
                        why: rule.wins(first, over: member, in: distinct, looks: looks).map {
                            rule.shortfall($0, member, keeper: first, in: distinct, looks: looks)
                        }.flatMap { $0.components(separatedBy: ", ") }  // `metadata` names several losses in one
                        .reduce(into: [String]()) { words, word in if !words.contains(word) { words.append(word) } },
                        onlyHere: OnlyHere.of(member, against: first, in: distinct, looks: looks, rule: rule))
        })
    }
}

extension KeeperRule {
    /// What the rule reads of a group beyond its rows, and the files linked to each member (by member id): for
    /// similar photos the thumbnails' centre brightness and how much of the scene each holds against the others;
    /// for every group the companions (a Live Photo's movie, sidecars) that `metadata` counts.
    static func looks(of items: [ItemRecord], similar: Bool, _ db: Database) throws -> (Looks, [Int64: [ItemRecord]]) {
        var looks = Looks()
        var linked: [Int64: [ItemRecord]] = [:]
        guard !items.isEmpty else { return (looks, linked) }
        let ids = items.map { String($0.id!) }.joined(separator: ",")
        if similar {
            var thumbnails: [(Int64, Thumbnail)] = []
            for row in try Row.fetchAll(db, sql: "SELECT item, pixels FROM photoThumbnail WHERE item IN (\(ids))") {
                let pixels: Data = row[1]
                looks.centreBrightness[row[0]] = Looks.centreBrightness(pixels)
                if let thumbnail = Thumbnail(pixels: [UInt8](pixels)) { thumbnails.append((row[0], thumbnail)) }
            }
            // How much of the scene each holds against the others (a crop or a turn holds a window of them).
            for (i, (id, thumbnail)) in thumbnails.enumerated() {
                for (other, otherThumbnail) in thumbnails[(i + 1)...] {
                    let agreement = thumbnail.agreement(with: otherThumbnail)
                    guard agreement.picture >= SceneAgreement.minimum else { continue }
                    looks.view[id] = min(looks.view[id] ?? 1, agreement.viewOfOther)
                    let back = otherThumbnail.agreement(with: thumbnail)
                    looks.view[other] = min(looks.view[other] ?? 1, back.viewOfOther)
                }
            }
        }
        for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo IN (\(ids)) ORDER BY path") {
            linked[item.linkedTo!, default: []].append(item)
            if let kind = item.linkKind { looks.companions[item.linkedTo!, default: []].insert(kind) }
        }
        return (looks, linked)
    }

    /// The photo a similar group of `ids` keeps by this rule, as its card suggests (the group's key,
    /// `similarGroup`, that `items --json` names): nil when none of them is in the index.
    package static func keptPhoto(of ids: [Int64], _ db: Database, rule: KeeperRule = .defaults) throws -> Int64? {
        guard !ids.isEmpty else { return nil }
        let items = try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE id IN (\(ids.map(String.init).joined(separator: ","))) ORDER BY path")
        var seen = Set<[Int64]>()
        let distinct = rule.ranked(items, looks: try looks(of: items, similar: true, db).0).filter { seen.insert([$0.device, $0.inode]).inserted }
        return distinct.first?.id
    }
}

extension KeptWholeGroup {
    /// The mark of a group card the player kept whole: the group's key and the members the card showed.
    public init(category: CardCategory, group: CardGroup) {
        self.init(category: category, key: group.id, members: group.members.map(\.id))
    }
}
