import FileSystem
import Foundation
import GRDB
import Imaging
import Keeping
import Library
import Media

/// Similar videos in the index: each video's fingerprint (`VideoFingerprinting`, ffmpeg) is taken once and
/// kept with its item (`videoFingerprint`, migration v24: a rescan decodes nothing); the groups are rebuilt over
/// the whole index from the stored fingerprints. A group never mixes photos and videos: its key, `similarGroup`,
/// is the id of the video it keeps. Left out as photos are: files in a store another program owns, the extra
/// copies of an exact duplicate group, a second hard link; and a Live Photo's movie (it goes with its still).
enum SimilarVideos {
    struct Pending: Sendable {
        let id: Int64
        let path: Data
    }

    struct Video: Sendable {
        let id: Int64
        let fingerprint: VideoFingerprint
    }

    /// The videos that take part in similar videos.
    static let eligible = "item.kind = 'video' AND item.store IS NULL AND item.linkedTo IS NULL AND item.extraCopy = 0"

    /// How many videos have no fingerprint yet (nor a stored reason for none).
    static func pendingCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(eligible) AND id NOT IN (SELECT item FROM videoFingerprint)") ?? 0
    }

    /// The next `limit` videos to fingerprint after `id`, by id.
    static func pending(after id: Int64, limit: Int, _ db: Database) throws -> [Pending] {
        try Row.fetchAll(db, sql: """
            SELECT id, path FROM item WHERE \(eligible) AND id > ? AND id NOT IN (SELECT item FROM videoFingerprint) ORDER BY id LIMIT ?
            """, arguments: [id, limit]).map { Pending(id: $0[0], path: $0[1]) }
    }

    /// Each video's fingerprint on `jobs` threads (one ffmpeg each), or why it has none.
    static func fingerprint(_ videos: [Pending], frames: VideoFrames, jobs: Int,
                            progress: @escaping @Sendable (Int) -> Void) throws -> [VideoFingerprinting.Result] {
        try parallelMap(videos, jobs: jobs, makeWorker: { () }, progress: progress) { _, video in
            let path = RawPath(bytes: Array(video.path))
            let track = MovieKeyframes.summary(of: path)
            return VideoFingerprinting.fingerprint(path, duration: MovieDuration.seconds(of: path) ?? track?.seconds,
                                                   keyframes: track?.keyframes, frames: frames)
        }
    }

    static func store(_ videos: [Pending], _ results: [VideoFingerprinting.Result], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO videoFingerprint (item, outcome, duration, samples) VALUES (?, ?, ?, ?)")
        for (video, result) in zip(videos, results) {
            switch result {
            case .fingerprint(let fingerprint):
                try statement.execute(arguments: [video.id, "fingerprint", fingerprint.duration, Data(fingerprint.bytes)])
            case .noFrames: try statement.execute(arguments: [video.id, "no-frames", nil, nil])
            case .timedOut: try statement.execute(arguments: [video.id, "timed-out", nil, nil])
            case .failed: try statement.execute(arguments: [video.id, "failed", nil, nil])
            }
        }
    }

    /// Every video with a fingerprint that takes part in grouping; of hard links to one file, the first by path.
    static func videos(_ db: Database) throws -> [Video] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT item.id, f.samples, item.device, item.inode FROM item JOIN videoFingerprint f ON f.item = item.id
            WHERE \(eligible) AND f.samples IS NOT NULL ORDER BY item.path
            """)
        var videos: [Video] = []
        var files = Set<DuplicateFinder.FileKey>()
        while let row = try rows.next() {
            let samples: Data = row[1]
            guard files.insert(DuplicateFinder.FileKey(device: row[2], inode: row[3])).inserted,
                  let fingerprint = VideoFingerprint(bytes: [UInt8](samples)) else { continue }
            videos.append(Video(id: row[0], fingerprint: fingerprint))
        }
        return videos
    }

    /// Two frames this close are the first look at a pair of videos (`VideoAlignment` decides).
    static let candidateDistance = 8
    /// Of each video's informative frames, at most this many (spread over it) are looked up.
    static let framesLookedUp = 240
    /// A frame shared by more videos than this (a title card, a logo) proposes no pair.
    static let commonFrame = 64

    /// The groups of similar videos (each at least two), their members by id: pairs proposed by frames that
    /// look alike (`HammingIndex`, never all pairs), each aligned in turn, aligned pairs chained into groups.
    static func groups(_ videos: [Video]) -> [[Int64]] {
        var hashes: [UInt64] = [], owners: [Int32] = []
        for (index, video) in videos.enumerated() {
            let informative = Array(Set(video.fingerprint.samples.lazy.filter(\.isInformative).map(\.hash))).sorted()
            let step = max(1, informative.count / framesLookedUp)
            for hash in stride(from: 0, to: informative.count, by: step).map({ informative[$0] }) {
                hashes.append(hash)
                owners.append(Int32(index))
            }
        }
        var proposed = Set<Int64>()
        var perHash: [Int: Set<Int32>] = [:]
        let index = HammingIndex(hashes)
        index.forEachPair(within: candidateDistance) { i, j, _ in
            let (a, b) = (owners[i], owners[j])
            guard a != b else { return }
            perHash[i, default: []].insert(b)
            perHash[j, default: []].insert(a)
            guard perHash[i]!.count <= commonFrame, perHash[j]!.count <= commonFrame else { return }
            proposed.insert(Int64(min(a, b)) << 32 | Int64(max(a, b)))
        }
        var parent = Array(videos.indices)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for pair in proposed.sorted() {
            let (a, b) = (Int(pair >> 32), Int(pair & 0xFFFF_FFFF))
            guard root(a) != root(b), VideoAlignment.isSimilar(videos[a].fingerprint, videos[b].fingerprint) else { continue }
            parent[root(a)] = root(b)
        }
        var members: [Int: [Int64]] = [:]
        for index in videos.indices { members[root(index), default: []].append(videos[index].id) }
        return members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    /// Makes the videos' `similarGroup` hold exactly `groups` (photos' groups are left as they are): each
    /// member points at the video its card suggests keeping.
    static func replaceGroups(_ groups: [[Int64]], keeper: KeeperRule, _ db: Database) throws {
        try db.execute(sql: "UPDATE item SET similarGroup = NULL WHERE similarGroup IS NOT NULL AND kind = 'video'")
        let assign = try db.cachedStatement(sql: "UPDATE item SET similarGroup = ? WHERE id = ?")
        for group in groups {
            let kept = try KeptCopies.keptPhoto(of: group, rule: keeper, db) ?? group[0]
            for member in group { try assign.execute(arguments: [kept, member]) }
        }
    }
}
