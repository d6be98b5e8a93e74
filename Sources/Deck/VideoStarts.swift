import Foundation
import GRDB
import Imaging
import Library

/// Where each copy of a similar video group starts against the suggested copy, from their fingerprints
/// (`VideoAlignment`): a trimmed copy starts seconds into the whole video, so the comparison plays and scrubs the
/// two at the same moment of the scene, not at the same time from their starts.
enum VideoStarts {
    /// For each video member of `ids` but `suggested`, the suggested video's time at which that member's first frame
    /// shows (negative when the member starts before it: the suggested copy is the trimmed one); none for a member
    /// without a fingerprint or one that does not align.
    static func of(_ ids: [Int64], against suggested: Int64, _ db: Database) throws -> [Int64: Double] {
        guard ids.count > 1 else { return [:] }
        var fingerprints: [Int64: VideoFingerprint] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT item, samples FROM videoFingerprint WHERE samples IS NOT NULL AND item IN (\(ids.map(String.init).joined(separator: ",")))
            """) {
            let samples: Data = row[1]
            fingerprints[row[0]] = VideoFingerprint(bytes: [UInt8](samples))
        }
        guard let kept = fingerprints[suggested] else { return [:] }
        var starts: [Int64: Double] = [:]
        for id in ids where id != suggested {
            guard let copy = fingerprints[id], let match = VideoAlignment.align(kept, copy) else { continue }
            // `align` places the shorter inside the longer: the copy starts that far into the kept video, or the kept
            // video that far into the copy.
            starts[id] = copy.duration <= kept.duration ? match.offset : -match.offset
        }
        return starts
    }
}
