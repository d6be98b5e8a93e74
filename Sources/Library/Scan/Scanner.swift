import FileSystem
import Foundation
import GRDB
import Media

extension LibraryDatabase {
    /// Scans `request.roots` into the index: walk, read what is new or changed (type, date,
    /// dimensions, camera, screenshot evidence), drop what vanished, then find duplicates and
    /// linked files. Per-file problems are collected in the report; the scan goes on.
    public func scan(_ request: ScanRequest,
                     progress: @escaping @Sendable (ScanProgress) -> Void = { _ in }) throws -> ScanReport {
        let clock = ContinuousClock()
        let started = clock.now
        progress(ScanProgress(phase: .walking, done: 0))
        let walked = TreeWalker(options: request.options, excluded: request.excluded)
            .walk(request.roots) { progress(ScanProgress(phase: .walking, done: $0)) }
        var errors = walked.errors.map { ScanIssue(path: $0.path, reason: $0.reason) }

        let snapshot = try read { db in try IndexSnapshot(db, roots: request.roots) }
        let changed = walked.files.filter { !snapshot.isUnchanged(Data($0.path.bytes), $0.status) }
        let walkedPaths = Set(walked.files.map { Data($0.path.bytes) })
        let unlistable = walked.unlistable.map(PathPrefix.init)
        let vanished = snapshot.byPath.filter { path, _ in
            !walkedPaths.contains(path) && !unlistable.contains { $0.contains(path) }
        }.map(\.value.id)

        progress(ScanProgress(phase: .reading, done: 0, total: changed.count))
        let rules = request.screenshotRules, now = request.now, timeZone = request.calendar.timeZone
        let inspected = try parallelMap(changed, jobs: request.jobs, makeWorker: { try Inspector(screenshotRules: rules) },
                                        progress: { [total = changed.count] in progress(ScanProgress(phase: .reading, done: $0, total: total)) }) { inspector, entry -> Result<ItemRecord, FileSystemError> in
            do throws(FileSystemError) {
                let info = try inspector.inspect(entry.path, status: entry.status, now: now)
                return .success(ItemRecord(path: entry.path, status: entry.status, info: info, timeZone: timeZone))
            } catch {
                return .failure(error)
            }
        }

        progress(ScanProgress(phase: .indexing, done: changed.count))
        var records: [ItemRecord] = []
        for (entry, result) in zip(changed, inspected) {
            switch result {
            case .success(var record):
                record.id = snapshot.byPath[record.path]?.id
                records.append(record)
            case .failure(let error):
                if !error.isNotFound { errors.append(ScanIssue(path: entry.path, reason: error.reason)) }
            }
        }
        try write { db in
            if request.rehash { try db.execute(sql: "UPDATE item SET partialHash = NULL, contentHash = NULL") }
            try IndexWriter.store(records, db)
            for chunk in vanished.chunked(500) {
                try db.execute(sql: "DELETE FROM item WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))")
            }
        }

        if !records.isEmpty || !vanished.isEmpty || request.rehash {
            progress(ScanProgress(phase: .hashing, done: 0))
            let candidates = try read { db in try DuplicateFinder.candidates(db) }
            let found = try DuplicateFinder(jobs: request.jobs).find(candidates) { progress(ScanProgress(phase: .hashing, done: $0)) }
            errors += found.errors.map { ScanIssue(path: $0.path, reason: $0.reason) }
            try write { db in
                try IndexWriter.store(hashes: found.newHashes, db)
                try IndexWriter.replaceGroups(found.groups, db)
                try IndexWriter.relink(db)
            }
        }

        let thresholds = Thresholds(options: request.options, now: request.now, calendar: request.calendar)
        let summary = try read { db in try LibrarySummary.fetch(db, roots: request.roots, thresholds: thresholds) }
        let elapsed = started.duration(to: clock.now)
        let report = ScanReport(summary: summary, errors: errors, inspected: records.count,
                                unchanged: walked.files.count - changed.count, removed: vanished.count,
                                elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        try write { db in
            var run = ScanRunRecord(startedAt: request.now, finishedAt: request.now,
                                    roots: request.roots.map(\.description).joined(separator: "\n"),
                                    files: summary.files, bytes: summary.bytes, inspected: records.count, errors: errors.count)
            try run.insert(db)
            for issue in errors.prefix(10_000) {
                try ScanErrorRecord(run: run.id!, path: Data(issue.path.bytes), reason: issue.reason).insert(db)
            }
        }
        return report
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
