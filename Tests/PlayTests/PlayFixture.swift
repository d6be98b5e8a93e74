import FileSystem
import Foundation
import Game
import Library
import Play
import Scanning
import Trash

/// A scanned throw-away library with its trash, and a play context at a fixed time.
final class PlayFixture {
    let root: String
    let library: LibraryDatabase
    let trash: Trash
    /// The trash's own folder: `root/Trash`, or on the system's temporary folder when the library is on a volume of its own.
    let trashRoot: String
    /// The library (photos and index) is on a tmpfs of its own and the trash is the desktop's
    /// kind (rename only), so every move goes to that volume's `.Trash-$UID`.
    let onOwnVolume: Bool
    var now = ISO8601DateFormatter().date(from: "2026-03-02T18:30:00Z")!

    init(files: [String: Data], onOwnVolume: Bool = false) throws {
        root = NSTemporaryDirectory() + "swipeclean-play-\(UUID().uuidString)"
        self.onOwnVolume = onOwnVolume
        trashRoot = onOwnVolume ? NSTemporaryDirectory() + "swipeclean-play-trash-\(UUID().uuidString)" : root + "/Trash"
        if onOwnVolume {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "none", root]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: root, NSLocalizedDescriptionKey: "mounting a tmpfs at \(root) needs root"])
            }
        }
        for (relative, data) in files {
            let path = root + "/photos/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
        }
        library = try LibraryDatabase(path: root + "/library.sqlite")
        // The trash dates its entries on the fixture's clock, as the app's does on SWIPECLEAN_NOW.
        trash = try Trash(root: RawPath(trashRoot), timeZone: TimeZone(identifier: "UTC")!, now: { [now] in now })
        trash.renameOnly = onOwnVolume
        trash.usesVolumeTrashes = onOwnVolume
        _ = try library.scan(ScanRequest(roots: [RawPath(root + "/photos")], now: now, calendar: Self.calendar))
    }

    deinit {
        if onOwnVolume {
            try? FileManager.default.removeItem(atPath: trashRoot)
            Self.run("/bin/umount", ["-l", root])
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The trash folders an entry may be in: the trash's own, and the library volume's.
    var trashFolders: [String] { [trashRoot] + (onOwnVolume ? [root + "/.Trash-\(getuid())"] : []) }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    var context: PlayContext {
        PlayContext(library: library, trash: trash, rules: .defaults, tier: .free, now: now, calendar: Self.calendar,
                    thresholds: Thresholds(options: .defaults, now: now, calendar: Self.calendar), keptCooldownDays: 30)
    }

    func path(_ relative: String) -> String { root + "/photos/" + relative }
    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// A session over `category`'s cards that answers `commands` in order.
    func play(_ category: CardCategory?, _ commands: [PlayerCommand], undos: Int? = nil) throws -> RoundSession {
        let session = RoundSession(cards: try context.cards(category), undoAllowance: undos, isDealable: PlayContext.isUnchanged)
        for command in commands { session.apply(command) }
        return session
    }

    func profile() throws -> Profile { try library.profile() ?? .newPlayer(tier: .free, rules: .defaults) }
}

/// Bytes that cannot collide by chance.
func randomData(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: 0...255) }) }

/// Random bytes behind a JPEG's first marker, `count` in all: typed a photo by libmagic (only photos and
/// videos are duplicates in the game), never decoded.
func jpegData(_ count: Int) -> Data {
    let head: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
    return Data(head.prefix(count)) + randomData(max(0, count - head.count))
}

/// A PNG (signature and IHDR, so libmagic says image/png) of exactly `count` bytes with random
/// content: named like a screenshot, it is one.
func pngData(_ count: Int) -> Data {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                     0, 0, 4, 0x38, 0, 0, 9, 0x60, 8, 6, 0, 0, 0, 0, 0, 0, 0])
    data.append(randomData(max(0, count - data.count)))
    return data
}

/// The Android screenshot folder and name: a PNG here is a screenshot.
let screenshotName = "Pictures/Screenshots/Screenshot_20240105-101010.png"
