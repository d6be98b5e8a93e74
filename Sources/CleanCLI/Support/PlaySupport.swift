import FileSystem
import Foundation
import Library
import Play
import Settings
import Trash

extension AppContext {
    /// Opens the index and the trash for a command that moves files, takes the one-mover lock
    /// (held while the returned value lives), and first finishes or rolls back anything a crash
    /// interrupted. The recovery is reported on stderr.
    func openPlay() throws -> (PlayContext, ProcessLock) {
        let library = try openLibrary()
        guard let lock = try ProcessLock(RawPath(home + "/lock")) else {
            throw CleanError("another clean is moving files in \(home); wait for it to finish and try again")
        }
        let trash: Trash
        do {
            trash = try Trash(root: RawPath(trashDirectory), timeZone: calendar.timeZone, now: { [now] in now })
        } catch {
            throw CleanError("cannot use the trash directory \(trashDirectory): \(error.reason); set trash.directory in \(ConfigLoader.userFile(environment: environment)) to a writable folder")
        }
        let play = PlayContext(library: library, trash: trash, rules: configuration.game, tier: configuration.player.tier,
                               now: now, calendar: calendar, thresholds: thresholds,
                               keptCooldownDays: configuration.play.keptCooldownDays)
        let recovered = try play.recover()
        if !recovered.isEmpty {
            Terminal.warn("clean: finished an interrupted move: \(recovered.finishedMoves) files moved, \(recovered.rolledBackMoves) put back, \(recovered.settledRounds.count) rounds credited")
            for problem in recovered.problems { Terminal.warn("clean: \(problem)") }
        }
        return (play, lock)
    }

    /// Every start of a command that shows or changes the index: if a crash interrupted a move
    /// or a round's credit, finish it first (when no other clean is moving files right now).
    func reconcileIfInterrupted() throws {
        guard let library = try existingLibrary(), try library.hasInterruptedWork() else { return }
        do {
            _ = try openPlay()
        } catch let error as CleanError where error.description.hasPrefix("another clean is moving files") {
            return  // that clean is finishing its own moves
        }
    }
}

/// Where human text goes: stdout normally, stderr when stdout carries JSON.
struct Screen {
    let json: Bool
    func say(_ text: String) {
        if json { Terminal.warn(text) } else { print(text) }
    }
}
