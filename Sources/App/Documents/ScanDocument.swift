import Library
import Scanning

/// `clean scan --json` and the pages' scan: DESIGN.md's scan summary.
package struct ScanDocument: Encodable {
    struct Tally: Encodable {
        let count: Int
        let bytes: Int64
    }

    struct Groups: Encodable {
        let groups: Int
        let files: Int
        let reclaimableBytes: Int64
    }

    /// Similar videos' fingerprints this run: taken, tried without one, or not compared for want of ffmpeg.
    struct Videos: Encodable {
        let fingerprinted: Int
        let withoutFingerprint: Int
        let notCompared: Int
    }

    let files: Int
    let bytes: Int64
    let photos: Int
    let videos: Int
    let screenshots: Int
    let other: Int
    let bigVideos: Tally
    let oldPhotos: Tally
    let duplicates: Groups
    let similar: Groups
    /// False when this scan did not look for similar photos (`--no-similar`): `similar` then counts the groups of an
    /// earlier scan, as they were.
    let similarChecked: Bool
    let protected: [StoreDocument]
    let badShots: Int
    let photosFingerprinted: Int
    let videosCompared: Videos
    let errors: [FileProblem]
    let errorCount: Int
    let inspected: Int
    let unchanged: Int
    let removed: Int
    /// Of `removed`, the files the player moved to the trash with clean (gone by choice, not lost).
    let removedToTrash: Int
    let elapsedSeconds: Double

    package init(_ report: ScanReport, similarChecked: Bool = true) {
        self.similarChecked = similarChecked
        let s = report.summary
        files = s.files
        bytes = s.bytes
        photos = s.photos
        videos = s.videos
        screenshots = s.screenshots
        other = s.other
        bigVideos = Tally(count: s.bigVideos.count, bytes: s.bigVideos.bytes)
        oldPhotos = Tally(count: s.oldPhotos.count, bytes: s.oldPhotos.bytes)
        duplicates = Groups(groups: s.duplicates.groups, files: s.duplicates.files, reclaimableBytes: s.duplicates.reclaimableBytes)
        similar = Groups(groups: s.similar.groups, files: s.similar.files, reclaimableBytes: s.similar.reclaimableBytes)
        protected = s.protected.map(StoreDocument.init)
        badShots = s.badShots.count
        photosFingerprinted = report.fingerprinted
        videosCompared = Videos(fingerprinted: report.videos.fingerprinted, withoutFingerprint: report.videos.withoutFingerprint,
                                notCompared: report.videos.notCompared)
        errors = report.errors.map { FileProblem(path: $0.path, reason: $0.reason) }
        errorCount = report.errors.count
        inspected = report.inspected
        unchanged = report.unchanged
        removed = report.removed
        removedToTrash = report.removedToTrash
        elapsedSeconds = (report.elapsedSeconds * 1000).rounded() / 1000
    }
}
