@testable import Imaging
import Testing

/// The frame's smear on frames made to measure: grain is sharp everywhere; the same grain smeared along one
/// direction by 5 pixels is smeared in every quarter; smeared in its lower half only, it is not smeared as a frame,
/// though that half alone is.
@Suite struct FrameSmearTests {
    static let width = 170, height = 128

    /// Uniform grain from a fixed linear congruential sequence (the same frame on every run).
    static func grain() -> [UInt8] {
        var state: UInt32 = 12345
        return (0..<(width * height)).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// Each pixel the mean of `length` pixels along (dx, dy), from `firstRow` down (rows above left as they are).
    static func smeared(_ pixels: [UInt8], length: Int, dx: Int, dy: Int, firstRow: Int = 0) -> [UInt8] {
        var out = pixels
        for y in firstRow..<height {
            for x in 0..<width {
                var sum = 0
                for i in 0..<length {
                    let sx = min(width - 1, max(0, x + (i - length / 2) * dx)), sy = min(height - 1, max(0, y + (i - length / 2) * dy))
                    sum += Int(pixels[sy * width + sx])
                }
                out[y * width + x] = UInt8(sum / length)
            }
        }
        return out
    }

    @Test func grainIsSharp() {
        #expect(FrameSmear.measure(Self.grain(), width: Self.width, height: Self.height) < 0.1)
    }

    @Test(arguments: [(1, 0), (0, 1), (1, 1), (-1, 1)])
    func grainSmearedAlongADirectionIsSmeared(_ dx: Int, _ dy: Int) {
        let smear = FrameSmear.measure(Self.smeared(Self.grain(), length: 5, dx: dx, dy: dy), width: Self.width, height: Self.height)
        #expect(smear >= BadShot.Limits.defaults.smearedFrame, "(\(dx), \(dy)): \(smear)")
    }

    @Test func halfAFrameSmearedIsNotASmearedFrame() {
        let half = Self.height / 2
        let pixels = Self.smeared(Self.grain(), length: 5, dx: 1, dy: 0, firstRow: half)
        #expect(FrameSmear.measure(pixels, width: Self.width, height: Self.height) < 0.1)
        let lower = Array(pixels[(half * Self.width)...])
        #expect(FrameSmear.measure(lower, width: Self.width, height: Self.height - half) >= BadShot.Limits.defaults.smearedFrame)
    }

    /// Each quarter smeared along its own direction is not a smeared frame: a shaken camera moves the whole frame one
    /// way, while a soft photo's quarters dip each its own way. (Counting each quarter's deepest direction, as the
    /// measure first did, this frame measured as smeared as one shaken all over.)
    @Test func quartersSmearedEachItsOwnWayAreNotASmearedFrame() {
        let ways = [(1, 0), (0, 1), (1, 1), (-1, 1)]
        let grain = Self.grain()
        let copies = ways.map { Self.smeared(grain, length: 5, dx: $0.0, dy: $0.1) }
        let pixels = (0..<(Self.width * Self.height)).map { i -> UInt8 in
            let quarter = (i / Self.width >= Self.height / 2 ? 2 : 0) + (i % Self.width >= Self.width / 2 ? 1 : 0)
            return copies[quarter][i]
        }
        #expect(FrameSmear.measure(pixels, width: Self.width, height: Self.height) < BadShot.Limits.defaults.smearedFrame / 2)
        for copy in copies {
            #expect(FrameSmear.measure(copy, width: Self.width, height: Self.height) >= BadShot.Limits.defaults.smearedFrame)
        }
    }

    /// The fine frame is the photo shrunk to 192 px with a triangle filter: a frame of 384 × 288 whose grain is smeared by
    /// 10 px (5 at 192) is smeared there, the same grain unsmeared is not, and a decode under 192 px gives none.
    @Test func theFineFrameIsTheDecodeShrunkTo192Pixels() throws {
        func grain(_ w: Int, _ h: Int) -> [UInt8] {
            var state: UInt32 = 777
            return (0..<(w * h)).map { _ in state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(truncatingIfNeeded: state >> 24) }
        }
        let w = 384, h = 288
        // Grain in blocks of 2 pixels, so it survives the halving as grain.
        let coarse = grain(w / 2, h / 2)
        let blocks = (0..<(w * h)).map { coarse[(($0 / w) / 2) * (w / 2) + ($0 % w) / 2] }
        var smeared = blocks
        for y in 0..<h { for x in 0..<w { smeared[y * w + x] = UInt8((0..<10).reduce(0) { $0 + Int(blocks[y * w + min(w - 1, max(0, x + $1 - 5))]) } / 10) } }
        let sharp = FrameSmear.fine(of: Image(width: w, height: h, layout: .gray, pixels: blocks))
        let shaken = FrameSmear.fine(of: Image(width: w, height: h, layout: .gray, pixels: smeared))
        #expect(try #require(sharp) < 0.1)
        #expect(try #require(shaken) >= BadShot.Limits.defaults.smearedFineFrame)
        #expect(FrameSmear.fine(of: Image(width: 240, height: 180, layout: .gray, pixels: [UInt8](repeating: 9, count: 240 * 180))) == nil)
    }

    /// A decode many times the fine side (a HEIC's whole 12 MP) is first averaged in whole blocks, every block alike:
    /// each pixel the rounded mean of its k × k block, the partial blocks at the edge left out.
    @Test func aLargeDecodeIsAveragedInWholeBlocksFirst() {
        let image = Image(width: 5, height: 4, layout: .gray, pixels: [0, 2, 10, 20, 99, 4, 6, 30, 41, 99,
                                                                      1, 1, 7, 7, 99, 1, 2, 7, 8, 99])
        let out = FrameSmear.blocks(image, 2)
        #expect((out.width, out.height) == (2, 2))
        #expect(out.pixels == [3, 25, 1, 7])
    }

    /// Through the blocks, the fine frame of a 1,536 × 1,152 decode still tells a smear of 40 px (5 px at 192) from
    /// none.
    @Test func aLargeDecodeKeepsItsFineSmear() throws {
        let w = 1_536, h = 1_152, cell = 8
        var state: UInt32 = 4242
        let coarse = (0..<((w / cell) * (h / cell))).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let sharp = (0..<(w * h)).map { coarse[(($0 / w) / cell) * (w / cell) + ($0 % w) / cell] }
        // Each pixel the mean of the 40 around it along its row, 20 on each side (a running sum).
        var smeared = sharp
        for y in 0..<h {
            var sum = 0, prefix = [0]
            for x in 0..<w { sum += Int(sharp[y * w + x]); prefix.append(sum) }
            for x in 0..<w {
                let a = max(0, x - 20), b = min(w, x + 20)
                smeared[y * w + x] = UInt8((prefix[b] - prefix[a]) / (b - a))
            }
        }
        #expect(try #require(FrameSmear.fine(of: Image(width: w, height: h, layout: .gray, pixels: sharp))) < 0.1)
        #expect(try #require(FrameSmear.fine(of: Image(width: w, height: h, layout: .gray, pixels: smeared))) >= BadShot.Limits.defaults.smearedFineFrame)
    }

    /// Under 26 pixels a side a quarter holds too few products to judge: no smear, even of a smeared frame (the
    /// same frame one pixel larger is judged, and smeared).
    @Test func aFrameTooSmallToJudgeIsNotSmeared() {
        let smeared = Self.smeared(Self.grain(), length: 5, dx: 1, dy: 0)
        func crop(_ side: Int) -> [UInt8] { (0..<side).flatMap { y in smeared[(y * Self.width)..<(y * Self.width + side)] } }
        #expect(FrameSmear.measure(crop(25), width: 25, height: 25) == 0)
        #expect(FrameSmear.measure(crop(26), width: 26, height: 26) >= BadShot.Limits.defaults.smearedFrame)
    }
}
