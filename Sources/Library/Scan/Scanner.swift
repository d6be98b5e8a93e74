import Dispatch
import FileSystem
import Foundation
import GRDB
import Media
import Synchronization

extension LibraryDatabase {
    /// Scans `request.roots` into the index: walk, read what is new or changed (type, date,
    /// dimensions, camera, screenshot evidence), drop what vanished, then find duplicates and
    /// linked files. Per-file problems are collected in the report; the scan goes on.
    public func scan(_ request: ScanRequest,
                     progress: @escaping @Sendable (ScanProgress) -> Void = { _ in }) throws -> ScanReport {
        var timer = StageTimer()
        var (changes, errors) = try indexChanges(request, timer: &timer, progress: progress)
        if changes.inspected > 0 || changes.removed > 0 || request.rehash {
            progress(ScanProgress(phase: .hashing, done: 0))
            errors += try findDuplicatesAndLinks(jobs: request.jobs, progress: progress)
            timer.lap("duplicates + links")
        }
        let indexChanged = changes.inspected > 0 || changes.removed > 0 || request.rehash
        let fingerprinted = try findSimilar(request, indexChanged: indexChanged, timer: &timer, progress: progress)
        let thresholds = Thresholds(options: request.options, now: request.now, calendar: request.calendar)
        let summary = try read { db in try LibrarySummary.fetch(db, roots: request.roots, thresholds: thresholds) }
        timer.lap("summary")
        try recordRun(request, summary: summary, inspected: changes.inspected, errors: errors)
        timer.lap("record the run")
        return ScanReport(summary: summary, errors: errors, inspected: changes.inspected, unchanged: changes.unchanged,
                          removed: changes.removed, fingerprinted: fingerprinted, elapsedSeconds: timer.total, timings: timer.stages)
    }

    /// Fingerprints the photos not fingerprinted yet, chunk by chunk, and regroups similar photos
    /// when anything changed; returns how many photos were fingerprinted. Without `request.similar`
    /// it only notes that the groups may be stale when the index changed.
    private func findSimilar(_ request: ScanRequest, indexChanged: Bool, timer: inout StageTimer,
                             progress: @escaping @Sendable (ScanProgress) -> Void) throws -> Int {
        guard let options = request.similar else {
            if indexChanged { try write { db in try SimilarFinder.invalidateGroups(db) } }
            return 0
        }
        let pending = try write { db in try SimilarFinder.pending(db) }
        progress(ScanProgress(phase: .fingerprinting, done: 0, total: pending.count))
        for chunk in pending.chunked(Self.readChunk) {
            let photos = Array(chunk), before = chunk.startIndex
            let fingerprints = try SimilarFinder.fingerprint(photos, jobs: request.jobs) { done in
                progress(ScanProgress(phase: .fingerprinting, done: before + done, total: pending.count))
            }
            try write { db in try SimilarFinder.store(photos, fingerprints, db) }
        }
        timer.lap("fingerprint \(pending.count) photos")
        let current = try read { db in try SimilarFinder.groupsAreCurrent(maxDistance: options.maxDistance, db) }
        if indexChanged || !pending.isEmpty || !current {
            let photos = try read { db in try SimilarFinder.photos(db) }
            let groups = SimilarGrouping.groups(photos, maxDistance: options.maxDistance)
            try write { db in try SimilarFinder.replaceGroups(groups, maxDistance: options.maxDistance, db) }
            timer.lap("group \(photos.count) photos by similarity")
        }
        return pending.count
    }

    /// What the walk changed in the index.
    private struct Changes {
        var inspected = 0
        var unchanged = 0
        var removed = 0
    }

