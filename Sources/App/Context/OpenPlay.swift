import Deck
import FileSystem
import Foundation
import Keeping
import Library
import Play
import Settings
import Trash

package extension AppContext {
    /// Opens the index and the trash for a command that moves files, takes the one-mover lock
    /// (held while the returned value lives), and first finishes or rolls back anything a crash
    /// interrupted. The recovery is reported on stderr.
    func openPlay() throws -> (PlayContext, ProcessLock) {
        let library = try openLibrary()
        guard let lock = try takeMoverLock() else { throw MoverBusy(home: home) }
        let play = try playContext(library)
        report(try play.recover())
        return (play, lock)
    }

    /// Called by the door when the database is first opened and a crash interrupted a move or a round's
    /// credit: finish it now, unless another clean is moving files right now (it is finishing its own).
    func reconcile(_ library: LibraryDatabase) throws {
        guard let lock = try takeMoverLock() else { return }
        try withExtendedLifetime(lock) { report(try playContext(library).recover()) }
    }

    private func takeMoverLock() throws -> ProcessLock? {
        try Self.lock(home + "/lock", home: home)
    }

    /// The one-mover lock, waiting up to `seconds` for a clean moving files now (a restore, an empty, another round's
    /// batch) to finish; nil when it did not in time.
    func waitForMoverLock(seconds: Double) throws -> ProcessLock? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let lock = try takeMoverLock() { return lock }
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Opens play for a round or a battle: the one-round lock (`play.lock`: one round in play per home, in a terminal
    /// or the web app) held while the returned value lives, after checking no scan is writing the index (a round would
    /// deal from half of it). What a crash left is finished first when no other clean is moving files. The one-mover
    /// lock is not held while the round is played, only while its batch moves (`PlayOpening.finish`): a restore, an
    /// empty or `clean trash list` in another terminal does not wait on a round that moves nothing.
    func openRoundPlay() throws -> (PlayContext, ProcessLock) {
        let library = try openLibrary()
        guard let round = try Self.lock(home + "/play.lock", home: home) else { throw PlayRefusal.roundInPlay(home: home) }
        if try scanIsRunning() { throw PlayRefusal.scanRunning(home: home) }
        let play = try playContext(library)
        if let mover = try takeMoverLock() { try withExtendedLifetime(mover) { report(try play.recover()) } }
        return (play, round)
    }

    /// Whether a scan is writing the index now (it holds `scan.lock`).
    func scanIsRunning() throws -> Bool {
        guard FileManager.default.fileExists(atPath: home + "/scan.lock") else { return false }
        return try Self.lock(home + "/scan.lock", home: home) == nil
    }

    /// The lock a scan holds while it writes the index (`scan.lock`), or an error when another scan holds it.
    func holdScanLock() throws -> ProcessLock {
        try StateFolder.make(home)
        guard let lock = try Self.lock(home + "/scan.lock", home: home) else {
            throw CleanError("another clean is scanning into \(home); wait for it to finish (its index would be written twice at once)")
        }
        return lock
    }

    /// Takes the lock file `path` of the state folder `home`, or nil when another clean holds it; what is in its way
    /// (a symbolic link, a folder, a read-only state folder) is said with the step to take.
    static func lock(_ path: String, home: String) throws -> ProcessLock? {
        do {
            return try ProcessLock(RawPath(path))
        } catch {
            switch error.code {
            case ELOOP:
                throw CleanError("\(path) is a symbolic link, not clean's lock file; nothing was created where it points. "
                                 + "Remove the link (rm '\(path)') and try again")
            case EISDIR:
                throw CleanError("\(path) is a folder, not clean's lock file; move it out of the way (mv '\(path)' '\(path).moved') and try again")
            case EROFS, EACCES, EPERM:
                throw CleanError("cannot create the lock file \(path): the state folder \(home) is read-only or not yours "
                                 + "(\(error.reason)); make it writable or set SWIPECLEAN_HOME to a writable folder; nothing was changed")
            default:
                throw CleanError("cannot take the lock file \(path): \(error.reason); nothing was changed")
            }
        }
    }

    /// The play context without the mover lock, for a read that changes nothing (a trash entry's
    /// thumbnail, while a round may be in play): nil before the first scan.
    func readingPlay() throws -> PlayContext? {
        guard let library = try existingLibrary() else { return nil }
        return try playContext(library)
    }

    func playContext(_ library: LibraryDatabase) throws -> PlayContext {
        let trash: Trash
        do {
            trash = try Trash(root: RawPath(trashDirectory), timeZone: calendar.timeZone, now: { [now] in now })
            trash.renameOnly = configuration.trash.directory == Self.desktopTrash
            trash.usesVolumeTrashes = trash.renameOnly
        } catch {
            throw CleanError("cannot use the trash directory \(trashDirectory): \(error.reason); set trash.directory in \(ConfigLoader.userFile(environment: environment)) to a writable folder")
        }
        var play = PlayContext(library: library, trash: trash, rules: configuration.game, tier: configuration.player.tier,
                               now: now, calendar: calendar, thresholds: thresholds,
                               keptCooldownDays: configuration.play.keptCooldownDays)
        play.keeper = KeeperRule(configuration.keep)
        return play
    }

    private func report(_ recovered: RecoverySummary) {
        guard !recovered.isEmpty else { return }
        if recovered.finishedMoves + recovered.rolledBackMoves + recovered.notStartedMoves > 0 || !recovered.settledRounds.isEmpty {
            // Exactly what happened to each file: moved, put back after it had begun to leave, or never begun.
            var parts = ["\(Words.count(recovered.finishedMoves, "file")) moved to the trash"]
            if recovered.rolledBackMoves > 0 { parts.append("\(Words.count(recovered.rolledBackMoves, "file")) put back where \(recovered.rolledBackMoves == 1 ? "it was" : "they were")") }
            if recovered.notStartedMoves > 0 { parts.append("\(Words.count(recovered.notStartedMoves, "file")) not begun (never left \(recovered.notStartedMoves == 1 ? "its" : "their") place)") }
            parts.append("\(Words.count(recovered.settledRounds.count, "round")) credited")
            AppLog.warn("clean: finished an interrupted move: " + parts.joined(separator: ", "))
        }
        if !recovered.waitingRounds.isEmpty {
            AppLog.warn("clean: the cards it did not move wait in `clean pending` (round \(recovered.waitingRounds.map(String.init).joined(separator: ", round "))): "
                        + "`clean pending confirm` moves them")
        }
        if recovered.finishedRestores + recovered.undoneRestores > 0 {
            AppLog.warn("clean: finished an interrupted restore: \(recovered.finishedRestores) files back, \(recovered.undoneRestores) still in the trash")
        }
        if recovered.finishedPurges > 0 {
            AppLog.warn("clean: finished an interrupted trash empty: \(recovered.finishedPurges) files deleted for good")
        }
        for problem in recovered.problems { AppLog.warn("clean: \(problem)") }
    }
}

/// Another clean holds the one-mover lock: it is moving files (or a round is in play) in the state folder `home`.
package struct MoverBusy: Error, CustomStringConvertible {
    package let home: String
    package var description: String { "another clean is moving files in \(home); wait for it to finish and try again" }
}
