import FileSystem
import Imaging
import Testing

/// JPEG previews: upright, the long side at most 1,600 px, readable back as JPEG. A JPEG is decoded
/// at the largest DCT scale within the side asked and never resampled after.
@Suite struct PreviewTests {
    @Test func phoneJpegShrinksToTheLargestScaleWithin1600() throws {
        // Samsung Galaxy S4: 4128×2322, orientation 1; 3/8 gives 1548×871 (4/8 would be 2064).
        let jpeg = try Preview.jpeg(Corpus.path("Samsung GT-I9505 (Galaxy S4).jpg"))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (1_548, 871))
    }

    @Test func rotatedJpegPreviewIsUpright() throws {
        // SM-J327T1: stored 2576×1932 with orientation 6, so the preview is portrait; 4/8 is the
        // largest scale within 1,600 (5/8 would be 1610).
        let jpeg = try Preview.jpeg(Corpus.path("Samsung SM-J327T1.jpg"))
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (966, 1_288))
        #expect(Orientation(jpeg: jpeg) == nil, "the preview carries no orientation to apply twice")
    }

    @Test func heicPreviewIsAJpeg() throws {
        let jpeg = try Preview.jpeg(Corpus.path("IMG_2929.HEIC"))
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (1_200, 1_600))
    }

    @Test func smallPictureKeepsItsSize() throws {
        let jpeg = try Preview.jpeg(Corpus.path("Issue 204 (dotnet).png"))
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (500, 500))
    }

    @Test func previewLooksLikeTheOriginal() throws {
        // Same picture: the mean gray of the preview is within 3 levels of the original's.
        // HTC One: 2688×1520, so within 400 the largest scale is 1/8 (336).
        let original = try Decoding.decode(Corpus.path("HTC One.jpg"), layout: .gray)
        let preview = try Decoding.decode(bytes: Preview.jpeg(Corpus.path("HTC One.jpg"), longSide: 400), name: "p", layout: .gray)
        func mean(_ image: Image) -> Double { Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count) }
        #expect(preview.longSide == 336)
        #expect(abs(mean(original) - mean(preview)) < 3)
    }
}
