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
