import FileSystem
import Imaging
import Testing

/// Decoding the real corpus: sizes and orientations agree with exiftool's reading of the same files.
@Suite struct DecodingTests {
    /// name, stored width × height (exiftool), EXIF orientation (exiftool -n; nil when absent).
    static let jpegs: [(String, Int, Int, Int?)] = [
        ("Android Depth Map.jpg", 768, 1024, nil),
        ("Apple iPhone 4.jpg", 1296, 968, 1),
        ("Apple iPhone 5.jpg", 3264, 2448, 3),
        ("HTC Desire.jpg", 776, 909, 1),
        ("Nexus 4.jpg", 2448, 3264, nil),
        ("Samsung GT-I9000 (Galaxy S).jpg", 640, 480, 6),
        ("Samsung SM-J327T1.jpg", 2576, 1932, 6),
        ("Sony Ericsson U10i.jpg", 3264, 1836, 1),
    ]

    @Test(arguments: jpegs)
    func jpegDecodesUprightAtFullSize(_ entry: (String, Int, Int, Int?)) throws {
        let (name, width, height, orientation) = entry
        let bytes = try Corpus.bytes(name)
        #expect(Orientation(jpeg: bytes)?.rawValue == orientation)
        let image = try Decoding.decode(Corpus.path(name), layout: .gray)
        let swaps = (orientation ?? 1) >= 5
        #expect(image.width == (swaps ? height : width))
        #expect(image.height == (swaps ? width : height))
        #expect(image.layout == .gray && image.pixels.count == image.width * image.height)
    }

    @Test func jpegPicksTheSmallestDCTScaleThatIsLargeEnough() throws {
        // 3264×2448: 1/8 gives 408×306, the smallest scale whose long side reaches 400.
        let eighth = try Decoding.decode(Corpus.path("Apple iPhone 6.jpg"), size: .longSide(400))
        #expect((eighth.width, eighth.height) == (408, 306))
        // A long side of 1,600 needs 4/8 (1632×1224); 3/8 would give 1224.
        let half = try Decoding.decode(Corpus.path("Apple iPhone 6.jpg"), size: .longSide(1_600))
        #expect((half.width, half.height) == (1_632, 1_224))
        // A short side of 32 is met by 1/8 already.
        let small = try Decoding.decode(Corpus.path("Apple iPhone 6.jpg"), size: .shortSide(32), layout: .gray)
        #expect((small.width, small.height) == (408, 306))
        // Asking for more than the file has gives the whole file.
        let whole = try Decoding.decode(Corpus.path("Sony Cybershot (2).jpg"), size: .longSide(5_000))
        #expect((whole.width, whole.height) == (640, 480))
    }

    @Test func jpegPicksTheLargestDCTScaleWithinALongSide() throws {
        // 3264×2448: within 1,600 the largest scale is 3/8 (1224×918); 4/8 would be 1632.
        let preview = try Decoding.decode(Corpus.path("Apple iPhone 6.jpg"), size: .longSideAtMost(1_600))
        #expect((preview.width, preview.height) == (1_224, 918))
        // Exactly reachable: 4/8 is 1632.
        let exact = try Decoding.decode(Corpus.path("Apple iPhone 6.jpg"), size: .longSideAtMost(1_632))
        #expect((exact.width, exact.height) == (1_632, 1_224))
        // No scale within 100: the smallest one (1/8), left for the caller to shrink.
        let tiny = try Decoding.decode(Corpus.path("Apple iPhone 6.jpg"), size: .longSideAtMost(100))
        #expect((tiny.width, tiny.height) == (408, 306))
        // Never enlarged: a 640×480 file within 5,000 is the whole file.
        let whole = try Decoding.decode(Corpus.path("Sony Cybershot (2).jpg"), size: .longSideAtMost(5_000))
        #expect((whole.width, whole.height) == (640, 480))
    }

    @Test func orientationSixStandsThePictureUp() throws {
        // Stored 640×480 with orientation 6 (rotate 90° clockwise): upright it is 480×640,
        // and the stored left column becomes the upright top row.
        let stored = try Decoding.decode(Corpus.path("Samsung GT-I9000 (Galaxy S).jpg"), layout: .gray, orientation: .up)
        let upright = try Decoding.decode(Corpus.path("Samsung GT-I9000 (Galaxy S).jpg"), layout: .gray)
        #expect((stored.width, stored.height) == (640, 480))
        #expect((upright.width, upright.height) == (480, 640))
        for x in stride(from: 0, to: 480, by: 37) {
            // Upright (x, 0) is stored (0, 479 - x).
            #expect(upright.pixels[x] == stored.pixels[(479 - x) * 640])
        }
    }

    @Test(arguments: [("Issue 204 (dotnet).png", 500, 500), ("Issue 62.png", 23, 25)])
    func pngDecodesAtItsSize(_ entry: (String, Int, Int)) throws {
        let image = try Decoding.decode(Corpus.path(entry.0))
        #expect((image.width, image.height) == (entry.1, entry.2))
        #expect(image.layout == .rgb && image.pixels.count == entry.1 * entry.2 * 3)
        #expect(Set(image.pixels).count > 1, "a real picture, not a blank buffer")
    }

