#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Foundation
import Testing
@testable import Trash

@Suite struct TrashInfoFormatTests {
    @Test(arguments: [
        ("/photos/a b.jpg", "/photos/a%20b.jpg"),
        ("/photos/line\nbreak.jpg", "/photos/line%0Abreak.jpg"),
        ("/photos/100%.jpg", "/photos/100%25.jpg"),
        ("/photos/été.jpg", "/photos/%C3%A9t%C3%A9.jpg"),
        ("/keep/-_.!~*'()/as-is", "/keep/-_.!~*'()/as-is"),
        ("/a#b?c&d=e+f", "/a%23b%3Fc%26d%3De%2Bf"),
    ])
    func pathIsPercentEncodedOverItsBytes(_ path: String, _ encoded: String) {
        #expect(PercentEncoding.encode(Array(path.utf8)) == Array(encoded.utf8))
        #expect(PercentEncoding.decode(Array(encoded.utf8)) == Array(path.utf8))
    }

    @Test func nonUTF8BytesAreEncodedAndDecodedExactly() {
        let raw: [UInt8] = [0x2F, 0x66, 0xFF, 0xFE, 0x25]
        #expect(PercentEncoding.encode(raw) == Array("/f%FF%FE%25".utf8))
        #expect(PercentEncoding.decode(PercentEncoding.encode(raw)) == raw)
    }

    @Test(arguments: ["%", "%4", "%G0", "abc%zz"])
    func badEscapeIsRefused(_ text: String) {
        #expect(PercentEncoding.decode(Array(text.utf8)) == nil)
    }

    @Test func trashNamesGetANumberBeforeTheExtension() {
        #expect(TrashNames.candidate(for: Array("IMG.jpg".utf8), attempt: 2) == Array("IMG.2.jpg".utf8))
        #expect(TrashNames.candidate(for: Array("README".utf8), attempt: 3) == Array("README.3".utf8))
        #expect(TrashNames.candidate(for: Array(".hidden".utf8), attempt: 2) == Array(".hidden.2".utf8))
        #expect(TrashNames.candidate(for: Array(repeating: UInt8(ascii: "x"), count: 255) + Array(".jpg".utf8), attempt: 2).count <= 245)
    }
}

@Suite struct ListAndEmptyTests {
    @Test func badTrashContentsAreReportedAndSkippedNeverACrash() throws {
        let dir = try TemporaryDirectory()
        try write(dir("lib/good.jpg"), "good")
        var unreadable = false
        let faulty = FaultInjectingFileOperations(rule: { call, path in
            unreadable && call == .open && path.lastComponent == Array("locked.jpg.trashinfo".utf8) ? EACCES : nil
        })
        let trash = try makeTrash(dir("Trash"), operations: faulty)
        _ = trash.moveIn([try request(1, dir("lib/good.jpg"))], batch: BatchID(1), journal: InMemoryTrashJournal())
        try write(dir("Trash/info/gone.jpg.trashinfo"), "[Trash Info]\nPath=/x/gone.jpg\nDeletionDate=2026-01-01T00:00:00\n")
        try write(dir("Trash/files/orphan.jpg"), "who am I")
        try write(dir("Trash/files/garbage.jpg"), "x")
        try write(dir("Trash/info/garbage.jpg.trashinfo"), [0xFF, 0x00, 0x13])
        try write(dir("Trash/files/nodate.jpg"), "x")
        try write(dir("Trash/info/nodate.jpg.trashinfo"), "[Trash Info]\nPath=/x/nodate.jpg\n")
        try write(dir("Trash/files/locked.jpg"), "x")
        try write(dir("Trash/info/locked.jpg.trashinfo"), "[Trash Info]\nPath=/x/locked.jpg\nDeletionDate=2026-01-01T00:00:00\n")
        try write(dir("Trash/info/notes.txt"), "stray")
        unreadable = true
        let listing = trash.list()
        #expect(listing.entries.map(\.originalPath) == [dir("lib/good.jpg")])
        let kinds = Dictionary(uniqueKeysWithValues: listing.problems.map { (String(decoding: $0.trashName, as: UTF8.self), $0.kind) })
        #expect(kinds == ["gone.jpg": .infoWithoutFile, "orphan.jpg": .fileWithoutInfo, "garbage.jpg": .badInfo,
                          "nodate.jpg": .badInfo, "locked.jpg": .unreadableInfo, "notes.txt": .strayInInfo])
    }
}

@Suite struct RecoveryTests {
    @Test func interruptedMoveInEachStateEndsInExactlyOnePlace() throws {
        for stopBefore in 1...12 {
            let dir = try TemporaryDirectory()
            try write(dir("a.jpg"), "photo")
            let dealt = try request(1, dir("a.jpg"))
            let journal = InMemoryTrashJournal()
            // The Nth change fails for good (like a crash), then recovery runs with healthy calls.
            let faulty = FaultInjectingFileOperations(rule: { _, _ in nil })
            var changes = 0
            faulty.rule = { call, _ in
                guard call.changesDisk else { return nil }
                changes += 1
                return changes >= stopBefore ? EIO : nil
            }
            _ = try makeTrash(dir("Trash"))
            let broken = try makeTrash(dir("Trash"), operations: faulty, forceCopy: stopBefore % 2 == 0)
            _ = broken.moveIn([dealt], batch: BatchID(1), journal: journal)
            let report = try makeTrash(dir("Trash")).recover(journal)
            let home = contents(dir("a.jpg"))
            let listing = try makeTrash(dir("Trash")).list()
            #expect(listing.problems.isEmpty, "stop \(stopBefore): \(listing.problems) \(report.problems)")
            #expect((home != nil) != (listing.entries.count == 1), "stop \(stopBefore)")
            #expect(try journal.unfinishedMoves().isEmpty)
        }
    }
}
