import Foundation
import GRDB
import Imaging
import Library

/// The keep rule applied to the groups the index holds: the copy a duplicate group keeps (`keptItem`) and the photo
/// a similar group keeps (its members' `similarGroup`) are the ones their cards suggest, by the same rule on the
/// same facts (`ranked`).
public enum KeptCopies {
    /// `items` (a group's members as the index holds them) in the order of `rule`, hard links to one file shown once
    /// (the first in that order stands for them), with the looks the rule read and the files linked to each member.
    package static func ranked(_ items: [ItemRecord], similar: Bool, rule: KeeperRule, _ db: Database)
        throws -> (ranked: [ItemRecord], facts: [CopyFacts], looks: KeeperRule.Looks, linked: [Int64: [ItemRecord]]) {
        let (looks, linked) = try Self.looks(of: items, similar: similar, db)
        let byID = Dictionary(items.map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        var seen = Set<[Int64]>()
        let facts = rule.ranked(try Self.facts(of: items, db), looks: looks).filter { seen.insert([$0.device, $0.inode]).inserted }
        return (facts.map { byID[$0.id]! }, facts, looks, linked)
    }

    /// Each item's facts, a video's length from its fingerprint (`videoFingerprint`) beside them.
    package static func facts(of items: [ItemRecord], _ db: Database) throws -> [CopyFacts] {
        var facts = items.map(CopyFacts.init)
        let videos = items.filter { $0.kind == .video }.map { String($0.id!) }
        guard !videos.isEmpty else { return facts }
        var durations: [Int64: Double] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT item, duration FROM videoFingerprint WHERE duration IS NOT NULL AND item IN (\(videos.joined(separator: ",")))
            """) {
            durations[row[0]] = row[1]
        }
        for index in facts.indices { facts[index].duration = durations[facts[index].id] }
        return facts
    }

    /// What the rule reads of a group beyond its rows, and the files linked to each member (by member id): for
    /// similar photos the thumbnails' centre brightness and how much of the scene each holds against the group's
    /// reference; for every group the companions (a Live Photo's movie, sidecars) that `metadata` counts.
    package static func looks(of items: [ItemRecord], similar: Bool, _ db: Database) throws -> (KeeperRule.Looks, [Int64: [ItemRecord]]) {
        var looks = KeeperRule.Looks()
        var linked: [Int64: [ItemRecord]] = [:]
        guard !items.isEmpty else { return (looks, linked) }
        let ids = items.map { String($0.id!) }.joined(separator: ",")
        if similar {
            var thumbnails: [Int64: Thumbnail] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT item, pixels FROM photoThumbnail WHERE item IN (\(ids))") {
                let pixels: Data = row[1]
                looks.centreBrightness[row[0]] = KeeperRule.Looks.centreBrightness(pixels)
                if let thumbnail = Thumbnail(pixels: [UInt8](pixels)) { thumbnails[row[0]] = thumbnail }
            }
            looks.view = Self.views(items, thumbnails)
        }
        for item in try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE linkedTo IN (\(ids)) ORDER BY path") {
            linked[item.linkedTo!, default: []].append(item)
            if let kind = item.linkKind { looks.companions[item.linkedTo!, default: []].insert(kind.rawValue) }
        }
        return (looks, linked)
    }

    /// How much of the scene each member holds, against the group's reference (the member with the most pixels, then
    /// the first path): a crop or a turn holds a window of it, and the reference, when it is itself a crop of a smaller
    /// copy, a window of that one. One comparison per member, so a burst of 250 costs 249, not 31,000 (issue 53).
    static func views(_ items: [ItemRecord], _ thumbnails: [Int64: Thumbnail]) -> [Int64: Double] {
        let withThumbnails = items.filter { thumbnails[$0.id!] != nil }
        guard let reference = withThumbnails.max(by: { a, b in
            let (pa, pb) = ((a.width ?? 0) * (a.height ?? 0), (b.width ?? 0) * (b.height ?? 0))
            return pa != pb ? pa < pb : b.path.lexicographicallyPrecedes(a.path)
        }), let whole = thumbnails[reference.id!] else { return [:] }
        var view: [Int64: Double] = [:]
        for item in withThumbnails where item.id != reference.id {
            let agreement = thumbnails[item.id!]!.agreement(with: whole)
            guard agreement.picture >= SceneAgreement.minimum else { continue }
            view[item.id!] = agreement.viewOfOther
            view[reference.id!] = min(view[reference.id!] ?? 1, agreement.otherHolds)
        }
        return view
    }

    /// The photo a similar group of `ids` keeps by `rule`, as its card suggests (the group's key, `similarGroup`,
    /// that `items --json` names): nil when none of them is in the index.
    package static func keptPhoto(of ids: [Int64], rule: KeeperRule, _ db: Database) throws -> Int64? {
        guard !ids.isEmpty else { return nil }
        let items = try ItemRecord.fetchAll(db, sql: """
            SELECT * FROM item WHERE id IN (\(ids.map(String.init).joined(separator: ","))) ORDER BY path
            """)
        return try ranked(items, similar: true, rule: rule, db).ranked.first?.id
    }

    /// Sets each duplicate group's `keptItem` to the copy its card suggests: of its members outside the stores
    /// other programs own (those are never the kept copy), the first by `rule`. Returns how many groups changed.
    @discardableResult
    package static func chooseDuplicates(rule: KeeperRule, _ db: Database) throws -> Int {
        let rows = try ItemRecord.fetchAll(db, sql: """
            SELECT * FROM item WHERE duplicateGroup IS NOT NULL AND store IS NULL ORDER BY duplicateGroup, path
            """)
        var companions: [Int64: Set<String>] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT l.linkedTo, l.linkKind FROM item l JOIN item o ON o.id = l.linkedTo
            WHERE o.duplicateGroup IS NOT NULL AND l.linkKind IS NOT NULL
            """) {
            companions[row[0], default: []].insert(row[1])
        }
        let update = try db.cachedStatement(sql: "UPDATE duplicateGroup SET keptItem = ? WHERE id = ? AND keptItem != ?")
        var changed = 0
        var start = rows.startIndex
        while start < rows.endIndex {
            let group = rows[start].duplicateGroup!
            var end = start
            while end < rows.endIndex && rows[end].duplicateGroup == group { end += 1 }
            let members = rows[start..<end].map(CopyFacts.init)
            var looks = KeeperRule.Looks()
            for member in members { if let kinds = companions[member.id] { looks.companions[member.id] = kinds } }
            if let kept = rule.kept(members, looks: looks) {
                try update.execute(arguments: [kept.id, group, kept.id])
                changed += db.changesCount
            }
            start = end
        }
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       arguments: [chosenWithKey, rule.signature])
        return changed
    }

    /// The `setting` key recording the rule the kept copies were chosen by (`KeeperRule.signature`): a scan chooses
    /// again when the configured rule changed, though no file did.
    package static let chosenWithKey = "keep.chosenWith"

    /// Whether the kept copies were chosen by `rule`.
    package static func chosen(by rule: KeeperRule, _ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [chosenWithKey]) == rule.signature
    }
}

extension KeeperRule {
    /// The rule in one line, to tell whether the kept copies were chosen by it.
    package var signature: String {
        [order.map(\.rawValue).joined(separator: ","), formats.joined(separator: ","), preferFolders.joined(separator: "/"),
         avoidFolders.joined(separator: "/")].joined(separator: ";")
    }
}
