import FileSystem
import Foundation
import Testing
@testable import Media

/// Screenshot evidence: UserComment markers, name patterns, folders; camera photos never count.
@Suite final class ScreenshotTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
    let directory: URL
    let inspector: Inspector

    init() throws {
        directory = try Fixtures.temporaryDirectory()
        inspector = try Inspector()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func evidence(_ bytes: [UInt8], _ name: String) throws -> String? {
        try inspector.inspect(Fixtures.write(bytes, name, in: directory), now: Self.now).screenshotEvidence
    }

    static let names: [String] = [
        "Screenshot_20240105-101010.png",              // Android
        "Screenshot_20240105-101010_Chrome.jpg",
        "Screenshot 2024-01-05 at 10.10.10.png",       // macOS
        "Screen Shot 2019-05-21 at 10.45.52 AM.png",
        "Screenshot (12).png",                         // Windows
        "Screenshot 2024-01-05 101010.png",            // Windows 11
        "Screenshot from 2024-01-05 10-10-10.png",     // GNOME
    ]

    @Test(arguments: names)
    func namePatterns(_ name: String) throws {
        #expect(try evidence(Synthetic.png(), name) == "file name: \(name)")
    }

    @Test(arguments: ["Screenshots.png", "My Screenshot.png", "screenshot (1) copy.png", "IMG_0001.PNG"])
    func ordinaryNames(_ name: String) throws {
        #expect(try evidence(Synthetic.png(), name) == nil)
    }

    @Test(arguments: ["Pictures/Screenshots", "DCIM/Screenshots", "phone/DCIM/screenshots"])
    func screenshotFolders(_ folder: String) throws {
        let found = try evidence(Synthetic.png(), "\(folder)/IMG_0001.png")
        #expect(found?.lowercased() == "folder: \(folder.split(separator: "/").suffix(2).joined(separator: "/"))".lowercased())
    }

    @Test func androidSoftwareInScreenshotsFolder() throws {
        let tiff = Synthetic.tiff(ifd0: [(0x0131, .ascii("Android UQ1A.240205.004"))])
        let found = try evidence(Synthetic.jpeg(tiff: tiff), "DCIM/Screenshots/capture.jpg")
        #expect(found == "folder: DCIM/Screenshots (Software: Android UQ1A.240205.004)")
    }

    @Test func iosUserCommentInExif() throws {
        let tiff = Synthetic.tiff(ifd0: [], exif: [(0x9286, .undefined(Array("ASCII\0\0\0Screenshot".utf8)))])
        #expect(try evidence(Synthetic.png(exifTIFF: tiff), "IMG_0042.PNG") == "EXIF UserComment: Screenshot")
    }

    @Test func macUserCommentInXMP() throws {
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/"><exif:UserComment><rdf:Alt><rdf:li xml:lang="x-default">Screenshot</rdf:li></rdf:Alt></exif:UserComment></rdf:Description></rdf:RDF></x:xmpmeta>"#
        #expect(try evidence(Synthetic.png(xmp: xmp), "capture.png") == "XMP UserComment: Screenshot")
        #expect(try evidence(Synthetic.jpeg(tiff: nil, xmp: xmp), "capture.jpg") == "XMP UserComment: Screenshot")
        #expect(try evidence(Synthetic.png(xmp: xmp, metadataLast: true, imageChunks: 20), "late.png") == "XMP UserComment: Screenshot")
        let attribute = #"<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:UserComment="Screenshot"/>"#
        #expect(try evidence(Synthetic.png(xmp: attribute), "attr.png") == "XMP UserComment: Screenshot")
    }

    /// Decision: EXIF Make means a camera took it, so a camera photo named like a screenshot (or
    /// filed in a screenshots folder) is not a screenshot. Only a UserComment marker overrides Make.
    @Test func cameraPhotoNamedScreenshotIsNotAScreenshot() throws {
        let tiff = Synthetic.tiff(ifd0: [(0x010F, .ascii("samsung")), (0x0110, .ascii("SM-G991B"))])
        #expect(try evidence(Synthetic.jpeg(tiff: tiff), "Screenshot_20240105-101010.jpg") == nil)
        #expect(try evidence(Synthetic.jpeg(tiff: tiff), "Pictures/Screenshots/photo.jpg") == nil)
    }

    @Test func videosAreNeverScreenshots() throws {
        #expect(try evidence(Synthetic.mp4(created: Synthetic.quickTime(1_600_000_000)), "Screenshot_20240105-101010.mp4") == nil)
    }

    @Test func customRules() throws {
        let rules = ScreenshotRules(namePatterns: ["^Bildschirmfoto .+"], folderSuffixes: ["Captures"],
                                    userCommentMarker: "Screenshot", androidSoftwarePrefix: "Android")
        let custom = try Inspector(screenshotRules: rules)
        let path = try Fixtures.write(Synthetic.png(), "Bildschirmfoto 2024-01-05 um 10.10.10.png", in: directory)
        #expect(try custom.inspect(path, now: Self.now).screenshotEvidence == "file name: Bildschirmfoto 2024-01-05 um 10.10.10.png")
        let android = try Fixtures.write(Synthetic.png(), "Screenshot_20240105-101010.png", in: directory)
        #expect(try custom.inspect(android, now: Self.now).screenshotEvidence == nil)
    }

    @Test func badPatternIsRejected() {
        let rules = ScreenshotRules(namePatterns: ["(unclosed"], folderSuffixes: [], userCommentMarker: "", androidSoftwarePrefix: "")
        #expect(throws: MediaError.badPattern("(unclosed")) { try Inspector(screenshotRules: rules) }
    }

    /// The `[media]` section of Config/swipeclean.toml says the same as `ScreenshotRules.defaults`.
    @Test func configFileMatchesDefaults() throws {
        let toml = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Config/swipeclean.toml"), encoding: .utf8)
        let section = try #require(toml.components(separatedBy: "\n[media]\n").last)
        let defaults = ScreenshotRules.defaults
        for pattern in defaults.namePatterns { #expect(section.contains("'\(pattern)'")) }
        #expect(section.contains("screenshot_folders = [" + defaults.folderSuffixes.map { "\"\($0)\"" }.joined(separator: ", ") + "]"))
        #expect(section.contains("screenshot_user_comment = \"\(defaults.userCommentMarker)\""))
        #expect(section.contains("screenshot_android_software = \"\(defaults.androidSoftwarePrefix)\""))
        #expect(section.components(separatedBy: "\n").filter { $0.hasPrefix("    '") }.count == defaults.namePatterns.count)
    }

    @Test func rulesDecodeFromConfigKeys() throws {
        let json = #"{"screenshot_name_patterns": ["^S.+"], "screenshot_folders": ["Shots"], "screenshot_user_comment": "Screenshot", "screenshot_android_software": "Android"}"#
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase  // as the configuration reads it
        let rules = try decoder.decode(ScreenshotRules.self, from: Data(json.utf8))
        #expect(rules.namePatterns == ["^S.+"] && rules.folderSuffixes == ["Shots"])
    }
}
