import Dispatch
import FileSystem
import Foundation
import GRDB
import Imaging
import Keeping
import Library
import Media
import Synchronization

extension LibraryDatabase {
    /// Scans `request.roots` into the index: walk, read what is new or changed (type, date,
    /// dimensions, camera, screenshot evidence), drop what vanished, then find duplicates and
    /// linked files. Per-file problems are collected in the report; the scan goes on.
    public func scan(_ request: ScanRequest,
                     progress: @escaping @Sendable (ScanProgress) -> Void = { _ in }) throws -> ScanReport {
        var timer = StageTimer()
        var (changes, errors, deferred) = try indexChanges(request, timer: &timer, progress: progress)
        let indexChanged = changes.inspected > 0 || changes.removed > 0 || changes.storeChanged > 0 || request.rehash
        if indexChanged {
            progress(ScanProgress(phase: .hashing, done: 0))
            errors += try findDuplicatesAndLinks(jobs: request.jobs, progress: progress)
            timer.lap("duplicates + links")
            errors += try nameStoredFiles(request.roots)
            timer.lap("stores other programs own")
        }
        // Videos are sampled (ffmpeg, one process a video) beside the photos' decodes.
        var photosFingerprinted = 0
        let videos = try beside({ try self.fingerprintVideos(request, frames: request.videoFrames, progress: progress) }) {
            photosFingerprinted = try findSimilar(request, indexChanged: indexChanged, timer: &timer, progress: progress)
        }
        timer.lap("fingerprint \(videos.fingerprinted + videos.withoutFingerprint) videos (beside the photos)")
        try groupVideos(request, indexChanged: indexChanged, fingerprinted: videos.fingerprinted + videos.withoutFingerprint)
        timer.lap("group videos by similarity")
        let fingerprinted = changes.fingerprinted + photosFingerprinted
        let thresholds = Thresholds(options: request.options, now: request.now, calendar: request.calendar)
        let summarize = { @Sendable in try self.read { db in try LibrarySummary.fetch(db, roots: request.roots, thresholds: thresholds) } }
        let summary: LibrarySummary
        if deferred {
            // The queues' indexes change no row: the summary is counted on a reader while they are built.
            summary = try beside(summarize) { try write { db in try DeferredIndexes.build(db) } }
            timer.lap("build the queues' indexes, the summary beside them")
        } else {
            summary = try summarize()
            timer.lap("summary")
        }
        try recordRun(request, summary: summary, inspected: changes.inspected, errors: errors)
        timer.lap("record the run")
        return ScanReport(summary: summary, errors: errors, inspected: changes.inspected, unchanged: changes.unchanged,
                          removed: changes.removed, removedToTrash: changes.removedToTrash, fingerprinted: fingerprinted,
                          videos: videos, elapsedSeconds: timer.total, timings: timer.stages)
    }

