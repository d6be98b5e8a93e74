/// How sharp a picture is: the variance of its Laplacian (4-neighbour) over the gray pixels.
/// Blur and out-of-focus frames have weak edges, so a low variance; compare it only between
/// pictures decoded at the same size (a burst's frames, two copies of one resolution).
public enum Sharpness {
    public static func varianceOfLaplacian(_ image: Image) -> Double {
        let gray = image.gray()
        let w = gray.width, h = gray.height
        guard w >= 3, h >= 3 else { return 0 }
        // Integer sums are exact (|Laplacian| ≤ 1020, so even 200 MP of squares stay far below 2⁶³)
        // and equal to the Double sums they replace, which were exact too: the same variance, faster.
        var sum = 0, sumOfSquares = 0
        gray.pixels.withUnsafeBufferPointer { px in
            guard let base = px.baseAddress else { return }
            for y in 1..<(h - 1) {
                let row = base + y * w
                for x in 1..<(w - 1) {
                    let at = row + x
                    let laplacian = Int(at[-1]) + Int(at[1]) + Int(at[-w]) + Int(at[w]) - 4 * Int(at[0])
                    sum &+= laplacian
                    sumOfSquares &+= laplacian * laplacian
                }
            }
        }
        let count = Double((w - 2) * (h - 2))
        let mean = Double(sum) / count
        return max(0, Double(sumOfSquares) / count - mean * mean)
    }
}