    @Test func heicDecodesThePrimaryImage() throws {
        let image = try Decoding.decode(Corpus.path("cheers_1440x960.heic"))
        #expect((image.width, image.height) == (1_440, 960))
        #expect(Set(image.pixels).count > 10)
    }

    @Test func heicUsesItsThumbnailWhenThatIsBigEnough() throws {
        // cheers_1440x960.heic carries a thumbnail (a `thmb` reference); IMG_2927.HEIC has none.
        let small = try Decoding.decode(Corpus.path("cheers_1440x960.heic"), size: .longSide(100))
        #expect(small.longSide >= 100 && small.longSide < 1_440, "the embedded thumbnail, not the primary image")
        #expect(abs(Double(small.width) / Double(small.height) - 1.5) < 0.02, "same shape as the photo")
        let big = try Decoding.decode(Corpus.path("cheers_1440x960.heic"), size: .longSide(1_000))
        #expect((big.width, big.height) == (1_440, 960), "a thumbnail too small for the request is not used")
        let noThumbnail = try Decoding.decode(Corpus.path("IMG_2927.HEIC"), size: .longSide(100), layout: .gray)
        #expect((noThumbnail.width, noThumbnail.height) == (3_024, 4_032))
    }

    /// The size a file's header records, read without decoding (what the fine frame's smear asks of a photo first),
    /// agrees with exiftool's; a file that is no picture has none.
    @Test func theHeaderGivesThePicturesSize() throws {
        func size(_ name: String) throws -> [Int]? { try Decoding.size(bytes: Corpus.bytes(name)).map { [$0.width, $0.height] } }
        #expect(try size("Apple iPhone 5.jpg") == [3_264, 2_448])
        #expect(try size("HTC Desire.jpg") == [776, 909])
        #expect(try size("Issue 204 (dotnet).png") == [500, 500])
        #expect(try size("Issue 62.png") == [23, 25])
        #expect(try size("cheers_1440x960.heic") == [1_440, 960])
        #expect(try size("IllegalArgumentException.HeifReader.processBoxes.heif") == nil)
        #expect(Decoding.size(bytes: Array("not a picture at all".utf8)) == nil)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(Decoding.size(bytes: signature) == nil, "a PNG cut before its header")
        #expect(Decoding.size(bytes: signature + [0, 0, 0, 13] + Array("IDAT".utf8) + [0, 0, 1, 0, 0, 0, 1, 0]) == nil, "no IHDR first")
        #expect(Decoding.size(bytes: signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 1, 0, 0, 0, 1, 2]).map { [$0.width, $0.height] } == [256, 258])
    }

    @Test(arguments: ["IllegalArgumentException.HeifReader.processBoxes.heif", "NegativeArraySizeException.HeifReader.processBoxes.heif"])
    func brokenHeifIsAClearErrorNamingTheFile(_ name: String) throws {
        do {
            let image = try Decoding.decode(Corpus.path(name))
            Issue.record("decoded a broken file as \(image.width)×\(image.height)")
        } catch {
            #expect(error.description.contains(name))
            #expect(error.description.contains("HEIF"))
        }
    }

    @Test func aVideoIsNotAnImage() throws {
        #expect(throws: ImagingError.unsupported(path: Corpus.path("sample_mpeg4.mp4").description)) {
            try Decoding.decode(Corpus.path("sample_mpeg4.mp4"))
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect {
            try Decoding.decode(RawPath("/nonexistent/photo.jpg"))
        } throws: { error in
            guard case .unreadable(let path, _) = error as? ImagingError else { return false }
            return path == "/nonexistent/photo.jpg"
        }
    }

    @Test func aTruncatedJpegNeverCrashes() throws {
        let bytes = try Corpus.bytes("Apple iPhone 6.jpg")
        for length in [3, 100, 2_000, bytes.count / 2] {
            // Either the readable part or a clear error; never a trap.
            do {
                let image = try Decoding.decode(bytes: Array(bytes.prefix(length)), name: "cut.jpg", size: .longSide(100))
                #expect(image.width > 0)
            } catch {
                #expect(error.description.contains("cut.jpg"))
            }
        }
    }

    /// A JPEG cut in the middle decodes with a warning: its top rows as in the whole file, and the
    /// same pixels every time (the decode's buffer is not zeroed first unless a warning comes, when
    /// it is decoded again over zeros, so no byte is left as memory happened to hold it).
    @Test(arguments: ["Apple iPhone 4.jpg", "Nexus 4.jpg"])
    func aJpegCutInHalfDecodesItsTopTheSameEveryTime(_ name: String) throws {
        let bytes = try Corpus.bytes(name)
        let whole = try Decoding.decode(bytes: bytes, name: name, size: .shortSide(64), layout: .gray, orientation: .up)
        let cut = Array(bytes.prefix(bytes.count / 2))
        let first = try Decoding.decode(bytes: cut, name: name, size: .shortSide(64), layout: .gray, orientation: .up)
        #expect((first.width, first.height) == (whole.width, whole.height))
        let top = first.width * (first.height / 4)
        #expect(first.pixels.prefix(top) == whole.pixels.prefix(top), "the top quarter as in the whole file")
        #expect(first.pixels != whole.pixels, "the part past the cut is not the picture")
        for _ in 0..<3 {
            #expect(try Decoding.decode(bytes: cut, name: name, size: .shortSide(64), layout: .gray, orientation: .up).pixels == first.pixels)
        }
    }
}
