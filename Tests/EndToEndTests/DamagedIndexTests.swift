import Foundation
import Testing

/// A damaged library.sqlite (truncated, or overwritten in the middle) is one sentence saying what to do,
/// and doing it (moving the file aside, scanning again) gives a working index.
@Suite struct DamagedIndexTests {
    enum Damage: String, CaseIterable { case truncated, overwrittenInTheMiddle, overwrittenAtTheStart }

    @Test(arguments: Damage.allCases)
    func aDamagedIndexSaysHowToRebuildIt(_ damage: Damage) throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let library = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/HTC Desire.jpg", toPath: library + "/a.jpg")
        #expect(try clean.run(["scan", library]).status == 0)
        let database = clean.home + "/state/library.sqlite"
        let handle = try #require(FileHandle(forUpdatingAtPath: database))
        let size = try handle.seekToEnd()
        switch damage {
        case .truncated: try handle.truncate(atOffset: size / 3)
        case .overwrittenInTheMiddle:
            try handle.seek(toOffset: 4096)
            handle.write(Data(repeating: 0xA5, count: Int(size) - 8192))
        case .overwrittenAtTheStart:
            try handle.seek(toOffset: 0)
            handle.write(Data(repeating: 0x5A, count: 512))
        }
        try handle.close()
        for arguments in [["items"], ["scan", library], ["profile"]] {
            let run = try clean.run(arguments)
            #expect(run.status == 1, "clean \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(run.stderr.hasPrefix("Error: the library database \(database) is damaged ("), "\(run.stderr)")
            #expect(run.stderr.hasSuffix("); move it aside with `mv '\(database)' '\(database).damaged'` and run `clean scan` on your folders to build a new index (the files in the trash are not touched)\n"))
        }
        // Doing what it says works.
        try FileManager.default.moveItem(atPath: database, toPath: database + ".damaged")
        #expect(try clean.run(["scan", library]).status == 0)
        #expect(try clean.run(["items", "--json"]).stdout.split(separator: "\n").count == 1)
    }
}