    /// Fingerprints the photos not fingerprinted yet, chunk by chunk, and regroups similar photos
    /// when anything changed; returns how many photos it fingerprinted (besides those fingerprinted
    /// as they were read). Without `request.similar` it only notes that the groups may be stale
    /// when the index changed.
    private func findSimilar(_ request: ScanRequest, indexChanged: Bool, timer: inout StageTimer,
                             progress: @escaping @Sendable (ScanProgress) -> Void) throws -> Int {
        guard let options = request.similar else {
            if indexChanged { try write { db in try SimilarFinder.invalidateGroups(db) } }
            try chooseKeptCopies(request.keeper, changed: indexChanged, timer: &timer)
            return 0
        }
        let pending = try write { db in try SimilarFinder.pending(db) }
        progress(ScanProgress(phase: .fingerprinting, done: 0, total: pending))
        var photos = try read { db in try SimilarFinder.pending(after: 0, limit: Self.readChunk, db) }
        var before = 0
        while let last = photos.last {
            let start = before
            let fingerprints = try SimilarFinder.fingerprint(photos, jobs: request.jobs) { done in
                progress(ScanProgress(phase: .fingerprinting, done: start + done, total: pending))
            }
            try write { db in try SimilarFinder.store(photos, fingerprints, limits: options.badShots, db) }
            before += photos.count
            photos = try read { db in try SimilarFinder.pending(after: last.id, limit: Self.readChunk, db) }
        }
        timer.lap("fingerprint \(pending) photos")
        // Once every copy's fingerprint is known (its bad shot, its detail, its quality), and before similar photos
        // are grouped (a duplicate group takes part through its kept copy).
        try chooseKeptCopies(request.keeper, changed: indexChanged || pending > 0, timer: &timer)
        let current = try read { db in
            try SimilarFinder.groupsAreCurrent(maxDistance: options.maxDistance, db)
                && SimilarFinder.keptChosen(by: request.keeper, db)
        }
        if indexChanged || pending > 0 || !current {
            progress(ScanProgress(phase: .grouping, done: 0))
            if options.turned { try write { db in try SimilarFinder.fillTurns(db) } }
            let (photos, groups) = try read { db in
                let photos = try SimilarFinder.photos(db, turned: options.turned)
                var look = try SecondLook(db)
                var looked = 0
                let groups = SimilarGrouping.groups(photos, maxDistance: options.maxDistance) { a, b, turn in
                    looked += 1
                    if looked % 256 == 0 { progress(ScanProgress(phase: .grouping, done: looked)) }
                    return look.agrees(a, b, turn: turn)
                }
                return (photos, groups)
            }
            timer.lap("group \(photos.count) photos by similarity")
            progress(ScanProgress(phase: .choosing, done: 0, total: groups.count))
            try write { db in
                try OneVerdictPerCapture.undo(limits: options.badShots, db)
                try SimilarFinder.replaceGroups(groups, maxDistance: options.maxDistance, db)
                try SofterThanNeighbours.mark(limits: options.badShots, db)
                try OneVerdictPerCapture.share(limits: options.badShots, db)
                try SimilarFinder.chooseKept(groups, keeper: request.keeper, db) { done in
                    if done % 16 == 0 || done == groups.count { progress(ScanProgress(phase: .choosing, done: done, total: groups.count)) }
                }
                try SimilarFinder.recordKeptChosen(by: request.keeper, db)
            }
            timer.lap("the kept photo of \(groups.count) similar groups")
        }
        return before
    }

    /// Names each duplicate group's kept copy by the keep rule (`KeptCopies.chooseDuplicates`), as its card suggests
    /// it, when the index changed or the configured rule did (though no file changed).
    private func chooseKeptCopies(_ keeper: KeeperRule, changed: Bool, timer: inout StageTimer) throws {
        guard try changed || !read({ db in try KeptCopies.chosen(by: keeper, db) }) else { return }
        try write { db in _ = try KeptCopies.chooseDuplicates(rule: keeper, db) }
        timer.lap("the kept copy of each duplicate group")
    }

    /// What the walk changed in the index.
    private struct Changes {
        var inspected = 0
        /// Small photos fingerprinted as they were read.
        var fingerprinted = 0
        var unchanged = 0
        var removed = 0
        var removedToTrash = 0
        /// Unchanged files that came into a store another program owns, or left one.
        var storeChanged = 0
    }

