extension Array {
    /// The array in slices of at most `size` elements, in order: the ids of a statement's `IN (…)` list a
    /// batch at a time (the index's ledger and the deck's queues).
    package func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
