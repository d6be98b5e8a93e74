import Foundation
import Testing

/// `clean scan` with no folder scans the desktop's Pictures folder, on a home the test builds itself.
@Suite struct PicturesFolderScanTests {
    private func photo(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: CleanBinary.corpus).sorted().first { $0.lowercased().hasSuffix(".jpg") })
        try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/" + first, toPath: folder + "/" + first)
    }

    @Test func withXDGUnsetItScansHomePictures() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        clean.environment["XDG_CONFIG_HOME"] = nil
        try photo(into: clean.home + "/Pictures")
        let run = try clean.run(["scan", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Scanning your Pictures folder \(clean.home)/Pictures"))
        #expect(try CleanBinary.object(run)["files"] as? Int == 1)
    }

    @Test func userDirsNamesAnotherFolderAndTheHumanSummarySaysItFirst() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        try FileManager.default.createDirectory(atPath: clean.home + "/config", withIntermediateDirectories: true)
        try "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
            .write(toFile: clean.home + "/config/user-dirs.dirs", atomically: true, encoding: .utf8)
        try photo(into: clean.home + "/Bilder")
        try photo(into: clean.home + "/Pictures")
        let run = try clean.run(["scan"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Scanning your Pictures folder \(clean.home)/Bilder"))
    }

    @Test func theEnvironmentWinsOverUserDirs() throws {
        var clean = try CleanBinary()
        defer { clean.removeHome() }
        try photo(into: clean.home + "/Fotos")
        clean.environment["XDG_PICTURES_DIR"] = clean.home + "/Fotos"
        let run = try clean.run(["scan", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Scanning your Pictures folder \(clean.home)/Fotos"))
    }

    @Test func withNoPicturesFolderOneSentenceSaysWhatToType() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let run = try clean.run(["scan"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no folder given and no Pictures folder (\(clean.home)/Pictures is not a folder); type clean scan FOLDER, e.g. clean scan ~/Photos"))
        #expect(run.stdout.isEmpty)
    }
}
