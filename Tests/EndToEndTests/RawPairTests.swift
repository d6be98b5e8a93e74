import Foundation
import Testing

/// Issue 12: a camera's RAW+JPEG shot is one photo. The raw file, the sidecars of both and the
/// edit file are dealt on the JPEG's card, moved, credited and restored with it.
@Suite struct RawPairTests {
    static let dates = URL(fileURLWithPath: CleanBinary.corpus).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("dates/media").path

    static let names = ["IMG_0001.AAE", "IMG_0001.CR2", "IMG_0001.CR2.xmp", "IMG_0001.JPG", "IMG_0001.xmp"]

    /// A folder as a camera and a photo editor leave it, and the size of each file.
    static func makeShot(in folder: String) throws -> [String: Int] {
        let files = FileManager.default
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try files.copyItem(atPath: CleanBinary.corpus + "/Apple iPhone 4.jpg", toPath: folder + "/IMG_0001.JPG")
        try files.copyItem(atPath: dates + "/canon.cr2", toPath: folder + "/IMG_0001.CR2")
        try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>\n".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_0001.CR2.xmp"))
        try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta>\n".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_0001.xmp"))
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>\n".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_0001.AAE"))
        var sizes: [String: Int] = [:]
        for name in names { sizes[name] = (try files.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0 }
        return sizes
    }

    @Test func oneCardMovedCreditedAndRestoredAsOneUnit() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let folder = clean.home + "/library/DCIM"
        let sizes = try Self.makeShot(in: folder)
        let total = sizes.values.reduce(0, +)
        #expect(try clean.run(["scan", folder]).status == 0)

        // The index links the raw file and every sidecar to the JPEG.
        let items = try clean.run(["items", "--json"]).stdout.split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let byName = Dictionary(uniqueKeysWithValues: items.map { (($0["path"] as? String ?? "") as NSString).lastPathComponent as String }
                                    .enumerated().map { ($1, items[$0]) })
        let jpeg = try #require(byName["IMG_0001.JPG"]?["id"] as? Int)
        #expect(byName["IMG_0001.CR2"]?["linkKind"] as? String == "raw")
        #expect(byName["IMG_0001.CR2"]?["capturedAt"] as? String == "2013-12-24T18:30:00")
        for name in ["IMG_0001.CR2", "IMG_0001.CR2.xmp", "IMG_0001.xmp", "IMG_0001.AAE"] {
            #expect(byName[name]?["linkedTo"] as? Int == jpeg, "\(name)")
        }

        // One card: the JPEG, with the raw file and the sidecars named with their sizes.
        let run = try clean.run(["boss", "old"], input: "d\ny\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("── card 1 of 1 "), "\(run.stdout)")
        #expect(run.stdout.contains("  IMG_0001.JPG\n"), "\(run.stdout)")
        #expect(run.stdout.contains("with: IMG_0001.AAE (\(sizes["IMG_0001.AAE"]!) B), IMG_0001.CR2 (40.3 KB), IMG_0001.CR2.xmp ("),
                "\(run.stdout)")
        #expect(run.stdout.contains("378.5 KB moved to the trash (recoverable)"), "\(run.stdout)")  // the five files
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)

        // The trash holds the five files; the report credits the bytes of all of them.
        let trash = try #require(try JSONSerialization.jsonObject(with: Data(clean.run(["trash", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let trashed = Set(trash.compactMap { ($0["originalPath"] as? String).map { ($0 as NSString).lastPathComponent } })
        #expect(trashed == Set(Self.names))
        let report = try CleanBinary.object(try clean.run(["report", "--json"]))
        #expect(report["bytesFreed"] as? Int == total, "\(report)")
        #expect(report["filesDeleted"] as? Int == Self.names.count, "\(report)")

        // Restoring the card brings every file back.
        let cardEntry = try #require(trash.first { ($0["originalPath"] as? String)?.hasSuffix("/IMG_0001.JPG") == true }?["id"] as? Int)
        let restored = try clean.run(["restore", String(cardEntry)])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == Self.names)
    }
}
