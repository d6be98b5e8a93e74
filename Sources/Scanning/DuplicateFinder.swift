import FileSystem
import Foundation
import GRDB
import Library
import Media

/// Finds files with identical content: same size → same head-and-tail hash → same full hash.
///
/// Only sizes shared by two or more distinct inodes are looked at; hashes already in the index
/// (cleared whenever a file changes) are reused, so a rescan hashes only what is new. Hard links
/// to one inode are one file: hashed once, never a duplicate of themselves, never reclaimable.
struct DuplicateFinder {
    struct Candidate: Sendable {
        let id: Int64
        let path: Data
        let size: Int64
        let fileKey: FileKey
        var partialHash: String?
        var contentHash: String?
        let capturedEpoch: Double?
    }

    struct FileKey: Hashable, Sendable {
        let device: Int64
        let inode: Int64
    }

    struct Group {
        let contentHash: String
        let size: Int64
        let members: [Candidate]
        let kept: Int64
        var distinctFiles: Int { Set(members.map(\.fileKey)).count }
        var reclaimableBytes: Int64 { size * Int64(distinctFiles - 1) }
    }

    struct Outcome {
        var groups: [Group] = []
        /// Hashes computed this run, to store: id → (partial, full).
        var newHashes: [Int64: (partial: String?, content: String?)] = [:]
        var errors: [(path: RawPath, reason: String)] = []
    }

    let jobs: Int

    /// Which files take part: photos and videos outside the stores other programs own. A file
    /// inside one is never a copy that lets a library file go, and a document, a sidecar or a
    /// backup's own files are never the player's to delete as "duplicates".
    static let takesPart = "store IS NULL AND kind != 'other'"

    /// Each file of a range of sizes with its full hash, in the size index's order, from that index alone.
    static let keysSQL = """
        SELECT id, size, contentHash FROM item INDEXED BY item_on_size WHERE size >= ? AND size <= ? ORDER BY size, contentHash
        """

    /// The indexed files that could have a copy on another inode, for the sizes above `size` in
    /// ascending order, about `limit` files at a time (a size is never split: its copies are all in
    /// one batch). Returns them and the largest size looked at, nil when no size is left.
    ///
    /// The size index holds each file's full hash after its size, so it alone says which files
    /// could have a copy: those whose size is shared and that have no full hash yet, or whose full
    /// hash is shared at their size (a small file is hashed whole as it is read). Only those are
    /// read from the table, one row each.
    static func candidates(sizesAbove size: Int64, limit: Int, _ db: Database) throws -> (candidates: [Candidate], last: Int64?) {
        guard let smallest = try Int64.fetchOne(db, sql: "SELECT MIN(size) FROM item WHERE size > ?", arguments: [max(size, 0)]) else {
            return ([], nil)
        }
        let boundary = try Int64.fetchOne(db, sql: "SELECT size FROM item WHERE size >= ? ORDER BY size LIMIT 1 OFFSET ?",
                                          arguments: [smallest, limit - 1]) ?? Int64.max
        var ids = SharedContent()
        let keys = try Row.fetchCursor(db, sql: keysSQL, arguments: [smallest, boundary])
        while let row = try keys.next() {
            let id: Int64 = row[0], size: Int64 = row[1]
            try row.withUnsafeData(atIndex: 2) { hash in ids.add(id, size: size, hash: hash) }
        }
        let fetch = try db.cachedStatement(sql: """
            SELECT id, path, size, device, inode, partialHash, contentHash, capturedEpoch FROM item WHERE id = ?
              AND \(Self.takesPart)
            """)
        var sharing: [Candidate] = []
        for id in ids.finish() {
            guard let row = try Row.fetchOne(fetch, arguments: [id]) else { continue }
            sharing.append(Candidate(id: row[0], path: row[1], size: row[2], fileKey: FileKey(device: row[3], inode: row[4]),
                                     partialHash: row[5], contentHash: row[6], capturedEpoch: row[7]))
        }
        // A size held by one file, or by hard links to one inode only, has no duplicate.
        var inodes: [Int64: (first: FileKey, several: Bool)] = [:]
        for candidate in sharing {
            if let seen = inodes[candidate.size] {
                if !seen.several && seen.first != candidate.fileKey { inodes[candidate.size] = (seen.first, true) }
            } else {
                inodes[candidate.size] = (candidate.fileKey, false)
            }
        }
        return (sharing.filter { inodes[$0.size]!.several }, boundary)
    }

