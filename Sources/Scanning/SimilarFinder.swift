import FileSystem
import Foundation
import GRDB
import Imaging
import Keeping
import Library
import Media

/// Similar photos in the index. Fingerprints (perceptual hash + sharpness) are computed only for
/// photos new or changed since they were last fingerprinted; the groups are then rebuilt over the
/// whole index. Screenshots are left out (their own category), and so are the extra copies of an
/// exact duplicate group and the second path of a hard link: those are not counted twice.
enum SimilarFinder {
    struct Pending: Sendable {
        let id: Int64
        let path: Data
    }

    /// The `setting` key recording the distance the current groups were built with.
    static let groupedWithKey = "similar.groupedWithMaxDistance"

    /// Marks files that never get a fingerprint as done (rows written before their records did so,
    /// or cleared by a rehash); returns how many photos are left to fingerprint.
    static func pending(_ db: Database) throws -> Int {
        try db.execute(sql: """
            UPDATE item SET fingerprinted = 1
            WHERE fingerprinted = 0 AND NOT (kind = 'photo' AND screenshotEvidence IS NULL AND store IS NULL)
            """)
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE fingerprinted = 0") ?? 0
    }

    /// The next `limit` photos to fingerprint after `id`, by id (the list is taken a chunk at a time).
    static func pending(after id: Int64, limit: Int, _ db: Database) throws -> [Pending] {
        try Row.fetchAll(db, sql: "SELECT id, path FROM item WHERE fingerprinted = 0 AND id > ? ORDER BY id LIMIT ?",
                         arguments: [id, limit]).map { Pending(id: $0[0], path: $0[1]) }
    }

    /// The fingerprint of each photo, nil where it cannot be decoded (not an error of the scan:
    /// such a photo is simply never similar to another).
    static func fingerprint(_ photos: [Pending], jobs: Int, progress: @escaping @Sendable (Int) -> Void) throws -> [PhotoFingerprint?] {
        try parallelMap(photos, jobs: jobs, makeWorker: { () }, progress: progress) { _, photo in
            try? PerceptualHashing.fingerprint(RawPath(bytes: Array(photo.path)))
        }
    }

