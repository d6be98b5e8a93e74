import ArgumentParser
import Play

/// clean's exit codes beyond 0 (everything asked was done) and 1 (failed or refused: nothing asked was done), as
/// Docs/commands.md and the man pages' EXIT STATUS (Scripts/man/exit-status.mdoc) list them. Usage errors are
/// swift-argument-parser's 64, value errors included (a `ValidationError`).
enum ExitStatus {
    /// Done in part: some files, folders or trash entries were not read, moved, restored or deleted; each is named on
    /// stderr (and in the `--json` document).
    static let partial = ExitCode(3)
    /// Interrupted by Ctrl-C: in a round nothing moves and the deletes so far wait in `clean pending`.
    static let interrupted = ExitCode(130)

    /// After batches were asked to move: nothing when each moved but for the files re-checked out of it (changed or gone
    /// since they were dealt, a kept copy changed: reported, as DESIGN.md's per-file warnings are, with 0); when files
    /// could not move for a fault that may pass (a folder gone, a full disk: they wait in `clean pending`), 3 if others
    /// moved, 1 if none did.
    static func moved(_ reports: [RoundReport]) throws {
        guard reports.contains(where: { $0.pending || $0.waitingRound != nil }) else { return }
        throw reports.contains { $0.deleted > 0 } ? partial : ExitCode.failure
    }
}

/// A value that does not fit, found once the command runs (a vacation's end in the past, a setting's value): a usage
/// error like a parse error (64), said as its one sentence on stderr, without the root command's usage lines that a
/// `ValidationError` thrown from `run()` would add.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