    func find(_ candidates: [Candidate], progress: @escaping @Sendable (Int) -> Void = { _ in }) throws -> Outcome {
        var outcome = Outcome()
        var all = candidates
        // Stage 1: a head-and-tail hash for every candidate, one read per inode.
        try fill(&all, outcome: &outcome, progress: progress, missing: { $0.partialHash == nil }) { candidate in
            (try ContentHash.partial(RawPath(bytes: Array(candidate.path)), size: candidate.size), nil)
        }
        // Stage 2: a full hash where size and partial hash still collide across inodes (nothing to
        // do when every candidate has its full hash: small files are hashed whole as they are read).
        if all.contains(where: { $0.contentHash == nil }) {
            let collide = Set(Self.indices(of: all, by: \.partialHash).filter { Self.spanInodes($0.value, all) }.keys)
            try fill(&all, outcome: &outcome, progress: progress, missing: {
                $0.contentHash == nil && $0.partialHash != nil && collide.contains(SizeAndHash(size: $0.size, hash: $0.partialHash!))
            }) { candidate in
                (nil, try ContentHash.full(RawPath(bytes: Array(candidate.path))))
            }
        }
        // Stage 3: groups of equal full hashes that span more than one inode.
        for (key, indices) in Self.indices(of: all, by: \.contentHash) where Self.spanInodes(indices, all) {
            let members = indices.map { all[$0] }
            // Any member for now: the keep rule names the kept copy once the groups and links are in place
            // (`KeptCopies.chooseDuplicates`), as the card suggests it.
            let first = members.min { $0.path.lexicographicallyPrecedes($1.path) }!
            outcome.groups.append(Group(contentHash: key.hash, size: key.size, members: members, kept: first.id))
        }
        outcome.groups.sort { $0.contentHash < $1.contentHash }
        return outcome
    }

    private struct SizeAndHash: Hashable {
        let size: Int64
        let hash: String
    }

    /// The positions of the candidates that have a `hash`, by size and that hash (positions, not
    /// copies: a candidate holds a path and two strings, each copy a retain and a release).
    private static func indices(of all: [Candidate], by hash: KeyPath<Candidate, String?>) -> [SizeAndHash: [Int]] {
        var groups: [SizeAndHash: [Int]] = [:]
        for index in all.indices {
            guard let value = all[index][keyPath: hash] else { continue }
            groups[SizeAndHash(size: all[index].size, hash: value), default: []].append(index)
        }
        return groups
    }

    /// Whether the candidates at `indices` are more than one inode (hard links to one are one file).
    private static func spanInodes(_ indices: [Int], _ all: [Candidate]) -> Bool {
        guard let first = indices.first else { return false }
        return indices.contains { all[$0].fileKey != all[first].fileKey }
    }

    /// Hashes, in parallel, one representative per inode among the candidates `missing` selects,
    /// and copies the result to every candidate sharing that inode.
    private func fill(_ all: inout [Candidate], outcome: inout Outcome, progress: @escaping @Sendable (Int) -> Void,
                      missing: (Candidate) -> Bool,
                      hash: @escaping @Sendable (Candidate) throws -> (String?, String?)) throws {
        var representatives: [FileKey: Candidate] = [:]
        for candidate in all where missing(candidate) { representatives[candidate.fileKey] = representatives[candidate.fileKey] ?? candidate }
        let work = Array(representatives.values)
        let results: [Result<(String?, String?), HashFailure>] = try parallelMap(work, jobs: jobs, makeWorker: { () }, progress: progress) { _, candidate in
            do { return .success(try hash(candidate)) } catch {
                return .failure(HashFailure(reason: (error as? FileSystemError)?.reason ?? "\(error)"))
            }
        }
        var byKey: [FileKey: (String?, String?)] = [:]
        for (candidate, result) in zip(work, results) {
            switch result {
            case .success(let hashes): byKey[candidate.fileKey] = hashes
            case .failure(let failure): outcome.errors.append((RawPath(bytes: Array(candidate.path)), failure.reason))
            }
        }
        for index in all.indices {
            guard missing(all[index]), let (partial, content) = byKey[all[index].fileKey] else { continue }
            if let partial { all[index].partialHash = partial }
            if let content { all[index].contentHash = content }
            let previous = outcome.newHashes[all[index].id]
            outcome.newHashes[all[index].id] = (all[index].partialHash ?? previous?.partial, all[index].contentHash ?? previous?.content)
        }
    }
}

private struct HashFailure: Error {
    let reason: String
}
