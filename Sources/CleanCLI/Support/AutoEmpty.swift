import App
import Foundation
import Play

/// `trash.auto_empty_days`: before any command, what has been in the trash longer than that is
/// deleted for good (only clean's own entries, as `clean trash empty` does), and said on stderr.
enum AutoEmpty {
    /// Empties past the setting when it is on and a library exists; a clean moving files right now
    /// (the lock is taken) postpones it to the next command. Never fails the command it precedes.
    static func run(_ context: AppContext) {
        let days = context.configuration.trash.autoEmptyDays
        guard days > 0, FileManager.default.fileExists(atPath: context.databasePath) else { return }
        do {
            let (play, lock) = try context.openPlay()
            defer { withExtendedLifetime(lock) {} }
            let doomed = try play.trashToEmpty(olderThanDays: days)
            guard !doomed.isEmpty else { return }
            let outcome = try play.emptyTrash(doomed)
            if outcome.files > 0 {
                Terminal.warn("clean: trash.auto_empty_days = \(days): \(plural(outcome.files, "file")) (\(humanBytes(outcome.bytes))) "
                              + "in the trash more than \(plural(days, "day")) deleted, freed for good")
            }
            for problem in outcome.problems { Terminal.warn("clean: trash: \(problem)") }
        } catch let error as CleanError where error.description.hasPrefix("another clean is moving files") {
            return
        } catch {
            Terminal.warn("clean: the trash was not emptied automatically: \(error)")
        }
    }
}
