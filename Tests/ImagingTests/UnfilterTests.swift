@testable import Imaging
import Testing
import TestSupport

/// The unfiltering of 8-bit RGB and RGBA rows straight to gray (`Unfilter.rowToGray`) against a
/// plain reference written from the PNG specification: every filter, over rows above that are flat
/// (a screenshot: the Paeth loop's shortcut for a flat pixel above is taken) and rows that are not.
@Suite struct UnfilterTests {
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// `row` filtered with `filter` against `prior`, as an encoder writes it.
    static func filtered(_ row: [UInt8], prior: [UInt8], bpp: Int, filter: UInt8) -> [UInt8] {
        row.indices.map { i in
            let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(prior[i]), c = i >= bpp ? Int(prior[i - bpp]) : 0
            let predicted = [0, a, b, (a + b) / 2, paeth(a, b, c)][Int(filter)]
            return UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
        }
    }

    /// A row like a screenshot's (one colour, one pixel in `every` another) or, with `every` 1, noise.
    static func row(width: Int, bpp: Int, every: Int, _ random: inout SplitMix) -> [UInt8] {
        let background = (0..<bpp).map { _ in UInt8.random(in: 0...255, using: &random) }
        return (0..<width).flatMap { x in
            x % every == 3 || every == 1 ? (0..<bpp).map { _ in UInt8.random(in: 0...255, using: &random) } : background
        }
    }

    @Test(arguments: [3, 4])
    func rowsAreUnfilteredAndTurnedToGrayExactly(_ bpp: Int) {
        var random = SplitMix(seed: 2_026 + UInt64(bpp))   // the same rows every run
        var flatRowsSeen = 0, busyRowsSeen = 0
        for trial in 0..<400 {
            let width = 33 + trial % 90
            let prior = Self.row(width: width, bpp: bpp, every: [1, 7, 16, 40][trial % 4], &random)
            let wanted = Self.row(width: width, bpp: bpp, every: [1, 5, 16][trial % 3], &random)
            let flat = prior.withUnsafeBufferPointer { Unfilter.mostlyFlat($0.baseAddress!, width: width, bpp: bpp) }
            if flat { flatRowsSeen += 1 } else { busyRowsSeen += 1 }
            for filter in UInt8(0)...4 {
                var line = Self.filtered(wanted, prior: prior, bpp: bpp, filter: filter)
                var gray = [UInt8](repeating: 0, count: width)
                let ok = line.withUnsafeMutableBufferPointer { line in
                    prior.withUnsafeBufferPointer { prior in
                        gray.withUnsafeMutableBufferPointer { gray in
                            Unfilter.rowToGray(line.baseAddress!, prior: prior.baseAddress!, width: width, bpp: bpp, filter: filter,
                                               gray: gray.baseAddress!)
                        }
                    }
                }
                #expect(ok)
                #expect(line == wanted, "filter \(filter), width \(width), trial \(trial)")
                let luma = (0..<width).map { Image.luma(wanted[bpp * $0], wanted[bpp * $0 + 1], wanted[bpp * $0 + 2]) }
                #expect(gray == luma, "filter \(filter), width \(width), trial \(trial)")
            }
        }
        // Both of Paeth's loops were run: rows above that are mostly one colour, and rows that are not.
        #expect(flatRowsSeen >= 100 && busyRowsSeen >= 100)
    }

    /// The predictor in the form the decoder computes it, against the specification's own, for every
    /// a, b and c a byte can hold.
    @Test func paethIsTheSpecificationsPredictor() {
        var differing = 0
        for a in 0..<256 {
            for b in 0..<256 {
                for c in 0..<256 where Unfilter.paeth(a, b, c) != Self.paeth(a, b, c) { differing += 1 }
            }
        }
        #expect(differing == 0)
    }

    @Test func anUnknownFilterIsRefused() {
        var line = [UInt8](repeating: 0, count: 3 * 40), gray = [UInt8](repeating: 0, count: 40)
        let prior = [UInt8](repeating: 0, count: 3 * 40)
        let ok = line.withUnsafeMutableBufferPointer { line in
            gray.withUnsafeMutableBufferPointer { gray in
                Unfilter.rowToGray(line.baseAddress!, prior: prior, width: 40, bpp: 3, filter: 5, gray: gray.baseAddress!)
            }
        }
        #expect(!ok)
    }
}
