
/// Finds every pair of 64-bit hashes at most `maxDistance` bits apart without comparing all pairs:
/// multi-index hashing (Norouzi et al.). Each hash is cut into four 16-bit parts, each part indexed
/// in a table of 65,536 buckets. Two hashes at most d apart agree to within ⌊d/4⌋ bits on at least
/// one part (were all four parts ⌊d/4⌋ + 1 or more apart, the whole would be more than d), so
/// probing each part's buckets within that radius finds every pair; each candidate is then checked.
struct HammingIndex {
    static let parts = 4
    private static let partBits = 16

    private let hashes: [UInt64]
    /// For each part: bucket b's members are `members[part][start[part][b] ..< start[part][b + 1]]`.
    private var start: [[Int32]] = []
    private var members: [[Int32]] = []

    init(_ hashes: [UInt64]) {
        precondition(hashes.count < Int(Int32.max), "too many hashes for one index")
        self.hashes = hashes
        let buckets = 1 << Self.partBits
        for part in 0..<Self.parts {
            var counts = [Int32](repeating: 0, count: buckets + 1)
            for hash in hashes { counts[Self.key(hash, part) + 1] += 1 }
            for b in 0..<buckets { counts[b + 1] += counts[b] }
            var fill = counts
            var list = [Int32](repeating: 0, count: hashes.count)
            for (index, hash) in hashes.enumerated() {
                let k = Self.key(hash, part)
                list[Int(fill[k])] = Int32(index)
                fill[k] += 1
            }
            start.append(counts)
            members.append(list)
        }
    }

    /// Calls `body(i, j, distance)` once for each pair i < j of hashes at most `maxDistance` apart.
    func forEachPair(within maxDistance: Int, _ body: (Int, Int, Int) -> Void) {
        guard maxDistance >= 0 else { return }
        let radius = maxDistance / Self.parts
        let masks = Self.masks(bits: Self.partBits, upToWeight: radius)
        hashes.withUnsafeBufferPointer { hashes in
            for i in hashes.indices {
                let hash = hashes[i]
                for part in 0..<Self.parts {
                    let k = Self.key(hash, part)
                    start[part].withUnsafeBufferPointer { starts in
                        members[part].withUnsafeBufferPointer { list in
                            for mask in masks {
                                let bucket = k ^ mask
                                for at in Int(starts[bucket])..<Int(starts[bucket + 1]) {
                                    let j = Int(list[at])
                                    guard j > i else { continue }
                                    let difference = hash ^ hashes[j]
                                    let distance = difference.nonzeroBitCount
                                    guard distance <= maxDistance else { continue }
                                    // Found through an earlier part already: reported there.
                                    var earlier = false
                                    for q in 0..<part where Self.key(difference, q).nonzeroBitCount <= radius { earlier = true }
                                    if !earlier { body(i, j, distance) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body(j, distance)` for each indexed hash at most `maxDistance` bits from `hash`.
    func forEachNeighbour(of hash: UInt64, within maxDistance: Int, _ body: (Int, Int) -> Void) {
        guard maxDistance >= 0 else { return }
        let radius = maxDistance / Self.parts
        for part in 0..<Self.parts {
            let k = Self.key(hash, part)
            for mask in Self.masks(bits: Self.partBits, upToWeight: radius) {
                let bucket = k ^ mask
                for at in Int(start[part][bucket])..<Int(start[part][bucket + 1]) {
                    let j = Int(members[part][at])
                    let difference = hash ^ hashes[j]
                    let distance = difference.nonzeroBitCount
                    guard distance <= maxDistance else { continue }
                    var earlier = false
                    for q in 0..<part where Self.key(difference, q).nonzeroBitCount <= radius { earlier = true }
                    if !earlier { body(j, distance) }
                }
            }
        }
    }

    private static func key(_ hash: UInt64, _ part: Int) -> Int {
        Int((hash >> UInt64(part * partBits)) & 0xFFFF)
    }

    /// Every `bits`-bit mask with at most `weight` bits set.
    static func masks(bits: Int, upToWeight weight: Int) -> [Int] {
        var result = [0]
        func extend(_ mask: Int, from bit: Int, left: Int) {
            guard left > 0 else { return }
            for b in bit..<bits {
                let next = mask | 1 << b
                result.append(next)
                extend(next, from: b + 1, left: left - 1)
            }
        }
        extend(0, from: 0, left: min(weight, bits))
        return result
    }
}
