import FileSystem
import Foundation
import Game
import Library
import Play
import Scanning

/// The use cases both front-ends call: the command line (parse, call, render what it returns) and the web app (one
/// call a request). Each call reads the configuration and the clock afresh, as one command run would, through the
/// process's one database, and answers with the documents the commands' `--json` prints and `/api/v1` serves, or the
/// values they are made from (`UseCases/`).
package struct AppService: Sendable {
    package let environment: [String: String]
    package let door: LibraryDoor
    /// A broken configuration file is said and the defaults used (`restore` and `trash list`: recovery is not blocked).
    package let usingDefaultsIfBroken: Bool

    package init(environment: [String: String], door: LibraryDoor = LibraryDoor(), usingDefaultsIfBroken: Bool = false) {
        self.environment = environment
        self.door = door
        self.usingDefaultsIfBroken = usingDefaultsIfBroken
    }

    package func context() throws -> AppContext {
        try AppContext(environment: environment, door: door, usingDefaultsIfBroken: usingDefaultsIfBroken)
    }

    package func profile() throws -> ProfileDocument {
        ProfileDocument(try PlayerView(context: try context()))
    }

    /// The bosses as they stand, every card counted (`boss list`).
    package func bossBoard() throws -> (BossBoard, Calendar) {
        let context = try context()
        return (try BossBoard(context: context, player: try PlayerView(context: context)), context.calendar)
    }

    package func bosses() throws -> [BossDocument] {
        let (board, calendar) = try bossBoard()
        return BossDocument.list(board, calendar: calendar)
    }

    package func home() throws -> HomeDocument {
        let context = try context()
        let player = try PlayerView(context: context)
        return HomeDocument(context: context, player: player,
                            board: try BossBoard(context: context, player: player, weeklyCountLimit: BossBoard.homeWeeklyCountLimit))
    }

    /// The index, for previews; nil before the first scan.
    package func library() throws -> LibraryDatabase? { try context().existingLibrary() }

    /// The folders scanned before, the latest first (those no longer folders left out): what the pages scan again.
    package func knownFolders() throws -> [String] {
        try context().existingLibrary()?.knownRoots().filter { (try? ScanRoot.resolve($0)) != nil } ?? []
    }

    /// A scan of `folders` (remembered as scanned ones), telling `progress` where it stands.
    package func scan(_ folders: [String], progress: @escaping @Sendable (ScanProgress) -> Void) throws -> ScanDocument {
        ScanDocument(try scan(try folders.map(ScanRoot.resolve), progress: progress))
    }

    /// A scan of the folders `roots` under the configuration and these choices, holding the scan's lock (`scan.lock`:
    /// one scan at a time, and no round deals from a half-built index), telling `progress` where it stands.
    package func scan(_ roots: [RawPath], jobs: Int? = nil, crossFileSystems: Bool = false, rehash: Bool = false, similar: Bool = true,
                      progress: @escaping @Sendable (ScanProgress) -> Void = { _ in }) throws -> ScanReport {
        let context = try context()
        let lock = try context.holdScanLock()
        return try withExtendedLifetime(lock) {
            try context.openLibrary().scan(context.scanRequest(roots, jobs: jobs, crossFileSystems: crossFileSystems, rehash: rehash,
                                                              similar: similar), progress: progress)
        }
    }
}
