/// Integer arithmetic for the game's sums and products that holds at the ends of `Int` instead of
/// trapping: the numbers come from the user's config, and a round end must never trap after its
/// files have moved.
extension Int {
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    func saturatingSubtract(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    func saturatingMultiply(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }

    /// `value` rounded down, held within `Int`; NaN is 0.
    static func saturating(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        let down = value.rounded(.down)
        if down >= Double(Int.max) { return .max }  // Double(Int.max) is 2^63, one past Int.max
        if down <= Double(Int.min) { return .min }
        return Int(down)
    }
}