    /// Walks folder by folder, comparing each with its index rows as it goes (what is new or
    /// changed waits in a temporary table, what vanished is deleted), then reads the waiting files
    /// and writes them chunk by chunk. Memory holds a few folders, then two chunks of records,
    /// never the whole tree, however large the library.
    private func indexChanges(_ request: ScanRequest, timer: inout StageTimer,
                              progress: @escaping @Sendable (ScanProgress) -> Void) throws -> (Changes, [ScanIssue], deferred: Bool) {
        progress(ScanProgress(phase: .walking, done: 0))
        let deferred = try write { db in
            try IndexComparison.prepare(db)
            let deferred = try DeferredIndexes.dropIfEmpty(db)
            if request.rehash { try db.execute(sql: "UPDATE item SET partialHash = NULL, contentHash = NULL, fingerprinted = 0") }
            return deferred
        }
        // Folders are compared a few thousand files per transaction: one commit per folder would
        // cost a sync each on a tree of small folders.
        var counts = IndexComparison.Counts()
        var folders: [TreeWalker.Folder] = []
        var waiting = 0
        func compareWaiting() throws {
            guard !folders.isEmpty else { return }
            try write { db in for folder in folders { try IndexComparison.compare(folder, db, counts: &counts) } }
            folders.removeAll(keepingCapacity: true)
            waiting = 0
        }
        let walker = TreeWalker(options: request.options, excluded: request.excluded)
        let walked = try walker.walk(request.roots, jobs: request.jobs, progress: { progress(ScanProgress(phase: .walking, done: $0)) }) { folder in
            folders.append(folder)
            waiting += folder.files.count + 1
            if waiting >= Self.readChunk { try compareWaiting() }
        }
        try compareWaiting()
        timer.lap("walk + compare")
        var errors = walked.errors.map { ScanIssue(path: $0.path, reason: $0.reason) }
        var changes = Changes(unchanged: counts.unchanged, removed: counts.removed, removedToTrash: counts.removedToTrash,
                              storeChanged: counts.storeChanged)

        // Chunk N is written on its own thread while chunk N+1 is read: SQLite's inserts and the
        // file reads overlap instead of taking turns. The next chunk is fetched from the queue
        // before this one's write is handed over, so the fetch does not wait for that write.
        let total = counts.queued
        progress(ScanProgress(phase: .reading, done: 0, total: total))
        let writes = DispatchQueue(label: "swipeclean.scan.index")
        let writeFailure = Mutex<(any Error)?>(nil)
        var chunk = try write { db in try IndexComparison.next(after: 0, limit: Self.readChunk, db) }
        var before = 0
        while !chunk.isEmpty {
            let start = before
            var records = try read(chunk.map(\.entry), request: request, errors: &errors) { done in
                progress(ScanProgress(phase: .reading, done: start + done, total: total))
            }
            var known: [Data: Int64] = [:]
            for queued in chunk { if let id = queued.known { known[Data(queued.entry.path.bytes)] = id } }
            for index in records.indices { records[index].id = known[records[index].path] }
            changes.inspected += records.count
            changes.fingerprinted += records.count { $0.fingerprinted && $0.takesPartInSimilar }
            before += chunk.count
            let last = chunk.last!.seq
            writes.sync {}  // at most one chunk waits to be written: memory stays two chunks
            if let error = writeFailure.withLock({ $0 }) { throw error }
            chunk = try write { db in try IndexComparison.next(after: last, limit: Self.readChunk, db) }
            let batch = records
            writes.async {
                guard writeFailure.withLock({ $0 == nil }) else { return }
                do { try self.writeWithoutForeignKeys { db in try IndexWriter.store(batch, db) } } catch { writeFailure.withLock { $0 = error } }
            }
        }
        writes.sync {}
        if let error = writeFailure.withLock({ $0 }) { throw error }
        try write { db in
            try IndexComparison.finish(db)
            if counts.removed > 0 { try FolderIndex.prune(db) }
            try StoreIDs.prune(db)
        }
        timer.lap("read and index \(total) files")
        if deferred {
            try write { db in try DeferredIndexes.build(db, deferringQueues: true) }
            timer.lap("build the indexes")
        }
        return (changes, errors, deferred)
    }

    /// Files read and written per transaction: bounds the records held in memory.
    static let readChunk = 4096

