import FileSystem
import Foundation
import Imaging
import Testing
@testable import Library
@testable import Scanning

/// The shipped method (first look at `similar.max_distance`, second look at the thumbnails) measured
/// on Fixtures/similar, group by group.
@Suite struct SimilarAccuracyTests {
    static let fingerprints: [PhotoFingerprint?] = SimilarFixture.files.map { file in
        try? PerceptualHashing.fingerprint(RawPath(file.path))
    }

    static func photos() -> [SimilarGrouping.Photo] {
        zip(SimilarFixture.files, fingerprints).enumerated().compactMap { index, pair in
            pair.1.map { fingerprint in
                // Turned and mirrored copies looked for, as the scan does by default.
                var photo = SimilarGrouping.Photo(id: Int64(index), hash: fingerprint.hash.bits, centreHash: fingerprint.centreHash.bits,
                                                  detail: fingerprint.detail, width: 0, height: 0, sharpness: fingerprint.sharpness,
                                                  size: 0, capturedEpoch: nil, path: Data(pair.0.path.utf8))
                photo.turns = PerceptualHash.turns(of: fingerprint.thumbnail).map(\.bits)
                return photo
            }
        }
    }

    /// The second look over the fixtures' thumbnails.
    static func confirm(_ a: SimilarGrouping.Photo, _ b: SimilarGrouping.Photo, _ turn: Turn?) -> Bool {
        let first = fingerprints[Int(a.id)]!.thumbnail
        return SecondLook.agrees(turn.map(first.turned) ?? first, fingerprints[Int(b.id)]!.thumbnail)
    }

    @Test func everyFixtureDecodes() {
        #expect(SimilarFixture.files.count == 17 * 9)
        for (file, fingerprint) in zip(SimilarFixture.files, Self.fingerprints) {
            #expect(fingerprint != nil, "\(file.path) did not decode")
        }
    }

    @Test func eachFolderIsExactlyOneGroup() {
        let groups = SimilarGrouping.groups(Self.photos(), maxDistance: SimilarOptions.defaults.maxDistance, confirm: Self.confirm)
        var groupOf: [Int64: Int] = [:]
        for (number, group) in groups.enumerated() { for member in group.members { groupOf[member.id] = number } }
        let result = SimilarFixture.precisionRecall { i, j in
            groupOf[Int64(i)] != nil && groupOf[Int64(i)] == groupOf[Int64(j)]
        }
        print("similar groups at distance ≤ \(SimilarOptions.defaults.maxDistance): \(groups.count) groups, pair precision \(result.precision), recall \(result.recall)")
        let found = groups.map { group in group.members.map { member in
            let file = SimilarFixture.files[Int(member.id)]
            return "\(file.folder)/\(file.name)"
        } }
        #expect(groups.count == 17)
        for members in found {
            let folder = String(members[0].prefix { $0 != "/" })
            #expect(Set(members) == Set(SimilarFixture.edits.map { folder + "/" + $0 }), "group of \(folder): \(members.sorted())")
        }
        #expect(result.precision == 1.0, "false pairs: \(result.falsePairs)")
        #expect(result.recall == 1.0, "missed pairs: \(result.missedPairs)")
    }

    /// The first look: how far each edit lands from its original at most (the nearest of the whole
    /// and centre hashes), and how near the nearest unrelated photos come.
    @Test func distancesByEdit() {
        func distance(_ i: Int, _ j: Int) -> Int {
            let a = Self.fingerprints[i]!, b = Self.fingerprints[j]!
            return min(a.hash.distance(to: b.hash), a.centreHash.distance(to: b.hash), a.hash.distance(to: b.centreHash))
        }
        var worst: [String: Int] = [:]
        for (index, file) in SimilarFixture.files.enumerated() where file.name != "original.jpg" {
            let original = SimilarFixture.files.firstIndex { $0.folder == file.folder && $0.name == "original.jpg" }!
            worst[file.name] = max(worst[file.name] ?? 0, distance(index, original))
        }
        print("largest distance from the original, by edit: \(worst.sorted { $0.key < $1.key })")
        for edit in ["half.jpg", "q40.jpg", "png.png", "exif6.jpg", "bright20.jpg"] { #expect(worst[edit]! <= 6, "\(edit)") }
        var nearestUnrelated = 64
        for i in Self.fingerprints.indices {
            for j in (i + 1)..<Self.fingerprints.count where SimilarFixture.files[i].folder != SimilarFixture.files[j].folder {
                nearestUnrelated = min(nearestUnrelated, distance(i, j))
            }
        }
        print("nearest unrelated pair: \(nearestUnrelated) bits")
        for edit in ["crop6.jpg", "shift3.jpg", "rot2.jpg"] {
            #expect(worst[edit]! <= SimilarOptions.defaults.maxDistance, "\(edit)")
        }
        #expect(nearestUnrelated > SimilarOptions.defaults.maxDistance)
    }
}
