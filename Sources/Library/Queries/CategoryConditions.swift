import Foundation

/// What makes a file a candidate of each category, as a condition on a row of `item`: one definition that the
/// deck's queues deal by (`CardQueue`) and the scan's summary counts by (`LibrarySummary`), so the two agree.
extension CardCategory {
    /// Another copy of a duplicate group than the kept one, and not a hard link to it (deleting it would free
    /// nothing): kept in the row by the schema's triggers (migration v8), so a count reads an index alone.
    package static let extraCopyCondition = "(item.extraCopy = 1)"
    /// A photo of a similar group other than the one it keeps (a group whose kept photo left the index is
    /// dissolved by a trigger of migration v8, so the kept photo is there).
    package static let similarCopyCondition = "(item.similarGroup IS NOT NULL AND item.similarGroup != item.id)"
    /// The condition that `item` belongs to this category (true, false or, where a value is missing, NULL).
    package func member(_ t: Thresholds) -> SQLCondition {
        switch self {
        case .duplicates: return SQLCondition(Self.extraCopyCondition)
        case .similar: return SQLCondition(Self.similarCopyCondition)
        case .bigVideos: return SQLCondition("(item.kind = 'video' AND item.size > ?)", [t.bigVideoBytes])
        case .screenshots: return SQLCondition("(item.screenshotEvidence IS NOT NULL)")
        case .oldPhotos: return SQLCondition("(item.kind = 'photo' AND item.capturedEpoch < ?)", [t.oldBefore.timeIntervalSince1970])
        case .badShots: return SQLCondition("(item.badShot IS NOT NULL AND item.kind = 'photo' AND item.screenshotEvidence IS NULL)")
        case .other: return SQLCondition("1")
        }
    }
}
