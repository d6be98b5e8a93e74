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

    /// Under 26 pixels a side a quarter holds too few products to judge: no smear, even of a smeared frame (the
    /// same frame one pixel larger is judged, and smeared).
    @Test func aFrameTooSmallToJudgeIsNotSmeared() {
        let smeared = Self.smeared(Self.grain(), length: 5, dx: 1, dy: 0)
        func crop(_ side: Int) -> [UInt8] { (0..<side).flatMap { y in smeared[(y * Self.width)..<(y * Self.width + side)] } }
        #expect(FrameSmear.measure(crop(25), width: 25, height: 25) == 0)
        #expect(FrameSmear.measure(crop(26), width: 26, height: 26) >= BadShot.Limits.defaults.smearedFrame)
    }
}
