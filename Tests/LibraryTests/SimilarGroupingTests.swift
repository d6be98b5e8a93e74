import Foundation
import Testing
import TestSupport
@testable import Library
@testable import Scanning

/// Grouping by Hamming distance: the same answer as comparing every pair, and the keep rule.
@Suite struct SimilarGroupingTests {
    /// Hashes in clusters: `centres` random hashes, each with copies a few random bits away.
    static func clustered(centres: Int, copies: Int, flips: ClosedRange<Int>, seed: UInt64) -> [UInt64] {
        var rng = SplitMix(seed: seed)
        var hashes: [UInt64] = []
        for _ in 0..<centres {
            let centre = rng.next()
            hashes.append(centre)
            for _ in 0..<copies {
                var hash = centre
                for _ in 0..<Int(rng.next() % UInt64(flips.count)) + flips.lowerBound { hash ^= 1 << (rng.next() % 64) }
                hashes.append(hash)
            }
        }
        return hashes
    }

    @Test(arguments: [0, 3, 8, 10, 13])
    func theIndexFindsExactlyThePairsABruteForceFinds(maxDistance: Int) {
        let hashes = Self.clustered(centres: 150, copies: 4, flips: 0...14, seed: UInt64(maxDistance) + 1)
        var brute = Set<[Int]>()
        for i in hashes.indices {
            for j in (i + 1)..<hashes.count where (hashes[i] ^ hashes[j]).nonzeroBitCount <= maxDistance { brute.insert([i, j]) }
        }
        var found: [[Int]] = []
        HammingIndex(hashes).forEachPair(within: maxDistance) { i, j, distance in
            #expect(distance == (hashes[i] ^ hashes[j]).nonzeroBitCount)
            found.append([i, j])
        }
        #expect(found.count == Set(found).count, "a pair was reported twice")
        #expect(Set(found) == brute)
        #expect(!brute.isEmpty)
    }

    @Test func masksCountEveryCombination() {
        // 1 + 16 + 120 masks of at most 2 bits among 16.
        #expect(HammingIndex.masks(bits: 16, upToWeight: 2).count == 137)
        #expect(Set(HammingIndex.masks(bits: 16, upToWeight: 3)).count == 1 + 16 + 120 + 560)
    }

    static func photo(_ id: Int64, _ path: String, width: Int = 100, height: Int = 100, sharpness: Double = 1,
                      size: Int64 = 1000, captured: Double? = nil, hash: UInt64 = 0) -> SimilarGrouping.Photo {
        SimilarGrouping.Photo(id: id, hash: hash, width: width, height: height, sharpness: sharpness, size: size,
                              capturedEpoch: captured, path: Data(path.utf8))
    }

    @Test(arguments: [
        // (why, the photo that must be kept, the other one)
        ("more pixels beat sharpness", photo(1, "/b", width: 200, sharpness: 1), photo(2, "/a", width: 100, sharpness: 9)),
        ("sharper beats a larger file", photo(1, "/b", sharpness: 5, size: 10), photo(2, "/a", sharpness: 4, size: 99)),
        ("a larger file beats an earlier capture", photo(1, "/b", size: 20, captured: 50), photo(2, "/a", size: 10, captured: 10)),
        ("an earlier capture beats the path", photo(1, "/b", captured: 10), photo(2, "/a", captured: 20)),
        ("a dated photo beats an undated one", photo(1, "/b", captured: 99), photo(2, "/a")),
        ("then the path that sorts first", photo(2, "/a"), photo(1, "/b")),
    ])
    func theKeepRule(_ why: String, kept: SimilarGrouping.Photo, other: SimilarGrouping.Photo) {
        #expect(SimilarGrouping.keptFirst(kept, other), "\(why)")
        #expect(!SimilarGrouping.keptFirst(other, kept), "\(why)")
        #expect(SimilarGrouping.groups([other, kept], maxDistance: 0).first?.kept == kept)
    }

    @Test func aBurstChainsIntoOneGroupAndStrangersStayOut() {
        // Frames 0…4 each 6 bits from the next (24 from first to last); a stranger 30 bits from all.
        var frames: [UInt64] = [0]
        for k in 1...4 { frames.append(frames[k - 1] ^ (0x3F << UInt64(6 * k))) }
        let stranger: UInt64 = 0x5555_5555_0000_0000 ^ 0xFFFF
        let photos = frames.enumerated().map { Self.photo(Int64($0.offset), "/f\($0.offset)", hash: $0.element) }
            + [Self.photo(9, "/s", hash: stranger)]
        let groups = SimilarGrouping.groups(photos, maxDistance: 10)
        #expect(groups.count == 1)
        #expect(groups.first?.members.map(\.id) == [0, 1, 2, 3, 4])
    }

