import FileSystem
import Foundation
import Media
import Testing

/// A video card shows how long it plays: `mvhd` duration ÷ time scale, checked against exiftool's
/// `-n -Duration` on the corpus movies (recorded here; exiftool 12.57).
@Suite struct MovieDurationTests {
    @Test(arguments: [("with-gps.mov", 4.00166666666667), ("xmp480qt.mov", 1.001), ("ftyp3gp5.mp4", 1.3),
                      ("sample_mpeg4.mp4", 4.96666666666667), ("with-gps.mp4", 0.171)])
    func theDurationIsExiftools(name: String, seconds: Double) throws {
        let path = RawPath(Fixtures.media.appendingPathComponent(name).path)
        let measured = try #require(MovieDuration.seconds(of: path))
        #expect(abs(measured - seconds) < 0.001, "\(name): \(measured) s")
    }

    @Test func aPhotoOrAMissingFileHasNoDuration() {
        #expect(MovieDuration.seconds(of: RawPath(Fixtures.media.appendingPathComponent("Apple iPhone 4.jpg").path)) == nil)
        #expect(MovieDuration.seconds(of: RawPath("/nonexistent/movie.mov")) == nil)
    }

    @Test(arguments: [(0.171, "0:00"), (4.97, "0:05"), (65, "1:05"), (3723, "1:02:03")])
    func durationsAreWrittenAsAClock(seconds: Double, text: String) {
        #expect(MovieDuration.text(seconds) == text)
    }
}

/// How often a movie has a keyframe, from its header: the video track's sync samples over its length, as
/// ffprobe counts the keyframes (`-show_entries packet=flags`) and the stream's duration.
@Suite struct MovieKeyframesTests {
    @Test(arguments: [("with-gps.mov", 4, 4.0017), ("xmp480qt.mov", 1, 1.001), ("ftyp3gp5.mp4", 2, 1.3),
                      ("sample_mpeg4.mp4", 5, 4.967), ("with-gps.mp4", 1, 0.1)])
    func theKeyframesAreFfprobes(name: String, keyframes: Int, seconds: Double) throws {
        let summary = try #require(MovieKeyframes.summary(of: RawPath(Fixtures.media.appendingPathComponent(name).path)))
        #expect(summary.keyframes == keyframes)
        #expect(abs(summary.seconds - seconds) < 0.01, "\(name): \(summary.seconds) s")
    }

    @Test func aPhotoHasNoKeyframes() {
        #expect(MovieKeyframes.summary(of: RawPath(Fixtures.media.appendingPathComponent("IMG_2927.HEIC").path)) == nil)
    }
}

/// A movie that names where it was taken, as exiftool's QuickTime GPSCoordinates says: Apple's ISO 6709 key (the
/// iPhone clip), Android's `©xyz` item; 0°, 0° (a phone with no fix) and no tag at all name no place.
@Suite struct MovieLocationTests {
    @Test(arguments: [("with-gps.mov", true), ("with-gps.mp4", true), ("ftyp3gp5.mp4", false), ("xmp480qt.mov", false),
                      ("sample_mpeg4.mp4", false)])
    func theLocationIsExiftools(name: String, located: Bool) throws {
        let path = RawPath(Fixtures.media.appendingPathComponent(name).path)
        let info = try Inspector(timeZone: TimeZone(identifier: "UTC")!).inspect(path, now: Date())
        #expect(info.hasLocation == located)
    }
}
