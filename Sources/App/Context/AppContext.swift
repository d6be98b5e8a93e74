import FileSystem
import Foundation
import Library
import Scanning
import Settings

/// Everything a command needs from the outside world, read once: where state lives, the
/// configuration, the clock (`SWIPECLEAN_NOW` replaces it) and the calendar (`TZ` decides the day).
package struct AppContext {
    package let environment: [String: String]
    /// `$SWIPECLEAN_HOME`, else `$XDG_DATA_HOME/swipeclean`, else `~/.local/share/swipeclean`.
    package let home: String
    package let configuration: Configuration
    package let configSource: String?
    package let now: Date
    package let calendar: Calendar
    /// Shared by every copy of the context: one database per process.
    package let door: LibraryDoor

    /// The configuration and the file it came from; a file that cannot be read stops the command, or (for the recovery
    /// commands) is said on stderr and the defaults are used.
    private static func configuration(_ environment: [String: String], usingDefaultsIfBroken: Bool) throws -> (Configuration, String?) {
        do {
            return try ConfigLoader.load(environment: environment)
        } catch {
            guard usingDefaultsIfBroken else { throw error }
            AppLog.warn("clean: \(error); using the defaults for this command (fix it, or `clean config set` a key to rewrite it)")
            return (Configuration.defaults, nil)
        }
    }

    /// Reads the configuration and the clock; `door` is shared when one process makes several contexts
    /// (the web app makes one per request, so each reads the configuration and the clock afresh).
    /// `usingDefaultsIfBroken`: a configuration file that cannot be read is said on stderr and the defaults are used
    /// (the recovery commands, `restore` and `trash list`, must not be blocked by it); otherwise it stops the command.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, door: LibraryDoor = LibraryDoor(),
                 usingDefaultsIfBroken: Bool = false) throws {
        self.environment = environment
        self.door = door
        home = Self.home(environment)
        StateFolder.secure(home)
        (configuration, configSource) = try Self.configuration(environment, usingDefaultsIfBroken: usingDefaultsIfBroken)
        now = try Self.now(environment)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        calendar.locale = Locale.current
        self.calendar = calendar
    }

    package static func home(_ environment: [String: String]) -> String {
        if let home = environment["SWIPECLEAN_HOME"], !home.isEmpty { return home }
        return dataHome(environment) + "/swipeclean"
    }

    /// `SWIPECLEAN_NOW` (ISO 8601 with an offset, e.g. 2026-03-02T19:30:00+01:00) or the real clock.
    package static func now(_ environment: [String: String]) throws -> Date {
        guard let text = environment["SWIPECLEAN_NOW"], !text.isEmpty else { return Date() }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        throw CleanError("SWIPECLEAN_NOW='\(text)' is not an ISO 8601 date-time with an offset, e.g. 2026-03-02T19:30:00+01:00")
    }

    package var databasePath: String { home + "/library.sqlite" }

    /// `trash.directory`: empty for `$SWIPECLEAN_HOME/Trash`, `desktop` for the FreeDesktop home trash
    /// (`$XDG_DATA_HOME/Trash`, which the file manager and trash-cli show), else that folder.
    package var trashDirectory: String {
        switch configuration.trash.directory {
        case "": return home + "/Trash"
        case Self.desktopTrash: return Self.dataHome(environment) + "/Trash"
        case let directory: return directory
        }
    }

    /// The `trash.directory` value naming the desktop's own trash.
    package static let desktopTrash = "desktop"

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    package static func dataHome(_ environment: [String: String]) -> String {
        environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }

    /// The library database, creating `home` and the database if they are not there yet. Opened once per
    /// process; the first open finishes interrupted work (see `LibraryDoor`).
    package func openLibrary() throws -> LibraryDatabase {
        try StateFolder.make(home)
        if !FileManager.default.fileExists(atPath: databasePath) { StateFolder.createDatabase(databasePath) }
        guard let library = try door.library(at: databasePath, intent: .create, reconcile: reconcile) else {
            throw CleanError("cannot create the library database \(databasePath)")
        }
        TrashCheck.run(self, library)
        return library
    }

    /// The library database if one exists; read-only commands never create state. `forWriting` when the
    /// caller will change it: never a read-only snapshot (see `LibraryDoor`).
    package func existingLibrary(forWriting: Bool = false) throws -> LibraryDatabase? {
        let library = try door.library(at: databasePath, intent: forWriting ? .write : .read, reconcile: reconcile)
        if let library { TrashCheck.run(self, library) }
        return library
    }

    package var thresholds: Thresholds {
        Thresholds(options: ScanOptions(configuration.scan), now: now, calendar: calendar)
    }
}

/// A failure said to the user in one sentence; `clean` prints it on stderr and exits 1.
package struct CleanError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
