import Foundation
import Imaging
import Library

/// Groups similar photos in two looks and picks the photo each group keeps. The first look is
/// the 64-bit hashes: a pair is a candidate when its hashes, or one photo's centre hash and the
/// other's whole hash (a crop), are at most `maxDistance` bits apart (`HammingIndex`: never all
/// pairs), or, for the frames of a burst (`isBurst`: one camera, seconds apart), `burstDistance`
/// apart (found along the capture times, never all pairs either). The second look (`confirm`, the thumbnails: `SecondLook`) decides each candidate pair;
/// confirmed pairs chain into groups, so every frame of a burst lands in one.
///
/// A photo with too little detail to be recognised by (a flat colour, a sky, a dark shot) is never
/// grouped: its hash says nothing. The cost stays linear in the photos when many hashes are equal:
/// photos of one hash are compared with at most `leaders` of them, and across hashes only leaders.
enum SimilarGrouping {
    struct Photo: Sendable, Equatable {
        let id: Int64
        let hash: UInt64
        let centreHash: UInt64
        /// `Thumbnail.detail`: how much there is to recognise the photo by.
        let detail: Double
        let width: Int
        let height: Int
        let sharpness: Double
        let size: Int64
        let capturedEpoch: Double?
        /// Make and model, when the file names them: a burst's frames share them.
        let camera: String?
        let path: Data
        /// The hashes of the photo turned and mirrored (`PerceptualHash.turns`, in `Turn.all`'s order); empty when
        /// turned copies are not looked for.
        var turns: [UInt64] = []

        init(id: Int64, hash: UInt64, centreHash: UInt64? = nil, detail: Double = 100, width: Int, height: Int,
             sharpness: Double, size: Int64, capturedEpoch: Double?, camera: String? = nil, path: Data) {
            self.id = id
            self.hash = hash
            self.centreHash = centreHash ?? hash
            self.detail = detail
            self.width = width
            self.height = height
            self.sharpness = sharpness
            self.size = size
            self.capturedEpoch = capturedEpoch
            self.camera = camera
            self.path = path
        }

        var pixels: Int { width * height }
    }

    struct Group: Equatable {
        /// Members in path order, the kept one included.
        let members: [Photo]
        let kept: Photo
        var reclaimableBytes: Int64 { members.reduce(0) { $0 + ($1.id == kept.id ? 0 : $1.size) } }
    }

    /// Below this `Thumbnail.detail` a photo is left out (measured: flat colours, gradients, skies and
    /// dark shots 0–9, pages of text 10–17, the least detailed photo of things 16: Docs/similar.md).
    static let minimumDetail = 12.0
    /// How many photos of one hash stand for it: each photo of the hash is compared with these.
    static let leaders = 4
    /// How many other hashes one hash is compared with, at most (the first found).
    static let neighbours = 32
    /// The frames of a burst: the same camera, captured at most this many seconds apart.
    static let burstSeconds = 10.0
    /// How far apart a burst's frames' hashes may be to be a candidate pair (the camera moved).
    static let burstDistance = 22
    /// How many later photos in capture order one photo is checked against as frames of its burst.
    static let burstFrames = 16

    /// The same camera (both name it) and capture times at most `burstSeconds` apart.
    static func isBurst(_ a: Photo, _ b: Photo) -> Bool {
        guard let x = a.capturedEpoch, let y = b.capturedEpoch, let camera = a.camera, camera == b.camera else { return false }
        return abs(x - y) <= burstSeconds
    }

    /// The first look's distance: the nearest of the whole hashes and each centre to the other whole.
    static func distance(_ a: Photo, _ b: Photo) -> Int {
        min((a.hash ^ b.hash).nonzeroBitCount, (a.centreHash ^ b.hash).nonzeroBitCount, (a.hash ^ b.centreHash).nonzeroBitCount)
    }

