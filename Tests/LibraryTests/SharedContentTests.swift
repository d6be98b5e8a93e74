import Foundation
import Testing
@testable import Library
import TestSupport
@testable import Scanning

/// Which files the size index says could have a copy, held to a plain reference on random listings.
@Suite struct SharedContentTests {
    /// The rule written out: group by size, then (when every file of the size has a full hash) by hash.
    static func reference(_ files: [(id: Int64, size: Int64, hash: Data?)]) -> Set<Int64> {
        var picked = Set<Int64>()
        for sameSize in Dictionary(grouping: files, by: \.size).values where sameSize.count > 1 {
            if sameSize.contains(where: { $0.hash == nil }) {
                picked.formUnion(sameSize.map(\.id))
            } else {
                for sameHash in Dictionary(grouping: sameSize, by: { $0.hash! }).values where sameHash.count > 1 {
                    picked.formUnion(sameHash.map(\.id))
                }
            }
        }
        return picked
    }

    static func pick(_ files: [(id: Int64, size: Int64, hash: Data?)]) -> [Int64] {
        var shared = SharedContent()
        for file in files { shared.add(file.id, size: file.size, hash: file.hash) }
        return shared.finish()
    }

    @Test func filesWhoseContentCouldBeSharedArePicked() {
        let a = Data("aaaa".utf8), b = Data("bbbb".utf8)
        #expect(Self.pick([
            (1, 10, nil),                      // alone at its size
            (2, 20, nil), (3, 20, a),          // one unhashed: the whole size
            (4, 30, a), (5, 30, a), (6, 30, b), // hashed: only the shared hash
            (7, 40, a), (8, 40, b),             // two contents
            (9, 50, a),                         // alone again, the same hash as others at other sizes
        ]) == [2, 3, 4, 5])
    }

    @Test func randomListingsPickWhatTheReferencePicks() {
        var random = SplitMix(seed: 0x5348_4152)
        let hashes = (0..<4).map { Data("hash\($0)".utf8) } + [Data()]
        var picked = 0
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...12, using: &random)
            var files: [(id: Int64, size: Int64, hash: Data?)] = (0..<count).map { index in
                let hash: Data? = Int.random(in: 0..<5, using: &random) == 0 ? nil : hashes.randomElement(using: &random)!
                return (Int64(index + 1), Int64.random(in: 1...4, using: &random), hash)
            }
            // The size index's order: size, then hash with no hash first (the empty one next), then id.
            files.sort { l, r in
                if l.size != r.size { return l.size < r.size }
                switch (l.hash, r.hash) {
                case (nil, nil): return l.id < r.id
                case (nil, _): return true
                case (_, nil): return false
                case let (x?, y?): return x.lexicographicallyPrecedes(y) || (x == y && l.id < r.id)
                }
            }
            let fast = Self.pick(files)
            #expect(Set(fast) == Self.reference(files), "\(files)")
            #expect(fast == files.map(\.id).filter(Set(fast).contains), "picked in listing order")
            picked += fast.count
        }
        #expect(picked > 3_000)  // not only empty picks compared
    }
}