    @Test func aLargeLibraryGroupsWithoutComparingEveryPair() {
        // 3,000 bursts of 3 near copies and 21,000 unrelated photos: 30,000 photos, 450 million pairs.
        let hashes = Self.clustered(centres: 3_000, copies: 2, flips: 0...6, seed: 42)
            + Self.clustered(centres: 21_000, copies: 0, flips: 0...0, seed: 43)
        let photos = hashes.enumerated().map { Self.photo(Int64($0.offset), String(format: "/%06d", $0.offset), hash: $0.element) }
        let clock = ContinuousClock()
        let started = clock.now
        // At 14 bits, random hashes meet by chance (a few thousand pairs here): the second look, played
        // here by the truth (the frames of one burst), tells them apart.
        var comparisons = 0
        let groups = SimilarGrouping.groups(photos, maxDistance: SimilarOptions.defaults.maxDistance) { a, b, _ in
            comparisons += 1
            return a.id < 9_000 && b.id < 9_000 && a.id / 3 == b.id / 3
        }
        let elapsed = clock.now - started
        print("grouped \(photos.count) photos into \(groups.count) groups in \(elapsed), \(comparisons) second looks")
        // Every burst is one group (random hashes may, rarely, join a few strangers to one).
        var groupOf: [Int64: Int] = [:]
        for (number, group) in groups.enumerated() { for member in group.members { groupOf[member.id] = number } }
        for burst in 0..<3_000 {
            let first = Int64(burst * 3)
            #expect(groupOf[first] != nil && groupOf[first] == groupOf[first + 1] && groupOf[first] == groupOf[first + 2])
        }
        #expect(groups.count == 3_000)
        #expect(comparisons < 3 * photos.count)
        // Its time is printed, not asserted (a timed unit test fails on a loaded machine, not on a slow rule); the
        // grouping's speed is measured against other tools in `make bench` (Benchmarks/big_groups.py).
    }

    /// 50,000 photos of one hash (the flat JPEGs of a generated tree, a wall of identical hashes): each
    /// is looked at against a few others, never against all 50,000.
    @Test(arguments: [false, true])
    func fiftyThousandEqualHashesCostAFewLooksEach(samePicture: Bool) {
        let photos = (0..<50_000).map { Self.photo(Int64($0), String(format: "/%06d", $0), hash: 0x8000_0000_0000_0000) }
        var comparisons = 0
        let groups = SimilarGrouping.groups(photos, maxDistance: SimilarOptions.defaults.maxDistance) { _, _, _ in
            comparisons += 1
            return samePicture
        }
        #expect(comparisons <= SimilarGrouping.leaders * photos.count)
        if samePicture {
            #expect(groups.count == 1 && groups.first?.members.count == 50_000)
        } else {
            #expect(groups.isEmpty)
        }
    }

    /// Hashes near one another by the thousand (every hash 1 or 2 bits from one): still a bounded
    /// number of looks per photo.
    @Test func thousandsOfNearHashesCostAFewLooksEach() {
        var hashes: [UInt64] = []
        for a in 0..<64 { for b in a..<64 { hashes.append(0x8000_0000_0000_0000 ^ (1 << UInt64(a)) ^ (1 << UInt64(b))) } }
        let photos = (0..<50_000).map { Self.photo(Int64($0), String(format: "/%06d", $0), hash: hashes[$0 % hashes.count]) }
        var comparisons = 0
        let groups = SimilarGrouping.groups(photos, maxDistance: SimilarOptions.defaults.maxDistance) { _, _, _ in
            comparisons += 1
            return false
        }
        #expect(groups.isEmpty)
        let perClass = SimilarGrouping.leaders * SimilarGrouping.leaders * SimilarGrouping.neighbours
        #expect(comparisons <= SimilarGrouping.leaders * photos.count + perClass * hashes.count)
    }

    /// A photo with too little detail is never grouped, whatever its hash and the second look say.
    @Test func photosWithoutDetailAreNeverGrouped() {
        let flat = (0..<20).map {
            SimilarGrouping.Photo(id: Int64($0), hash: 0x8000_0000_0000_0000, detail: SimilarGrouping.minimumDetail - 0.5,
                                  width: 100, height: 100, sharpness: 0, size: 1, capturedEpoch: nil, path: Data("/\($0)".utf8))
        }
        var comparisons = 0
        #expect(SimilarGrouping.groups(flat, maxDistance: 14) { _, _, _ in comparisons += 1; return true }.isEmpty)
        #expect(comparisons == 0)
    }

    /// A burst's frames whose hashes are farther apart than the first look's radius are still looked at
    /// (the same camera, a second apart); the same pair from two cameras, or a minute apart, is not.
    @Test(arguments: [("one camera, a second apart", "cam", 1.0, true), ("two cameras", "other", 1.0, false),
                      ("a minute apart", "cam", 60.0, false)])
    func theFramesOfABurstAreLookedAtFromFartherApart(_ what: String, camera: String, seconds: Double, looked: Bool) {
        let far: UInt64 = 0xFFFF_F000_0000_0000   // 20 bits from 0
        let photos = [
            SimilarGrouping.Photo(id: 1, hash: 0, width: 1, height: 1, sharpness: 0, size: 1, capturedEpoch: 100, camera: "cam", path: Data("/a".utf8)),
            SimilarGrouping.Photo(id: 2, hash: far, width: 1, height: 1, sharpness: 0, size: 1, capturedEpoch: 100 + seconds,
                                  camera: camera, path: Data("/b".utf8)),
        ]
        var comparisons = 0
        let groups = SimilarGrouping.groups(photos, maxDistance: 14) { _, _, _ in comparisons += 1; return true }
        #expect(comparisons == (looked ? 1 : 0), "\(what)")
        #expect(groups.count == (looked ? 1 : 0), "\(what)")
    }
}