    /// How far a turned or mirrored hash of a photo may be from another's hash to be a candidate pair: a copy turned
    /// in its pixels is the same picture, re-encoded (at most 8 bits from the turned hash on make_similar_set.py's
    /// turned copies, Docs/similar.md); a smaller radius than `maxDistance` keeps the seven extra probes cheap.
    static let turnedDistance = 10

    /// The groups; `confirm(a, b, turn)` is the second look at a candidate pair (true: the same picture), `turn` the way
    /// `a` is turned to match `b` (nil: as it is). Turned and mirrored copies are looked for when the photos carry
    /// their `turns`.
    static func groups(_ photos: [Photo], maxDistance: Int, confirm: (Photo, Photo, Turn?) -> Bool = { _, _, _ in true }) -> [Group] {
        var parent = Array(photos.indices)
        func root(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var x = i
            while parent[x] != r { (x, parent[x]) = (parent[x], r) }
            return r
        }
        func join(_ i: Int, _ j: Int, turn: Turn? = nil) -> Bool {
            let a = root(i), b = root(j)
            guard a != b else { return true }
            guard confirm(photos[i], photos[j], turn) else { return false }
            parent[max(a, b)] = min(a, b)
            return true
        }
        // One class per hash among the photos with detail enough; each keeps up to `leaders` photos
        // that its other photos did not match.
        var classOf: [UInt64: Int] = [:]
        var classes: [[Int]] = []
        for index in photos.indices where photos[index].detail >= minimumDetail {
            let hash = photos[index].hash
            if let c = classOf[hash] { classes[c].append(index) } else { classOf[hash] = classes.count; classes.append([index]) }
        }
        var leadersOf: [[Int]] = classes.map { members in
            var chosen: [Int] = []
            for member in members {
                if chosen.contains(where: { join($0, member) }) { continue }
                if chosen.count < leaders { chosen.append(member) }
            }
            return chosen
        }
        // Candidate pairs of classes: near whole hashes, or a centre hash near another whole hash.
        let index = HammingIndex(classes.map { photos[$0[0]].hash })
        var seen = Set<Int>()
        var compared = [Int](repeating: 0, count: classes.count)
        func compare(_ c: Int, _ d: Int, turn: Turn? = nil) {
            guard c != d, compared[c] < neighbours, compared[d] < neighbours,
                  seen.insert(min(c, d) * classes.count + max(c, d)).inserted else { return }
            compared[c] += 1; compared[d] += 1
            for a in leadersOf[c] { for b in leadersOf[d] where root(a) != root(b) { _ = join(a, b, turn: turn) } }
        }
        index.forEachPair(within: maxDistance) { c, d, _ in compare(c, d) }
        for c in classes.indices {
            let centre = photos[classes[c][0]].centreHash
            guard centre != photos[classes[c][0]].hash else { continue }
            index.forEachNeighbour(of: centre, within: maxDistance) { d, _ in compare(c, d) }
        }
        // Turned and mirrored copies: each class's seven turned hashes against every hash (the class's photo turned
        // as `turn` matches the other's photo as it is).
        for c in classes.indices {
            let turns = photos[classes[c][0]].turns
            for (turn, hash) in zip(Turn.all, turns) {
                index.forEachNeighbour(of: hash, within: min(turnedDistance, maxDistance)) { d, _ in compare(c, d, turn: turn) }
            }
        }
        // Bursts: each photo against the next few taken within seconds by the same camera.
        let dated = classes.indices.flatMap { c in classes[c].map { (c, $0) } }
            .filter { photos[$0.1].capturedEpoch != nil && photos[$0.1].camera != nil }
            .sorted { photos[$0.1].capturedEpoch! < photos[$1.1].capturedEpoch! }
        for (at, (c, i)) in dated.enumerated() {
            for (d, j) in dated[(at + 1)..<min(dated.count, at + 1 + burstFrames)] {
                guard photos[j].capturedEpoch! - photos[i].capturedEpoch! <= burstSeconds else { break }
                if isBurst(photos[i], photos[j]) && distance(photos[i], photos[j]) <= burstDistance { compare(c, d) }
            }
        }
        leadersOf.removeAll()
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
