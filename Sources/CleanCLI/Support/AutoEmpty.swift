import App
import Foundation
import Play

/// `trash.auto_empty_days`: before any command, what has been in the trash longer than that is
/// deleted for good (only clean's own entries, as `clean trash empty` does), and said on stderr.
enum AutoEmpty {
    /// Empties past the setting when it is on and a library exists; a clean moving files right now
    /// postpones it to the next command. Never fails the command it precedes.
    static func run(_ service: AppService) {
        do {
            guard let (outcome, days) = try service.emptyPastRetention() else { return }
            if outcome.files > 0 {
                Terminal.warn("clean: trash.auto_empty_days = \(days): \(plural(outcome.files, "file")) (\(humanBytes(outcome.bytes))) "
                              + "in the trash more than \(plural(days, "day")) deleted, freed for good")
            }
        } catch {
            Terminal.warn("clean: the trash was not emptied automatically: \(error)")
        }
    }
}
