import Foundation
import Testing
@testable import Library
import TestSupport
@testable import Scanning

@Suite struct LinkTests {
    private func file(_ id: Int64, _ path: String, _ kind: String) -> LinkFinder.File {
        LinkFinder.File(id: id, path: Data(path.utf8), kind: kind)
    }

    @Test func livePhotoMovieAndSidecarsBelongToTheirStill() {
        let links = LinkFinder.links([
            file(1, "/d/IMG_1234.HEIC", "photo"), file(2, "/d/IMG_1234.MOV", "video"),
            file(3, "/d/IMG_1234.AAE", "other"), file(4, "/d/IMG_1234.HEIC.json", "other"),
            file(5, "/d/IMG_1234.HEIC.supplemental-metadata.json", "other"), file(6, "/d/IMG_1234.xmp", "other"),
            file(7, "/e/IMG_1234.MOV", "video"),  // another folder: not linked
            file(8, "/d/notes.json", "other"),     // no owner
        ])
        #expect(links == [
            .init(item: 2, owner: 1, kind: .livePhoto), .init(item: 3, owner: 1, kind: .sidecar),
            .init(item: 4, owner: 1, kind: .sidecar), .init(item: 5, owner: 1, kind: .sidecar),
            .init(item: 6, owner: 1, kind: .sidecar),
        ])
    }

    /// RAW+JPEG: the raw file goes with the JPEG whatever libmagic called it, and so do the
    /// sidecars of both (`IMG_0001.xmp`, `IMG_0001.CR2.xmp`, `IMG_0001.AAE`).
    @Test func aRawFileAndItsSidecarsBelongToTheJPEG() {
        let links = LinkFinder.links([
            file(1, "/d/IMG_0001.JPG", "photo"), file(2, "/d/IMG_0001.CR2", "photo"),
            file(3, "/d/IMG_0001.CR2.xmp", "other"), file(4, "/d/IMG_0001.xmp", "other"), file(5, "/d/img_0001.aae", "other"),
            file(6, "/d/DSC_0002.jpeg", "photo"), file(7, "/d/DSC_0002.NEF", "other"), file(8, "/d/DSC_0002.nef.XMP", "other"),
            file(9, "/d/P0003.ORF", "other"), file(10, "/d/P0003.ORF.xmp", "other"),  // no JPEG: the raw is its own card
            file(11, "/e/IMG_0001.CR2", "photo"),  // another folder: not linked
        ])
        #expect(links == [
            .init(item: 2, owner: 1, kind: .raw), .init(item: 3, owner: 1, kind: .sidecar),
            .init(item: 4, owner: 1, kind: .sidecar), .init(item: 5, owner: 1, kind: .sidecar),
            .init(item: 7, owner: 6, kind: .raw), .init(item: 8, owner: 6, kind: .sidecar),
            .init(item: 10, owner: 9, kind: .sidecar),
        ])
    }

    /// A name whose only dot starts it has no extension: `.MOV` is no Live Photo movie, `.CR2` no raw file.
    @Test func aNameStartingWithItsOnlyDotHasNoExtension() {
        #expect(LinkFinder.links([
            file(1, "/d/.mov.jpg", "photo"), file(2, "/d/.MOV", "video"), file(3, "/d/.CR2", "other"), file(4, "/d/.cr2.xmp", "other"),
        ]).isEmpty)
        #expect(!LinkFinder.isRaw(Data("/d/.CR2".utf8)) && LinkFinder.isRaw(Data("/d/a.CR2".utf8)) && !LinkFinder.isRaw(Data("/d.cr2/a".utf8)))
    }

    @Test func aMovieWithoutAStillStandsAlone() {
        #expect(LinkFinder.links([file(1, "/d/VID_1.MOV", "video"), file(2, "/d/VID_1.mp4", "video")]).isEmpty)
    }

    /// Random folders of look-alike names (case, dots, compound and missing extensions, raw files
    /// libmagic calls photos or others, three folders): the same links as the plain reference.
    @Test func randomFoldersLinkAsTheReferenceDoes() {
        var random = SplitMix(seed: 0x4C49_4E4B)
        let folders = ["/d", "/e", "/d.cr2"]
        let stems = ["IMG_1", "img_1", "DSC_2", "", ".hidden", "a.b", "IMG_1.CR2", "x"]
        let extensions = ["", ".", ".HEIC", ".jpg", ".JPEG", ".MOV", ".mov", ".mp4", ".CR2", ".nef", ".xmp", ".XMP", ".AAE",
                          ".json", ".supplemental-metadata.json", ".HEIC.json", ".cr2.xmp", ".tif"]
        let kinds = ["photo", "photo", "video", "other", "audio"]
        var checked = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 2...16, using: &random)
            let files = (0..<count).map { index in
                let path = folders.randomElement(using: &random)! + "/" + stems.randomElement(using: &random)! + extensions.randomElement(using: &random)!
                return file(Int64(index + 1), path, kinds.randomElement(using: &random)!)
            }
            let expected = LinkFinderReference.links(files)
            #expect(LinkFinder.links(files) == expected, "\(files.map { "\($0.id) \(String(decoding: $0.path, as: UTF8.self)) \($0.kind)" })")
            if !expected.isEmpty { checked += 1 }
        }
        #expect(checked > 450)   // one folder in seven links something: not only empty lists are compared
    }

    @Test func linksAreStoredByAScan() throws {
        let tree = try TestTree()
        try tree.copyCorpus("IMG_2927.HEIC", to: "DCIM/IMG_2927.HEIC")
        try tree.copyCorpus("with-gps.mov", to: "DCIM/IMG_2927.MOV")
        _ = try tree.scan()
        let still = try #require(try tree.item("DCIM/IMG_2927.HEIC"))
        let movie = try #require(try tree.item("DCIM/IMG_2927.MOV"))
        #expect(movie.linkedTo == still.id)
        #expect(movie.linkKind == .livePhoto)
    }

    /// A scan works links out on a reader while it finds duplicates, and writes them afterwards as
    /// they are only when no other connection committed in between; otherwise it links afresh in the
    /// write transaction. Here another connection renames a movie into a Live Photo's after the links
    /// were worked out: the stale (empty) changes are not written, the fresh link is.
    @Test func linksWorkedOutBeforeAnotherConnectionCommittedAreWorkedOutAgain() throws {
        let tree = try TestTree()
        try tree.copyCorpus("IMG_2927.HEIC", to: "DCIM/IMG_2927.HEIC")
        try tree.copyCorpus("with-gps.mov", to: "DCIM/VID_0001.MOV")
        _ = try tree.scan()
        let database = try #require(tree.database)
        func pending() throws -> IndexWriter.PendingLinks {
            let version = try database.write(IndexWriter.dataVersion)
            return IndexWriter.PendingLinks(version: version, changes: try database.read(IndexWriter.linkChanges))
        }
        let stale = try pending()
        #expect(stale.changes.isEmpty)
        let other = try LibraryDatabase(path: database.path)
        try other.write { db in
            try db.execute(sql: "UPDATE item SET path = ? WHERE path = ?",
                           arguments: [Data((tree.photos + "/DCIM/IMG_2927.MOV").utf8), Data((tree.photos + "/DCIM/VID_0001.MOV").utf8)])
        }
        try database.write { db in try IndexWriter.write(stale, db) }
        let still = try #require(try tree.item("DCIM/IMG_2927.HEIC"))
        #expect(try tree.item("DCIM/IMG_2927.MOV")?.linkedTo == still.id)

        // With no commit from elsewhere, the changes worked out on the reader are the ones written.
        try database.write { db in try db.execute(sql: "UPDATE item SET linkedTo = NULL, linkKind = NULL") }
        let current = try pending()
        #expect(current.changes == [IndexWriter.LinkChange(item: try #require(try tree.item("DCIM/IMG_2927.MOV")).id!,
                                                           owner: still.id, kind: ItemRecord.LinkKind.livePhoto.rawValue)])
        try database.write { db in try IndexWriter.write(current, db) }
        #expect(try tree.item("DCIM/IMG_2927.MOV")?.linkKind == .livePhoto)
    }
}