    /// Reads each file on `request.jobs` threads (one libmagic handle each) into index records.
    func read(_ files: [TreeWalker.Entry], request: ScanRequest, errors: inout [ScanIssue],
                      progress: @escaping @Sendable (Int) -> Void) throws -> [ItemRecord] {
        let rules = request.screenshotRules, now = request.now, timeZone = request.calendar.timeZone
        let similar = request.similar != nil, limits = request.similar?.badShots
        let results = try parallelMap(files, jobs: request.jobs, makeWorker: { try Inspector(screenshotRules: rules) },
                                      progress: progress) { inspector, entry -> Result<ItemRecord, FileSystemError> in
            if entry.unread {
                var record = ItemRecord(path: entry.path, status: entry.status, info: Inspector.unread(status: entry.status), timeZone: timeZone)
                record.place(in: entry.store)
                return .success(record)
            }
            do throws(FileSystemError) {
                // The inspector's own buffer, not a copy: released before it reads its next file.
                var content: ArraySlice<UInt8>?
                let info = try inspector.inspect(entry.path, status: entry.status, now: now, sidecars: entry.folderHasJSON,
                                                 whole: { if similar { content = $0 } })
                var record = ItemRecord(path: entry.path, status: entry.status, info: info, timeZone: timeZone)
                record.place(in: entry.store)
                // A small photo read whole is fingerprinted here, from the bytes in hand, not read again later
                // (copied for the decoder only then, not for every small file).
                if let content, record.takesPartInSimilar {
                    record.setFingerprint(try? PerceptualHashing.fingerprint(bytes: Array(content), name: entry.path.description), limits: limits)
                }
                return .success(record)
            } catch {
                return .failure(error)
            }
        }
        var records: [ItemRecord] = []
        records.reserveCapacity(files.count)
        for (entry, result) in zip(files, results) {
            switch result {
            case .success(let record): records.append(record)
            case .failure(let error) where !error.isNotFound: errors.append(ScanIssue(path: entry.path, reason: error.reason))
            case .failure: break  // vanished since the walk: not an error
            }
        }
        return records
    }

    /// Hashes what could be a duplicate, regroups, relinks Live Photos and sidecars; returns what
    /// could not be read. Candidates are taken a few sizes at a time (every copy of a content has
    /// its size): each batch's hashes are stored and its groups wait in a temporary table until
    /// one transaction puts every group in place, so the index never shows half the groups.
    /// Meanwhile the links are worked out on a reader (`IndexWriter.PendingLinks`), on another core,
    /// and written in that transaction.
    func findDuplicatesAndLinks(jobs: Int, progress: @escaping @Sendable (ScanProgress) -> Void) throws -> [ScanIssue] {
        let version = try write { db in
            try IndexWriter.prepareGroups(db)
            return try IndexWriter.dataVersion(db)
        }
        var errors: [ScanIssue] = []
        let links = try beside({ IndexWriter.PendingLinks(version: version, changes: try self.read(IndexWriter.linkChanges)) }) {
            var after: Int64 = 0, hashed = 0
            while true {
                let (candidates, last) = try read { db in try DuplicateFinder.candidates(sizesAbove: after, limit: Self.hashChunk, db) }
                let before = hashed
                let found = try DuplicateFinder(jobs: jobs).find(candidates) { progress(ScanProgress(phase: .hashing, done: before + $0)) }
                hashed += found.newHashes.count
                try write { db in
                    try IndexWriter.store(hashes: found.newHashes, db)
                    try IndexWriter.queue(found.groups, db)
                }
                errors += found.errors.map { ScanIssue(path: $0.path, reason: $0.reason) }
                guard let last, last < Int64.max else { break }
                after = last
            }
        }
        try write { db in
            try IndexWriter.replaceGroups(db)
            try IndexWriter.write(links, db)
        }
        return errors
    }

    /// Duplicate candidates looked at per batch: bounds the candidates and hashes held in memory.
    static let hashChunk = 16_384

    private func recordRun(_ request: ScanRequest, summary: LibrarySummary, inspected: Int, errors: [ScanIssue]) throws {
        try write { db in
            var run = ScanRunRecord(startedAt: request.now, finishedAt: request.now,
                                    roots: request.roots.map(\.description).joined(separator: "\n"),
                                    files: summary.files, bytes: summary.bytes, inspected: inspected, errors: errors.count)
            try run.insert(db)
            for issue in errors.prefix(10_000) {
                try ScanErrorRecord(run: run.id!, path: Data(issue.path.bytes), reason: issue.reason).insert(db)
            }
        }
    }
}

/// Wall-clock time per stage of a scan, for `SWIPECLEAN_TRACE` and the report's elapsed time.
struct StageTimer {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var last: ContinuousClock.Instant
    private(set) var stages: [(name: String, seconds: Double)] = []

    init() {
        start = clock.now
        last = start
    }

    mutating func lap(_ name: String) {
        let now = clock.now
        stages.append((name, Self.seconds(last.duration(to: now))))
        last = now
    }

    var total: Double { Self.seconds(start.duration(to: clock.now)) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
