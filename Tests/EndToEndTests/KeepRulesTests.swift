import Foundation
import Testing

/// `[keep]` in the user's config: the suggested copy of a group card follows it, and a word that is not
/// a criterion or a format is refused naming the key, before anything is dealt.
@Suite struct KeepRulesTests {
    static func library(_ clean: CleanBinary) throws -> String {
        let folder = clean.home + "/library"
        for sub in ["DCIM/Camera", "Backup"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CleanBinary.corpus + "/Apple iPhone 4.jpg", toPath: folder + "/\(sub)/IMG_0001.jpg")
        }
        return folder
    }

    static func configure(_ clean: CleanBinary, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: clean.home + "/config/swipeclean", withIntermediateDirectories: true)
        try text.write(toFile: clean.home + "/config/swipeclean/config.toml", atomically: true, encoding: .utf8)
    }

    /// Under the player's own order the photo a similar group keeps in the index (`items --json`'s
    /// `similarGroup`) is the one its card suggests: the scan ranks with the same `[keep]` rule.
    @Test func aSimilarGroupKeepsThePhotoTheCardSuggestsUnderTheConfiguredOrder() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        try Self.configure(clean, "[keep]\norder = [\"newest\"]\n")
        let library = clean.home + "/library"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SimilarCommandTests.fixtures + "/iphone4", toPath: library + "/iphone4")
        #expect(try clean.run(["scan", library, "--quiet"]).status == 0)
        let items = try clean.run(["items", "--filter", "similar", "--json"]).stdout.split(separator: "\n")
            .map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let keptID = try #require(items.first?["similarGroup"] as? Int)
        let kept = try #require(items.first { $0["id"] as? Int == keptID }?["path"] as? String)
        let dry = try clean.run(["boss", "similar", "--dry-run"])
        let starred = try #require(dry.stdout.split(separator: "\n").first { $0.contains("1 ★ ") }?.split(separator: " ").dropFirst(2).first)
        #expect(kept.hasSuffix("/iphone4/\(starred)"), "the index keeps \(kept), the card suggests \(starred)")
        // The shipped order keeps the camera's original: this order chose another, so the test sees the rule.
        #expect(starred != "original.jpg")
    }

    @Test func theSuggestedCopyFollowsTheConfiguredFolders() throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        let folder = try Self.library(clean)
        #expect(try clean.run(["scan", folder, "--quiet"]).status == 0)
        // Shipped rule: the DCIM copy is suggested; d moves the backup copy.
        let shipped = try clean.run(["boss", "duplicates", "--dry-run"], input: "d\n")
        #expect(shipped.stdout.contains("1 ★ IMG_0001.jpg  in \(folder)/DCIM/Camera\n"), "\(shipped.stdout)")
        // Avoiding DCIM: the backup copy is suggested, and d moves the camera copy.
        try Self.configure(clean, "[keep]\norder = [\"folder\", \"oldest\"]\nprefer_folders = []\navoid_folders = [\"DCIM\"]\n")
        let run = try clean.run(["boss", "duplicates", "--yes"], input: "d\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 ★ IMG_0001.jpg  in \(folder)/Backup\n"), "\(run.stdout)")
        #expect(run.stdout.contains("suggested: preferred folder"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/DCIM/Camera/IMG_0001.jpg"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Backup/IMG_0001.jpg"))
    }

    @Test(arguments: [("order = [\"resolution\", \"biggest\"]", "keep.order[1]", "'biggest' is not one of softness, resolution, sharpness, original, format, folder, oldest, newest"),
                      ("formats = [\"jpeg\", \"bmp\"]", "keep.formats[1]", "'bmp' is not one of raw, heic, jpeg, png, webp, tiff, gif, avif"),
                      ("prefer_folders = \"DCIM\"", "keep.prefer_folders", "")])
    func aWordThatIsNoRuleIsRefusedNamingTheKey(line: String, key: String, why: String) throws {
        let clean = try CleanBinary()
        defer { clean.removeHome() }
        try Self.configure(clean, "[keep]\n\(line)\n")
        let run = try clean.run(["boss", "duplicates", "--dry-run"], input: "")
        #expect(run.status == 1)
        #expect(run.stderr.contains("key '\(key)'") && (why.isEmpty || run.stderr.contains(why)), "\(run.stderr)")
        #expect(!run.stderr.contains("Swift") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
