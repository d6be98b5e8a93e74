import Foundation
import Testing

/// Stores another program owns inside a scanned tree, built from their real structures by
/// `Fixtures/make-stores.py` (an iPhone backup with its `Manifest.db`, an encrypted one, a Photos
/// library, Lightroom previews, thumbnail caches, other trashes, non-media pairs): indexed and
/// reported, never a card, never moved, never the copy that lets a library photo go.
@Suite(.serialized) struct StoresTests {
    /// What the generator made (its `--manifest`).
    struct Made {
        var protected: [(path: String, kind: String, root: String)]
        var onlyCopyProtected: [String]
        var similarOnlyInStore: [String]
        var nonMediaPairs: [String]
        var iosNames: [String: String]
    }

    static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/make-stores.py").path

    static func make(_ clean: CleanBinary) throws -> (library: String, made: Made) {
        let library = clean.home + "/lib", manifest = clean.home + "/made.json"
        let run = try clean.launch(URL(fileURLWithPath: "/usr/bin/python3"), [generator, library, CleanBinary.corpus, "--manifest", manifest],
                                   input: nil, environment: clean.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any])
        let protected = (json["protected"] as? [[String: String]] ?? []).map { ($0["path"]!, $0["kind"]!, $0["root"]!) }
        return (library, Made(protected: protected, onlyCopyProtected: json["onlyCopyProtected"] as? [String] ?? [],
                              similarOnlyInStore: json["similarOnlyInStore"] as? [String] ?? [],
                              nonMediaPairs: json["nonMediaPairs"] as? [String] ?? [], iosNames: json["iosNames"] as? [String: String] ?? [:]))
    }

    /// Each file's bytes, modification time and inode.
    static func snapshot(_ paths: [String]) throws -> [String: String] {
        var state: [String: String] = [:]
        for path in paths {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            state[path] = "\(bytes.base64EncodedString()) \(bytes.count) \(attributes[.modificationDate]!) \(attributes[.systemFileNumber]!)"
        }
        return state
    }

    static func items(_ clean: CleanBinary, filter: String = "all") throws -> [[String: Any]] {
        try clean.run(["items", "--filter", filter, "--json"]).stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Plays `arguments` deleting every card it deals, confirmed; returns how many it deleted.
    @discardableResult
    static func deleteEverything(_ clean: CleanBinary, _ arguments: [String]) throws -> Int {
        let run = try clean.run(arguments + ["--yes", "--json"], input: String(repeating: "d\n", count: 400))
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        let round = try CleanBinary.object(run)
        // Every file deleted was moved: none was a store's file refused at the last moment
        // (the re-check before a move would skip it; it must never be dealt in the first place).
        // (A group card counts its members: those kept, the suggested one, and those deleted.)
        #expect(round["reviewed"] as? Int == (round["deleted"] as? Int ?? 0) + (round["kept"] as? Int ?? 0), "\(arguments): \(round)")
        #expect((round["skipped"] as? [Any] ?? []).isEmpty, "\(arguments): \(round)")
        return round["deleted"] as? Int ?? -1
    }

    static func environment(_ clean: inout CleanBinary) {
        clean.environment["SWIPECLEAN_NOW"] = "2026-03-02T19:30:00+01:00"
    }

    @Test func everyStoreIsRecognisedFromItsStructureAndReportedWithWhatItHolds() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        Self.environment(&clean)
        let (library, made) = try Self.make(clean)
        let scan = try clean.run(["scan", library, "--json"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let protected = try #require(try CleanBinary.object(scan)["protected"] as? [[String: Any]])
        // One entry per store root and kind, holding exactly the files made inside it.
        var expected: [String: Int] = [:]
        for file in made.protected { expected["\(file.root) \(file.kind)", default: 0] += 1 }
        var found: [String: Int] = [:]
        for store in protected { found["\(store["path"] as! String) \(store["kind"] as! String)"] = store["files"] as? Int }
        #expect(found == expected)
        let encrypted = protected.filter { $0["encrypted"] as? Bool == true }.map { $0["path"] as! String }
        #expect(encrypted.count == 1 && encrypted[0].hasSuffix("00008101-000E1D2C3B4A5968"), "\(encrypted)")
        // items: every file inside a store names its kind; an iPhone backup's files their name on the phone.
        let kinds = Dictionary(uniqueKeysWithValues: made.protected.map { ($0.path, $0.kind) })
        let items = try Self.items(clean)
        #expect(items.count == (try CleanBinary.object(scan)["files"] as? Int))
        for item in items {
            let path = item["path"] as! String
            #expect(item["protected"] as? String == kinds[path], "\(path): \(item["protected"] ?? "nil")")
            #expect(item["storeName"] as? String == made.iosNames[path], "\(path)")
        }
        // The human summary says it in a line a store.
        let human = try clean.run(["scan", library]).stdout
        #expect(human.contains("00008030-001A2B3C4D5E6F70: an iPhone or iPad backup, 3 photos, 1 video"), "\(human)")
        #expect(human.contains("encrypted iPhone or iPad backup"), "\(human)")
        let report = try CleanBinary.object(try clean.run(["report", "--json"]))
        #expect((report["protected"] as? [Any])?.count == protected.count)
    }

    @Test func everyBossAndARoundWithEveryCardDeletedChangeNoByteOfAStore() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        Self.environment(&clean)
        let (library, made) = try Self.make(clean)
        let guarded = made.protected.map(\.path) + made.nonMediaPairs
        let before = try Self.snapshot(guarded)
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        // Nothing in a store, and no document, is ever a card or a member of a group.
        for filter in ["duplicates", "similar"] {
            let members = try Self.items(clean, filter: filter).map { $0["path"] as! String }
            #expect(Set(members).isDisjoint(with: guarded), "\(filter): \(members)")
            #expect(Set(members).isDisjoint(with: made.onlyCopyProtected + made.similarOnlyInStore), "\(filter): \(members)")
        }
        // The group bosses first: a library photo whose only other copy is in a store is no copy to delete.
        try Self.deleteEverything(clean, ["boss", "duplicates"])
        try Self.deleteEverything(clean, ["boss", "similar"])
        for path in made.onlyCopyProtected + made.similarOnlyInStore {
            #expect(FileManager.default.fileExists(atPath: path), "\(path) moved because of a copy inside a store")
        }
        for boss in ["screenshots", "videos", "old", "weekly"] { try Self.deleteEverything(clean, ["boss", boss]) }
        try Self.deleteEverything(clean, ["round"])
        #expect(try Self.snapshot(guarded) == before)
        let trashed = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(!trashed.isEmpty)  // the library's own photos did go: the game was played
        let originals = Set(trashed.compactMap { $0["originalPath"] as? String })
        #expect(originals.isDisjoint(with: guarded))
    }

    /// The control: the same copies outside any store are a duplicate and a similar photo, so the
    /// test above would see them go if stores were not told apart.
    @Test func theSameCopiesOutsideAStoreAreGrouped() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        Self.environment(&clean)
        let (library, made) = try Self.make(clean)
        let photos = library + "/Photos Library.photoslibrary"
        // Without its database the package is a plain folder: its copies are the player's.
        try FileManager.default.removeItem(atPath: photos + "/database")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let duplicates = try Self.items(clean, filter: "duplicates").map { $0["path"] as! String }
        let similar = try Self.items(clean, filter: "similar").map { $0["path"] as! String }
        #expect(duplicates.contains(made.onlyCopyProtected.last!), "\(duplicates)")
        #expect(similar.contains(made.similarOnlyInStore[0]), "\(similar)")
    }

    @Test func aFolderThatBecomesAStoreLeavesItsGroupsAtTheNextScan() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        Self.environment(&clean)
        let library = clean.home + "/lib2", fm = FileManager.default
        for folder in ["DCIM", "Old"] {
            try fm.createDirectory(atPath: library + "/" + folder, withIntermediateDirectories: true)
            try fm.copyItem(atPath: CleanBinary.corpus + "/Nexus 4.jpg", toPath: library + "/\(folder)/n.jpg")
        }
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try Self.items(clean, filter: "duplicates").count == 2)
        // Old/ turns out to be an iPhone backup's folder once its manifest is there (files unchanged).
        fm.createFile(atPath: library + "/Old/Manifest.db", contents: Data("SQLite format 3\0".utf8))
        fm.createFile(atPath: library + "/Old/Info.plist", contents: Data("<plist/>".utf8))
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try Self.items(clean, filter: "duplicates").isEmpty)
        let old = try Self.items(clean).first { ($0["path"] as! String).hasSuffix("/Old/n.jpg") }
        #expect(old?["protected"] as? String == "ios-backup")
        #expect(try Self.deleteEverything(clean, ["boss", "duplicates"]) == 0)
        // And back: without the manifest it is the player's folder again.
        try fm.removeItem(atPath: library + "/Old/Manifest.db")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try Self.items(clean, filter: "duplicates").count == 2)
    }

    @Test func aFileIsNeverRestoredIntoAStore() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        Self.environment(&clean)
        let library = clean.home + "/lib3", fm = FileManager.default
        try fm.createDirectory(atPath: library + "/Phone", withIntermediateDirectories: true)
        try fm.copyItem(atPath: CleanBinary.corpus + "/Nexus 4.jpg", toPath: library + "/Phone/old.jpg")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        #expect(try Self.deleteEverything(clean, ["boss", "old"]) == 1)
        // Since the move, the folder became an iPhone backup.
        fm.createFile(atPath: library + "/Phone/Manifest.db", contents: Data("SQLite format 3\0".utf8))
        fm.createFile(atPath: library + "/Phone/Manifest.plist", contents: Data("<plist/>".utf8))
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let restore = try CleanBinary.object(try clean.run(["restore", "--all", "--json"]))
        let failed = try #require(restore["failed"] as? [[String: Any]])
        #expect(failed.count == 1)
        #expect((failed.first?["reason"] as? String)?.contains("never changes") == true, "\(failed)")
        #expect(!fm.fileExists(atPath: library + "/Phone/old.jpg"))
    }
}
