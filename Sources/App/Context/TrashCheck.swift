import Foundation
import Library
import Play
import Synchronization

/// At each start, once the index is open: the trash checked against it. Files in the trash the index does not know
/// (the index lost its last writes in a crash, or was replaced) are invisible to `trash list`, `restore` and `trash
/// empty` until `clean trash adopt` records them again: said on stderr, with that step, once per process.
enum TrashCheck {
    private static let checked = Mutex<Set<String>>([])

    /// No check in this process for `home` (`clean trash adopt`, which does the work the check would point to).
    static func skip(_ home: String) { checked.withLock { _ = $0.insert(home) } }

    static func run(_ context: AppContext, _ library: LibraryDatabase) {
        guard checked.withLock({ $0.insert(context.home).inserted }) else { return }
        guard let play = try? context.playContext(library), let count = try? play.unrecordedTrashEntries(), count > 0 else { return }
        AppLog.warn("clean: \(Words.count(count, "file")) in the trash \(context.trashDirectory) \(count == 1 ? "is" : "are") not in the index "
                    + "(it lost its record of them, as after a crash with its -wal file gone): `clean trash adopt` records them again, "
                    + "so `clean trash list` and `clean restore` see them")
    }
}