    static func store(_ photos: [Pending], _ fingerprints: [PhotoFingerprint?], limits: BadShot.Limits?, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE item SET perceptualHash = ?, sharpness = ?, centreHash = ?, detail = ?, jpegQuality = ?, fingerprinted = 1,
              badShot = ?, shotFocus = ?, shotDark = ?, shotBright = ?, shotMedian = ?, shotHighlight = ?, shotFaintFocus = ?,
              shotAnisotropy = ?, shotTextured = ?, shotSmear = ?, shotFineSmear = ?, shotSofterThan = NULL, shotAsCopyOf = NULL,
              fineDetail = ?, fineDetailDecode = ?, fineDetailSide = ?, shotBrightest = ?, shotLights = ? WHERE id = ?
            """)
        for (photo, fingerprint) in zip(photos, fingerprints) {
            let q = fingerprint?.quality
            let verdict = q.flatMap { q in limits.flatMap { BadShot.judge(q, limits: $0) } }
            let shot: [(any DatabaseValueConvertible)?] = [verdict?.rawValue, q?.focus, q?.darkShare, q?.brightShare, q?.median,
                                                          q?.highlight, q?.faintFocus, q?.anisotropy, q?.texturedShare, q?.smear, q?.fineSmear]
            try statement.execute(arguments: StatementArguments([fingerprint.map { Int64(bitPattern: $0.hash.bits) }, fingerprint?.sharpness,
                                              fingerprint.map { Int64(bitPattern: $0.centreHash.bits) }, fingerprint?.detail,
                                              fingerprint?.jpegQuality] + shot
                                              + [fingerprint?.copyDetail?.frame, fingerprint?.copyDetail?.decode, fingerprint?.copyDetail?.side]
                                              + [q?.brightest, q?.lights]
                                              + [photo.id]))
            try IndexWriter.storeThumbnail(fingerprint.flatMap(storedThumbnail), of: photo.id, db)
        }
    }

    /// The thumbnail as the index keeps it: none for a photo with too little detail to be grouped
    /// (it is never looked at; a flat photo costs the index no 1,024 bytes).
    static func storedThumbnail(_ fingerprint: PhotoFingerprint) -> Data? {
        fingerprint.detail >= SimilarGrouping.minimumDetail ? Data(fingerprint.thumbnail.pixels) : nil
    }

    /// Works out the turned and mirrored hashes (`PerceptualHash.turns`) of every photo whose thumbnail has none yet:
    /// from the thumbnail the index keeps (a photo without one is never grouped), no decode. Returns how many.
    @discardableResult
    static func fillTurns(_ db: Database) throws -> Int {
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.item, t.pixels FROM photoThumbnail t LEFT JOIN photoTurns u ON u.item = t.item WHERE u.item IS NULL
            """)
        let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO photoTurns (item, hashes) VALUES (?, ?)")
        for row in rows {
            let pixels: Data = row[1]
            guard let thumbnail = Thumbnail(pixels: [UInt8](pixels)) else { continue }
            var hashes = Data(capacity: 8 * Turn.all.count)
            for hash in PerceptualHash.turns(of: thumbnail) { withUnsafeBytes(of: hash.bits.littleEndian) { hashes.append(contentsOf: $0) } }
            try insert.execute(arguments: [row[0], hashes])
        }
        return rows.count
    }

    /// The seven hashes `fillTurns` stored.
    static func turns(_ blob: Data?) -> [UInt64] {
        guard let blob, blob.count == 8 * Turn.all.count else { return [] }
        return (0..<Turn.all.count).map { k in
            blob[blob.startIndex + 8 * k ..< blob.startIndex + 8 * (k + 1)].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
    }

    /// Every photo that takes part in grouping, with its turned hashes when `turned`.
    static func photos(_ db: Database, turned: Bool = false) throws -> [SimilarGrouping.Photo] {
        let sql = """
            SELECT item.id, item.perceptualHash, item.width, item.height, item.sharpness, item.size, item.capturedEpoch,
                   item.path, item.device, item.inode, item.centreHash, item.detail, item.cameraMake, item.cameraModel,
                   \(turned ? "(SELECT hashes FROM photoTurns WHERE photoTurns.item = item.id)" : "NULL")
            FROM item LEFT JOIN duplicateGroup g ON g.id = item.duplicateGroup
            WHERE item.perceptualHash IS NOT NULL AND item.centreHash IS NOT NULL AND item.screenshotEvidence IS NULL AND item.kind = 'photo' AND item.store IS NULL
              AND (item.duplicateGroup IS NULL OR g.keptItem = item.id)
            ORDER BY item.path
            """
        var photos: [SimilarGrouping.Photo] = []
        var files = Set<DuplicateFinder.FileKey>()
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            guard files.insert(DuplicateFinder.FileKey(device: row[8], inode: row[9])).inserted else { continue }
            let hash: Int64 = row[1], centre: Int64 = row[10]
            let make: String? = row[12], model: String? = row[13]
            let camera = make == nil && model == nil ? nil : "\(make ?? "")\u{1F}\(model ?? "")"
            var photo = SimilarGrouping.Photo(id: row[0], hash: UInt64(bitPattern: hash), centreHash: UInt64(bitPattern: centre),
                                              detail: row[11] ?? 0, width: row[2] ?? 0, height: row[3] ?? 0,
                                              sharpness: row[4] ?? 0, size: row[5], capturedEpoch: row[6], camera: camera,
                                              path: row[7])
            photo.turns = turns(row[14])
            photos.append(photo)
        }
        return photos
    }

    /// Makes the photos' `similarGroup` hold exactly `groups` (videos have their own: `SimilarVideos`), each member
    /// pointing at its group's first photo by `SimilarGrouping.keptFirst` until `chooseKept` names the one the keep
    /// rule keeps (bad shots are marked in between: the rule never keeps a bad shot over a keeper, and a soft frame is
    /// known only in its group).
    static func replaceGroups(_ groups: [SimilarGrouping.Group], maxDistance: Int, _ db: Database) throws {
        try db.execute(sql: "UPDATE item SET similarGroup = NULL WHERE similarGroup IS NOT NULL AND kind != 'video'")
        let assign = try db.cachedStatement(sql: "UPDATE item SET similarGroup = ? WHERE id = ?")
        for group in groups {
            for member in group.members { try assign.execute(arguments: [group.kept.id, member.id]) }
        }
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       arguments: [groupedWithKey, String(maxDistance)])
    }

    /// Points each group's members at the photo its card suggests (`KeptCopies.keptPhoto`): one rule for
    /// `items --json`'s `similarGroup` and the card. `progress` is told each group done.
    static func chooseKept(_ groups: [SimilarGrouping.Group], keeper: KeeperRule, _ db: Database, progress: (Int) -> Void = { _ in }) throws {
        let assign = try db.cachedStatement(sql: "UPDATE item SET similarGroup = ? WHERE similarGroup = ?")
        for (done, group) in groups.enumerated() {
            if let kept = try KeptCopies.keptPhoto(of: group.members.map(\.id), rule: keeper, db), kept != group.kept.id {
                try assign.execute(arguments: [kept, group.kept.id])
            }
            progress(done + 1)
        }
    }

    /// The `setting` key recording the keep rule the groups' kept photos were chosen by (`KeeperRule.signature`).
    static let keptChosenKey = "similar.keptChosenWith"

    static func keptChosen(by rule: KeeperRule, _ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [keptChosenKey]) == rule.signature
    }

    static func recordKeptChosen(by rule: KeeperRule, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       arguments: [keptChosenKey, rule.signature])
    }

    /// Forgets that the groups are current (a scan without similar photos changed the index).
    static func invalidateGroups(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [groupedWithKey])
    }

    /// Whether the groups were built with this distance and nothing changed since.
    static func groupsAreCurrent(maxDistance: Int, _ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [groupedWithKey]) == String(maxDistance)
    }
}

/// How similar photos are found (the configuration's `[similar]` section).
public struct SimilarOptions: Sendable, Equatable {
    /// The first look: two photos are a candidate pair when their 64-bit perceptual hashes (or one's
    /// centre hash and the other's whole hash) differ in at most this many bits; the second look decides.
    public var maxDistance: Int
    /// The limits bad shots are judged by (`[quality]`); nil: bad shots are not looked for.
    public var badShots: BadShot.Limits? = .defaults
    /// Whether a copy turned or mirrored in its pixels (the eight orientations) is found as similar (`[similar] turned`).
    public var turned = true

    /// Chosen on Benchmarks/make_similar_set.py's set (Docs/similar.md): every copy is within 14 bits
    /// of its original by one of the hashes; distinct photos 16 or more.
    public static let defaults = SimilarOptions(maxDistance: 14)

    public init(maxDistance: Int) {
        self.maxDistance = maxDistance
    }
}
