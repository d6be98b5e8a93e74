import Foundation

/// Groups photos whose perceptual hashes are at most `maxDistance` bits apart (joined through
/// any chain of such pairs, so every frame of a burst lands in one group), and picks the photo
/// each group keeps. Never compares all pairs: see `HammingIndex`.
enum SimilarGrouping {
    struct Photo: Sendable, Equatable {
        let id: Int64
        let hash: UInt64
        let width: Int
        let height: Int
        let sharpness: Double
        let size: Int64
        let capturedEpoch: Double?
        let path: Data

        var pixels: Int { width * height }
    }

    struct Group: Equatable {
        /// Members in path order, the kept one included.
        let members: [Photo]
        let kept: Photo
        var reclaimableBytes: Int64 { members.reduce(0) { $0 + ($1.id == kept.id ? 0 : $1.size) } }
    }

    static func groups(_ photos: [Photo], maxDistance: Int) -> [Group] {
        var parent = Array(photos.indices)
        func root(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var x = i
            while parent[x] != r { (x, parent[x]) = (parent[x], r) }
            return r
        }
        HammingIndex(photos.map(\.hash)).forEachPair(within: maxDistance) { i, j, _ in
            let a = root(i), b = root(j)
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        var components: [Int: [Photo]] = [:]
        for index in photos.indices { components[root(index), default: []].append(photos[index]) }
        return components.values.filter { $0.count > 1 }.map { members in
            Group(members: members.sorted { $0.path.lexicographicallyPrecedes($1.path) }, kept: members.min(by: keptFirst)!)
        }.sorted { $0.kept.path.lexicographicallyPrecedes($1.kept.path) }
    }

    /// The keep rule: the highest resolution, then the sharpest, then the larger file, then the
    /// earliest capture (a photo with no date last), then the path that sorts first.
    static func keptFirst(_ a: Photo, _ b: Photo) -> Bool {
        if a.pixels != b.pixels { return a.pixels > b.pixels }
        if a.sharpness != b.sharpness { return a.sharpness > b.sharpness }
        if a.size != b.size { return a.size > b.size }
        switch (a.capturedEpoch, b.capturedEpoch) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.path.lexicographicallyPrecedes(b.path)
        }
    }
}
