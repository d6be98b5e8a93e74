import FileSystem
import Foundation
import Testing
@testable import Media

/// Synthetic files: type from content, the order of date sources, EXIF wherever it lives.
@Suite final class InspectorTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let oldMtime = Date(timeIntervalSince1970: 1_500_000_000)  // 2017-07-14T02:40:00Z

    let directory: URL
    let inspector: Inspector

    init() throws {
        directory = try Fixtures.temporaryDirectory()
        inspector = try Inspector(timeZone: TimeZone(identifier: "UTC")!)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func inspect(_ bytes: [UInt8], _ name: String, mtime: Date = InspectorTests.oldMtime) throws -> MediaInfo {
        let path = try Fixtures.write(bytes, name, in: directory, mtime: mtime)
        return try inspector.inspect(path, now: Self.now)
    }

    static let cameraTIFF = Synthetic.tiff(
        ifd0: [(0x010F, .ascii("Canon")), (0x0110, .ascii("EOS 5D ")), (0x0132, .ascii("2018:01:01 09:00:00"))],
        exif: [(0x9003, .ascii("2017:06:05 14:15:16")), (0x9291, .ascii("25")), (0x9011, .ascii("+02:00"))])

    @Test func pngNamedJpgIsAPNG() throws {
        let info = try inspect(Synthetic.png(), "holiday.jpg")
        #expect(info.mime == "image/png")
        #expect(info.kind == .photo)
        #expect(info.width == 32 && info.height == 16)
    }

    @Test func jpegWithoutExtensionIsAPhotoWithItsExifDate() throws {
        let info = try inspect(Synthetic.jpeg(tiff: Self.cameraTIFF, width: 800, height: 600), "DSC0001")
        #expect(info.mime == "image/jpeg")
        #expect(info.kind == .photo)
        #expect(info.capturedAt?.iso8601 == "2017-06-05T14:15:16+02:00")
        #expect(info.capturedAt?.iso8601WithFraction == "2017-06-05T14:15:16.250+02:00")
        #expect(info.dateSource == .exif)
        #expect(info.cameraMake == "Canon")
        #expect(info.cameraModel == "EOS 5D")
        #expect(info.width == 800 && info.height == 600)
    }

    @Test func zeroDateOriginalFallsThroughToDigitized() throws {
        let tiff = Synthetic.tiff(ifd0: [(0x0132, .ascii("2015:01:01 00:00:00"))],
                                  exif: [(0x9003, .ascii("0000:00:00 00:00:00")), (0x9004, .ascii("2012:03:04 05:06:07")),
                                         (0x9012, .ascii("-05:00"))])
        let info = try inspect(Synthetic.jpeg(tiff: tiff), "zero.jpg")
        #expect(info.capturedAt?.iso8601 == "2012-03-04T05:06:07-05:00")
        #expect(info.dateSource == .exif)
    }

    @Test func onlyIFD0DateTimeIsUsedLast() throws {
        let tiff = Synthetic.tiff(ifd0: [(0x0132, .ascii("2015:01:01 10:20:30"))], exif: [(0x9010, .ascii("+01:00"))])
        let info = try inspect(Synthetic.jpeg(tiff: tiff), "modified.jpg")
        #expect(info.capturedAt?.iso8601 == "2015-01-01T10:20:30+01:00")
        #expect(info.dateSource == .exif)
    }

    @Test func futureDatesAreSkipped() throws {
        let tiff = Synthetic.tiff(ifd0: [], exif: [(0x9003, .ascii("2099:01:01 00:00:00"))])
        let info = try inspect(Synthetic.jpeg(tiff: tiff), "IMG_20190412_101500.jpg")
        #expect(info.capturedAt?.iso8601 == "2019-04-12T10:15:00")
        #expect(info.dateSource == .filename)
    }

    @Test func impossibleExifDateFallsToMtime() throws {
        let tiff = Synthetic.tiff(ifd0: [], exif: [(0x9003, .ascii("2019:02:30 10:00:00"))])
        let info = try inspect(Synthetic.jpeg(tiff: tiff), "photo.jpg")
        #expect(info.dateSource == .mtime)
        #expect(info.capturedAt?.iso8601 == "2017-07-14T02:40:00Z")
    }

    @Test func tiffReadsItsOwnIFDs() throws {
        let tiff = Synthetic.tiff(ifd0: [(0x0100, .long(6000)), (0x0101, .short(4000)), (0x010F, .ascii("NIKON CORPORATION"))],
                                  exif: [(0x9003, .ascii("2016:08:09 10:11:12"))])
        let info = try inspect(tiff, "DSC_0001.NEF")
        #expect(info.mime == "image/tiff")
        #expect(info.capturedAt?.iso8601 == "2016-08-09T10:11:12")
        #expect(info.width == 6000 && info.height == 4000)
        #expect(info.cameraMake == "NIKON CORPORATION")
    }

    @Test func pngWithEXIfChunk() throws {
        let info = try inspect(Synthetic.png(exifTIFF: Self.cameraTIFF), "exif.png")
        #expect(info.mime == "image/png")
        #expect(info.capturedAt?.iso8601 == "2017-06-05T14:15:16+02:00")
        #expect(info.cameraMake == "Canon")
    }

    @Test(arguments: [1, 40])
    func pngWithEXIfAfterTheImageData(_ imageChunks: Int) throws {
        let info = try inspect(Synthetic.png(exifTIFF: Self.cameraTIFF, metadataLast: true, imageChunks: imageChunks), "late.png")
        #expect(info.capturedAt?.iso8601 == "2017-06-05T14:15:16+02:00")
    }

    @Test func heicWithExifItemAtTheEnd() throws {
        let info = try inspect(Synthetic.heic(tiff: Self.cameraTIFF), "IMG_0001.HEIC")
        #expect(info.kind == .photo)
        #expect(info.capturedAt?.iso8601 == "2017-06-05T14:15:16+02:00")
        #expect(info.width == 4032 && info.height == 3024)
        #expect(info.cameraModel == "EOS 5D")
    }

    @Test func mp4KeysCreationDateBeatsMovieHeader() throws {
        let created = Synthetic.quickTime(1_600_000_000)  // 2020-09-13T12:26:40Z
        let keyed = try inspect(Synthetic.mp4(created: created, width: 1280, height: 720, keys: [
            "com.apple.quicktime.creationdate": "2020-09-13T14:26:39+0200",
            "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 12"]), "movie.mov")
        #expect(keyed.kind == .video)
        #expect(keyed.capturedAt?.iso8601 == "2020-09-13T14:26:39+02:00")
        #expect(keyed.dateSource == .quicktime)
        #expect(keyed.cameraMake == "Apple" && keyed.cameraModel == "iPhone 12")
        #expect(keyed.width == 1280 && keyed.height == 720)

        let plain = try inspect(Synthetic.mp4(created: created), "plain.mp4")
        #expect(plain.mime == "video/mp4")
        #expect(plain.capturedAt?.iso8601 == "2020-09-13T12:26:40Z")
    }

    @Test func zeroMovieHeaderTimeIsNoDate() throws {
        let info = try inspect(Synthetic.mp4(created: 0), "VID_20190412_101500.mp4")
        #expect(info.dateSource == .filename)
        #expect(info.capturedAt?.iso8601 == "2019-04-12T10:15:00")
    }

    @Test(arguments: [".json", ".supplemental-metadata.json"])
    func takeoutSidecar(_ suffix: String) throws {
        let json = #"{"title": "x.jpg", "photoTakenTime": {"timestamp": "1554462908", "formatted": "…"}}"#
        try Fixtures.write(Array(json.utf8), "Takeout/IMG_20100101_000000.jpg" + suffix, in: directory)
        let info = try inspect(Synthetic.jpeg(tiff: nil), "Takeout/IMG_20100101_000000.jpg")
        #expect(info.dateSource == .sidecar)
        #expect(info.capturedAt?.iso8601 == "2019-04-05T11:15:08Z")
    }

    @Test(arguments: [
        ("IMG_1234(1).jpg", "IMG_1234.jpg(1).json"),
        ("IMG_1234(1).jpg", "IMG_1234.jpg.supplemental-metadata(1).json"),
        ("Screenshot_20231012-151515_Instagram.jpg", "Screenshot_20231012-151515_Instagram.jpg.suppl.json"),
        ("a_very_long_file_name_that_google_takeout_cut_short.jpg", "a_very_long_file_name_that_google_takeout_cut_.json"),
    ])
    func takeoutSidecarVariants(_ name: String, _ sidecar: String) throws {
        try Fixtures.write(Array(#"{"photoTakenTime": {"timestamp": "1554462908"}}"#.utf8), sidecar, in: directory)
        let info = try inspect(Synthetic.png(), name)
        #expect(info.dateSource == .sidecar)
        #expect(info.capturedAt?.iso8601 == "2019-04-05T11:15:08Z")
    }

    /// A folder the walk saw without any `.json` file has no sidecar to look for: the scan says so.
    @Test func noSidecarIsLookedForWhenTheFolderHasNoJSON() throws {
        try Fixtures.write(Array(#"{"photoTakenTime": {"timestamp": "1554462908"}}"#.utf8), "IMG_20100102_030405.jpg.json", in: directory)
        let path = try Fixtures.write(Synthetic.jpeg(tiff: nil), "IMG_20100102_030405.jpg", in: directory, mtime: Self.oldMtime)
        let status = try linkStatus(path)
        #expect(try inspector.inspect(path, status: status, now: Self.now, sidecars: true).dateSource == .sidecar)
        #expect(try inspector.inspect(path, status: status, now: Self.now, sidecars: false).dateSource == .filename)
    }

    @Test func sidecarWithoutTimestampFallsThrough() throws {
        try Fixtures.write(Array(#"{"title": "x", "photoTakenTime": {"formatted": "x"}}"#.utf8), "IMG_20100102_030405.jpg.json", in: directory)
        let info = try inspect(Synthetic.jpeg(tiff: nil), "IMG_20100102_030405.jpg")
        #expect(info.dateSource == .filename)
    }

    @Test func exifBeatsSidecar() throws {
        try Fixtures.write(Array(#"{"photoTakenTime": {"timestamp": "1554462908"}}"#.utf8), "a.jpg.json", in: directory)
        let info = try inspect(Synthetic.jpeg(tiff: Self.cameraTIFF), "a.jpg")
        #expect(info.dateSource == .exif)
    }

    @Test func mtimeIsTheLastResort() throws {
        let info = try inspect(Synthetic.png(), "logo.png")
        #expect(info.dateSource == .mtime)
        #expect(info.capturedAt?.iso8601 == "2017-07-14T02:40:00Z")
    }

    @Test func futureMtimeLeavesNoDate() throws {
        let info = try inspect(Synthetic.png(), "logo.png", mtime: Date(timeIntervalSince1970: 4_000_000_000))
        #expect(info.dateSource == .mtime)
        #expect(info.capturedAt == nil)
    }

    @Test func textIsOther() throws {
        let info = try inspect(Array("just some notes\n".utf8), "Screenshot_20240105-101010.png")
        #expect(info.mime == "text/plain")
        #expect(info.kind == .other)
        #expect(info.screenshotEvidence == nil)  // only images can be screenshots
        #expect(info.dateSource == .filename)
    }

    @Test func emptyFile() throws {
        let info = try inspect([], "empty.jpg")
        #expect(info.kind == .other)
        #expect(info.dateSource == .mtime)
    }

    @Test func missingFileThrowsFileSystemError() throws {
        let path = RawPath(directory.appendingPathComponent("nope.jpg").path)
        let status = FileStatus(kind: .regular, size: 10, mtimeNanoseconds: 0, inode: 1, device: 1)
        #expect(throws: FileSystemError.self) { try inspector.inspect(path, status: status, now: Self.now) }
    }
}