    /// Walks, compares with the index, reads what is new or changed and writes it, chunk by
    /// chunk, so memory holds one chunk of records however large the library; drops what vanished.
    /// The walk and the comparison are released when this returns, before duplicates are hashed.
    private func indexChanges(_ request: ScanRequest, timer: inout StageTimer,
                              progress: @escaping @Sendable (ScanProgress) -> Void) throws -> (Changes, [ScanIssue]) {
        let (walked, snapshot) = try walkAndLoadIndex(request, progress: progress)
        timer.lap("walk + index load")
        var errors = walked.errors.map { ScanIssue(path: $0.path, reason: $0.reason) }

        // Compare with the index: what is new or changed is read; what was not seen is gone.
        var changed: [TreeWalker.Entry] = []
        var seen = Set<Int64>(minimumCapacity: snapshot.byPath.count)
        for entry in walked.files {
            if let known = snapshot.byPath[Data(entry.path.bytes)] {
                seen.insert(known.id)
                if known.matches(entry.status) { continue }
            }
            changed.append(entry)
        }
        let unlistable = walked.unlistable.map(PathPrefix.init)
        let vanished = snapshot.byPath.filter { path, known in
            !seen.contains(known.id) && !unlistable.contains { $0.contains(path) }
        }.map(\.value.id)
        var changes = Changes(unchanged: walked.files.count - changed.count, removed: vanished.count)
        if request.rehash || !vanished.isEmpty {
            try write { db in
                if request.rehash { try db.execute(sql: "UPDATE item SET partialHash = NULL, contentHash = NULL, fingerprinted = 0") }
                for chunk in vanished.chunked(500) {
                    try db.execute(sql: "DELETE FROM item WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))")
                }
            }
        }
        timer.lap("compare")

        // Chunk N is written on its own thread while chunk N+1 is read: SQLite's inserts and the
        // file reads overlap instead of taking turns.
        let total = changed.count
        progress(ScanProgress(phase: .reading, done: 0, total: total))
        let writes = DispatchQueue(label: "swipeclean.scan.index")
        let writeFailure = Mutex<(any Error)?>(nil)
        for chunk in changed.chunked(Self.readChunk) {
            let before = chunk.startIndex
            var records = try read(Array(chunk), request: request, errors: &errors) { done in
                progress(ScanProgress(phase: .reading, done: before + done, total: total))
            }
            for index in records.indices { records[index].id = snapshot.byPath[records[index].path]?.id }
            changes.inspected += records.count
            let batch = records
            writes.sync {}  // at most one chunk waits to be written: memory stays two chunks
            writes.async {
                guard writeFailure.withLock({ $0 == nil }) else { return }
                do { try self.write { db in try IndexWriter.store(batch, db) } } catch { writeFailure.withLock { $0 = error } }
            }
            if let error = writeFailure.withLock({ $0 }) { throw error }
        }
        writes.sync {}
        if let error = writeFailure.withLock({ $0 }) { throw error }
        timer.lap("read and index \(changed.count) files")
        return (changes, errors)
    }

    /// Files read and written per transaction: bounds the records held in memory.
    static let readChunk = 4096

    /// Walks the trees on one thread while another loads what the index knows about them.
    private func walkAndLoadIndex(_ request: ScanRequest, progress: @escaping @Sendable (ScanProgress) -> Void) throws -> (TreeWalker.Result, IndexSnapshot) {
        progress(ScanProgress(phase: .walking, done: 0))
        let walked = Mutex<TreeWalker.Result?>(nil)
        let snapshot = Mutex<Result<IndexSnapshot, any Error>?>(nil)
        let walker = TreeWalker(options: request.options, excluded: request.excluded)
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 0 {
                let result = walker.walk(request.roots, jobs: request.jobs) { progress(ScanProgress(phase: .walking, done: $0)) }
                walked.withLock { $0 = result }
            } else {
                let loaded = Result { try self.read { db in try IndexSnapshot(db, roots: request.roots) } }
                snapshot.withLock { $0 = loaded }
            }
        }
        return (walked.withLock { $0! }, try snapshot.withLock { $0! }.get())
    }

    /// Reads each file on `request.jobs` threads (one libmagic handle each) into index records.
    private func read(_ files: [TreeWalker.Entry], request: ScanRequest, errors: inout [ScanIssue],
                      progress: @escaping @Sendable (Int) -> Void) throws -> [ItemRecord] {
        let rules = request.screenshotRules, now = request.now, timeZone = request.calendar.timeZone
        let results = try parallelMap(files, jobs: request.jobs, makeWorker: { try Inspector(screenshotRules: rules) },
                                      progress: progress) { inspector, entry -> Result<ItemRecord, FileSystemError> in
            do throws(FileSystemError) {
                let info = try inspector.inspect(entry.path, status: entry.status, now: now)
                return .success(ItemRecord(path: entry.path, status: entry.status, info: info, timeZone: timeZone))
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

    /// Hashes what could be a duplicate, regroups, relinks Live Photos and sidecars; returns what could not be read.
    private func findDuplicatesAndLinks(jobs: Int, progress: @escaping @Sendable (ScanProgress) -> Void) throws -> [ScanIssue] {
        let candidates = try read { db in try DuplicateFinder.candidates(db) }
        let found = try DuplicateFinder(jobs: jobs).find(candidates) { progress(ScanProgress(phase: .hashing, done: $0)) }
        try write { db in
            try IndexWriter.store(hashes: found.newHashes, db)
            try IndexWriter.replaceGroups(found.groups, db)
            try IndexWriter.relink(db)
        }
        return found.errors.map { ScanIssue(path: $0.path, reason: $0.reason) }
    }

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

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
