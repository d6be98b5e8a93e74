import FileSystem
import Foundation
import Library
import Play

/// One file of `clean trash list --json` and `GET /api/v1/trash`.
package struct TrashEntryDocument: Encodable {
    let id: Int64?
    let originalPath: RawPath
    let size: Int64
    let deletedAt: String
    let category: String
    let round: Int64
    let linked: Bool
    let changedOutside: Bool

    package static func list(_ files: [TrashedRecord], changed: Set<Int64>, calendar: Calendar) -> [TrashEntryDocument] {
        files.map { file in
            TrashEntryDocument(id: file.id, originalPath: file.rawOriginalPath, size: file.size,
                               deletedAt: ISO8601.string(file.deletedAt, timeZone: calendar.timeZone), category: file.category,
                               round: file.round, linked: file.part > 0, changedOutside: changed.contains(file.id!))
        }
    }
}

/// `clean trash empty --json` and `POST /api/v1/trash/empty`: what went for good.
package struct EmptiedDocument: Encodable {
    let purged: Int
    let bytesPurged: Int64
    let problems: [String]

    package init(_ outcome: EmptyOutcome) {
        purged = outcome.files
        bytesPurged = outcome.bytes
        problems = outcome.problems
    }
}

/// `clean trash empty --dry-run --json`: what would go, as the real run counts it.
package struct EmptyPreviewDocument: Encodable {
    struct File: Encodable {
        let id: Int64?
        let originalPath: RawPath
        let size: Int64
    }

    let purged = 0
    let bytesPurged = 0
    let dryRun = true
    let wouldPurge: [File]
    let wouldPurgeBytes: Int64

    package init(_ doomed: [TrashedRecord]) {
        wouldPurge = doomed.map { File(id: $0.id, originalPath: $0.rawOriginalPath, size: $0.size) }
        wouldPurgeBytes = doomed.reduce(0) { $0 + $1.size }
    }
}

/// `clean restore --json` and `POST /api/v1/trash/restore`: what came back, what did not and why.
package struct RestoredDocument: Encodable {
    struct Failure: Encodable {
        let id: Int64
        let reason: String
    }

    let restored: [Int64]
    let failed: [Failure]

    package init(_ outcome: RestoreOutcome) {
        restored = outcome.restored
        failed = outcome.failed.map { Failure(id: $0.id, reason: $0.reason) }
    }
}

/// `clean trash adopt --json`: the trash recorded again after the index was lost.
package struct AdoptedDocument: Encodable {
    let adopted: Int
    let bytes: Int64
    let profileCarried: Bool
    let notes: [String]

    package init(_ outcome: AdoptOutcome) {
        adopted = outcome.adopted.count
        bytes = outcome.bytes
        profileCarried = outcome.profileCarried
        notes = outcome.notes
    }
}
