import FileSystem
import Foundation
@testable import Imaging
import TestSupport

/// Distinct photos with little texture, the kind whose one 64-bit hash says nothing: flat colours,
/// skies, gradients, pages of text set differently, and dark pocket shots made from real photos
/// (Fixtures/similar). Each as JPEG bytes, deterministic for a seed.
enum LowTexturePhotos {
    static let width = 640, height = 480

    static func all(seed: UInt64 = 30) -> [(name: String, jpeg: [UInt8])] {
        var rng = SplitMix(seed: seed)
        var photos: [(String, Image)] = []
        let colours: [[Double]] = [[220, 30, 30], [30, 60, 220], [10, 10, 10], [245, 245, 245], [40, 180, 60],
                                   [240, 200, 40], [128, 128, 128], [120, 60, 160], [250, 150, 170], [20, 120, 120]]
        for (i, colour) in colours.enumerated() {
            photos.append(("flat\(i)", render(&rng, noise: 2.5) { _, _ in colour }))
        }
        for i in 0..<12 {   // skies: a vertical gradient between two colours, soft clouds
            let top = randomColour(&rng), bottom = top.map { min(255, max(0, $0 + Double(rng.next() % 160) - 80)) }
            let clouds = (0..<12).map { _ in Double(rng.next() % 256) - 128 }, amount = Double(rng.next() % 15) / 100
            photos.append(("sky\(i)", render(&rng, noise: 2) { x, y in
                let cloud = bilinear(clouds, columns: 4, rows: 3, x: x, y: y) * amount
                return zip(top, bottom).map { $0 * (1 - y) + $1 * y + cloud }
            }))
        }
        for i in 0..<8 {   // gradients in any direction
            let angle = Double(rng.next() % 360) * .pi / 180, a = randomColour(&rng), b = randomColour(&rng)
            photos.append(("gradient\(i)", render(&rng, noise: 0) { x, y in
                let t = min(1, max(0, 0.5 + (cos(angle) * (x - 0.5) + sin(angle) * (y - 0.5)) / 1.42))
                return zip(a, b).map { $0 * (1 - t) + $1 * t }
            }))
        }
        for i in 0..<14 { photos.append(("page\(i)", page(&rng))) }
        for (i, original) in darkSources.prefix(12).enumerated() {   // dark pocket shots: 2–5 % of the light
            let light = 0.02 + Double(rng.next() % 30) / 1000
            let image = original
            photos.append(("dark\(i)", render(&rng, noise: 1.5) { x, y in
                let at = (min(image.height - 1, Int(y * Double(image.height))) * image.width
                          + min(image.width - 1, Int(x * Double(image.width)))) * 3
                return (0..<3).map { Double(image.pixels[at + $0]) * light }
            }))
        }
        return photos.map { ($0.0, try! JPEGCodec.encode($0.1, quality: 88)) }
    }

    /// The originals of Fixtures/similar, upright in RGB.
    static var darkSources: [Image] {
        let root = URL(fileURLWithPath: SimilarFixture.root)
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return folders.compactMap { folder in
            try? Decoding.decode(RawPath(root.appendingPathComponent(folder + "/original.jpg").path))
        }
    }

    /// A page of text: paper, margins, a type size and line spacing of its own, words of random lengths,
    /// ragged line ends and paragraph breaks, in dark ink.
    static func page(_ rng: inout SplitMix) -> Image {
        let paper = (0..<3).map { _ in 200 + Double(rng.next() % 56) }, ink = (0..<3).map { _ in Double(rng.next() % 80) }
        let size = 6 + Int(rng.next() % 12), spacing = size + 3 + Int(rng.next() % UInt64(size))
        let margin = 15 + Int(rng.next() % 60)
        var mask = [Bool](repeating: false, count: width * height)
        var y = margin + Int(rng.next() % 40)
        while y + size < height - margin {
            var x = margin
            let end = width - margin - Int(rng.next() % (rng.next() % 5 == 0 ? UInt64(width / 3) : 15))
            while true {
                let word = size * (1 + Int(rng.next() % 6)) / 2
                guard x + word < end else { break }
                for yy in y..<(y + size * 2 / 3) { for xx in x..<(x + word) where rng.next() % 3 != 0 { mask[yy * width + xx] = true } }
                x += word + size / 2
            }
            y += spacing + (rng.next() % 8 == 0 ? 2 * size : 0)
        }
        return render(&rng, noise: 1) { fx, fy in
            let x = min(width - 1, Int(fx * Double(width))), y = min(height - 1, Int(fy * Double(height)))
            return mask[y * width + x] ? ink : paper
        }
    }

    static func randomColour(_ rng: inout SplitMix) -> [Double] { (0..<3).map { _ in Double(rng.next() % 256) } }

    /// A values grid read bilinearly at (x, y) in 0…1.
    static func bilinear(_ grid: [Double], columns: Int, rows: Int, x: Double, y: Double) -> Double {
        let gx = x * Double(columns - 1), gy = y * Double(rows - 1)
        let x0 = min(columns - 2, Int(gx)), y0 = min(rows - 2, Int(gy))
        let fx = gx - Double(x0), fy = gy - Double(y0)
        let top = grid[y0 * columns + x0] * (1 - fx) + grid[y0 * columns + x0 + 1] * fx
        let bottom = grid[(y0 + 1) * columns + x0] * (1 - fx) + grid[(y0 + 1) * columns + x0 + 1] * fx
        return top * (1 - fy) + bottom * fy
    }

    /// An RGB picture of `colour(x, y)` (x, y in 0…1) with sensor noise of about `noise` levels.
    static func render(_ rng: inout SplitMix, noise: Double, _ colour: (Double, Double) -> [Double]) -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(Double(x) / Double(width), Double(y) / Double(height))
                for k in 0..<3 {
                    let jitter = noise == 0 ? 0 : (Double(rng.next() % 1000) / 1000 - 0.5) * 3.4 * noise
                    pixels[(y * width + x) * 3 + k] = UInt8(min(255, max(0, (c[k] + jitter).rounded())))
                }
            }
        }
        return Image(width: width, height: height, layout: .rgb, pixels: pixels)
    }
}
