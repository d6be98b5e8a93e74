import FileSystem
import Foundation
import Library
import Trash

/// The one adapter for a delete decision that no group card's kept members stand behind: a card of one
/// file (a screenshot, a large video), or a copy of a duplicate or similar photo in a pending batch
/// recorded before every front-end dealt group cards (a card a copy then). Such a batch is still
/// confirmed as it was promised: a duplicate moves against its group's kept copy (never the last copy),
/// a similar photo against the photo kept in its place.
enum PerCopyBatch {
    enum Outcome {
        case move(MoveRequest)
        case skip(String)
    }

    /// What becomes of one delete decision; `leaving` holds the paths the batch deletes.
    static func request(for decision: DecisionRecord, files: (item: ItemRecord, linked: [ItemRecord], keptCopy: ItemRecord?),
                        leaving: Set<Data>, library: LibraryDatabase) throws -> Outcome {
        let isDuplicate = decision.category == CardCategory.duplicates.rawValue
        let isSimilar = decision.category == CardCategory.similar.rawValue
        if isDuplicate && files.keptCopy == nil {
            return .skip("it is no longer a duplicate: no kept copy to fall back on")
        }
        // The duplicates flow never takes the last copy: not when the kept copy leaves in this batch too.
        if isDuplicate, let kept = files.keptCopy, leaving.contains(kept.path) {
            return .skip("its kept copy \(kept.rawPath) is deleted in this batch too; this copy stays as the last one")
        }
        // A similar photo moves only while the photo kept in its place is there, unchanged; unless
        // the player deleted that one in this batch too (each was dealt as its own card).
        var keptPhoto: KeptPhoto?
        if isSimilar {
            guard let kept = try library.similarKept(of: decision.item) else {
                return .skip("it is no longer similar to a kept photo (rescanned since it was dealt)")
            }
            if !leaving.contains(kept.path) { keptPhoto = KeptPhoto(path: kept.rawPath, expected: kept.status) }
        }
        return .move(MoveRequest(itemID: decision.item, path: files.item.rawPath, expected: files.item.status,
                                 linked: files.linked.map { .init(path: $0.rawPath, expected: $0.status) },
                                 twin: isDuplicate ? files.keptCopy?.rawPath : nil, keptPhoto: keptPhoto))
    }
}
