/// The mean and standard deviation of one `side`×`side` tile of a gray image whose rows are `width` pixels, its top
/// left corner at (`x`, `y`): integer sums, exact (a tile's stay far under 2^53), each row's in 32 bits so the loop
/// vectorises. Shared by the measures that judge a photo tile by tile (`ShotQuality`, `CopyDetail`), which run on
/// every photo of a cold scan.
@inline(__always)
func tileSpread(_ px: UnsafePointer<UInt8>, width: Int, x: Int, y: Int, side: Int) -> (mean: Double, deviation: Double) {
    var sum = 0, squares = 0
    for row in y..<(y + side) {
        let start = px + (row * width + x)
        var rowSum: Int32 = 0, rowSquares: Int32 = 0
        for column in 0..<side { let v = Int32(start[column]); rowSum &+= v; rowSquares &+= v &* v }
        sum &+= Int(rowSum); squares &+= Int(rowSquares)
    }
    let count = Double(side * side), mean = Double(sum) / count
    return (mean, max(0, Double(squares) / count - mean * mean).squareRoot())
}
