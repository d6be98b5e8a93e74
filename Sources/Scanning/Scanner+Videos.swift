import Foundation
import GRDB
import Imaging
import Library

extension LibraryDatabase {
    /// Fingerprints the videos not fingerprinted yet, chunk by chunk, with ffmpeg (`frames`; nil: not
    /// installed, and the videos waiting are counted as not compared). Runs beside the photos' fingerprints.
    func fingerprintVideos(_ request: ScanRequest, frames: VideoFrames?,
                           progress: @escaping @Sendable (ScanProgress) -> Void) throws -> VideoComparison {
        guard request.similar != nil else { return VideoComparison() }
        let pending = try read { db in try SimilarVideos.pendingCount(db) }
        guard let frames else { return VideoComparison(notCompared: pending) }
        guard pending > 0 else { return VideoComparison() }
        progress(ScanProgress(phase: .comparingVideos, done: 0, total: pending))
        var comparison = VideoComparison()
        var videos = try read { db in try SimilarVideos.pending(after: 0, limit: Self.videoChunk, db) }
        while let last = videos.last {
            let before = comparison.fingerprinted + comparison.withoutFingerprint
            let results = try SimilarVideos.fingerprint(videos, frames: frames, jobs: request.jobs) { done in
                progress(ScanProgress(phase: .comparingVideos, done: before + done, total: pending))
            }
            try write { db in try SimilarVideos.store(videos, results, db) }
            for result in results {
                if case .fingerprint = result { comparison.fingerprinted += 1 } else { comparison.withoutFingerprint += 1 }
            }
            videos = try read { db in try SimilarVideos.pending(after: last.id, limit: Self.videoChunk, db) }
        }
        return comparison
    }

    /// Rebuilds the similar videos' groups when the index or a fingerprint changed, or they were built by
    /// another release's matcher.
    func groupVideos(_ request: ScanRequest, indexChanged: Bool, fingerprinted: Int) throws {
        guard let options = request.similar else { return }
        let current = try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.videosGroupedKey]) }
        guard indexChanged || fingerprinted > 0 || current != Self.videoMatcher else { return }
        let groups = SimilarVideos.groups(try read { db in try SimilarVideos.videos(db) })
        try write { db in
            try SimilarVideos.replaceGroups(groups, keeper: request.keeper, db)
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [Self.videosGroupedKey, Self.videoMatcher])
        }
    }

    /// Videos fingerprinted per transaction.
    static let videoChunk = 256
    /// The `setting` naming the matcher the videos' groups were built with.
    static let videosGroupedKey = "similarVideos.groupedWith"
    static let videoMatcher = "alignment-1"
}
