/// How sharp a picture is: the variance of its Laplacian (4-neighbour) over the gray pixels.
/// Blur and out-of-focus frames have weak edges, so a low variance; compare it only between
/// pictures decoded at the same size (a burst's frames, two copies of one resolution).
public enum Sharpness {
    public static func varianceOfLaplacian(_ image: Image) -> Double {
        let gray = image.gray()
        let w = gray.width, h = gray.height
        guard w >= 3, h >= 3 else { return 0 }
        var sum = 0.0, sumOfSquares = 0.0
        gray.pixels.withUnsafeBufferPointer { px in
            for y in 1..<(h - 1) {
                let row = y * w
                for x in 1..<(w - 1) {
                    let at = row + x
                    let laplacian = Int(px[at - 1]) + Int(px[at + 1]) + Int(px[at - w]) + Int(px[at + w]) - 4 * Int(px[at])
                    let value = Double(laplacian)
                    sum += value
                    sumOfSquares += value * value
                }
            }
        }
        let count = Double((w - 2) * (h - 2))
        let mean = sum / count
        return max(0, sumOfSquares / count - mean * mean)
    }
}
