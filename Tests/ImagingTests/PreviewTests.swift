import FileSystem
import Imaging
import Testing

/// JPEG previews: upright, the long side at most 1,600 px, readable back as JPEG.
@Suite struct PreviewTests {
    @Test func twelveMegapixelJpegShrinksTo1600() throws {
        // Samsung Galaxy S4: 4128×2322, orientation 1.
        let jpeg = try Preview.jpeg(Corpus.path("Samsung GT-I9505 (Galaxy S4).jpg"))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (1_600, 900))
    }

    @Test func rotatedJpegPreviewIsUpright() throws {
        // SM-J327T1: stored 2576×1932 with orientation 6, so the preview is portrait.
        let jpeg = try Preview.jpeg(Corpus.path("Samsung SM-J327T1.jpg"))
        let back = try Decoding.decode(bytes: jpeg, name: "preview")
        #expect((back.width, back.height) == (1_200, 1_600))
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
        let original = try Decoding.decode(Corpus.path("HTC One.jpg"), layout: .gray)
        let preview = try Decoding.decode(bytes: Preview.jpeg(Corpus.path("HTC One.jpg"), longSide: 400), name: "p", layout: .gray)
        func mean(_ image: Image) -> Double { Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count) }
        #expect(preview.longSide == 400)
        #expect(abs(mean(original) - mean(preview)) < 3)
    }
}
