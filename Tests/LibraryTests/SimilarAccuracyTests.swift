import FileSystem
import Foundation
import Imaging
import Testing
@testable import Library

/// The shipped `similar.max_distance` measured on Fixtures/similar, pair by pair and group by group.
@Suite struct SimilarAccuracyTests {
    static let fingerprints: [PhotoFingerprint] = SimilarFixture.files.map { file in
        (try? PerceptualHashing.fingerprint(RawPath(file.path))) ?? PhotoFingerprint(hash: PerceptualHash(bits: 0), sharpness: -1)
    }

    @Test func everyFixtureDecodes() {
        #expect(SimilarFixture.files.count == 17 * 9)
        for (file, fingerprint) in zip(SimilarFixture.files, Self.fingerprints) {
            #expect(fingerprint.sharpness >= 0, "\(file.path) did not decode")
        }
    }

    @Test func pairsAtTheShippedDistanceMeetTheGoals() {
        let maxDistance = SimilarOptions.defaults.maxDistance
        let result = SimilarFixture.precisionRecall { i, j in
            Self.fingerprints[i].hash.distance(to: Self.fingerprints[j].hash) <= maxDistance
        }
        print("similar pairs at distance ≤ \(maxDistance): precision \(result.precision), recall \(result.recall), \(result.missedPairs.count) pairs missed")
        #expect(result.precision >= 0.98, "false pairs: \(result.falsePairs)")
        #expect(result.recall >= 0.93, "missed pairs: \(result.missedPairs)")
    }

    @Test func eachFolderIsExactlyOneGroup() {
        let photos = zip(SimilarFixture.files, Self.fingerprints).enumerated().map { index, pair in
            SimilarGrouping.Photo(id: Int64(index), hash: pair.1.hash.bits, width: 0, height: 0, sharpness: pair.1.sharpness,
                                  size: 0, capturedEpoch: nil, path: Data(pair.0.path.utf8))
        }
        let groups = SimilarGrouping.groups(photos, maxDistance: SimilarOptions.defaults.maxDistance)
        var groupOf: [Int64: Int] = [:]
        for (number, group) in groups.enumerated() { for member in group.members { groupOf[member.id] = number } }
        let result = SimilarFixture.precisionRecall { i, j in
            groupOf[Int64(i)] != nil && groupOf[Int64(i)] == groupOf[Int64(j)]
        }
        print("similar groups at distance ≤ \(SimilarOptions.defaults.maxDistance): \(groups.count) groups, pair precision \(result.precision), recall \(result.recall)")
        // Every group is one folder's; each folder is one group, but for the one copy the shipped
        // distance misses (its 2° turn moves it 12 bits from the original and 14+ from the rest).
        let missed: Set<String> = ["htc-desire/rot2.jpg"]
        let expected = Dictionary(grouping: SimilarFixture.files.map { "\($0.folder)/\($0.name)" }.filter { !missed.contains($0) }) {
            String($0.prefix { $0 != "/" })
        }
        let found = groups.map { group in group.members.map { member in
            let file = SimilarFixture.files[Int(member.id)]
            return "\(file.folder)/\(file.name)"
        } }
        #expect(groups.count == expected.count)
        for members in found {
            let folder = String(members[0].prefix { $0 != "/" })
            #expect(Set(members) == Set(expected[folder] ?? []), "group of \(folder): \(members.sorted())")
        }
        #expect(result.precision == 1.0)
        #expect(result.recall >= 0.98)
    }

    /// How far each edit lands from its original, at most: every kind of edit stays within
    /// reach of the next-nearest copy, and far below the 16 bits of the nearest unrelated photos.
    @Test func distancesByEdit() {
        var worst: [String: Int] = [:]
        for (index, file) in SimilarFixture.files.enumerated() where file.name != "original.jpg" {
            let original = SimilarFixture.files.firstIndex { $0.folder == file.folder && $0.name == "original.jpg" }!
            let distance = Self.fingerprints[index].hash.distance(to: Self.fingerprints[original].hash)
            worst[file.name] = max(worst[file.name] ?? 0, distance)
        }
        print("largest distance from the original, by edit: \(worst.sorted { $0.key < $1.key })")
        // Resizing, recompression, PNG, the EXIF turn and brightness barely move the hash …
        for edit in ["half.jpg", "q40.jpg", "png.png", "exif6.jpg", "bright20.jpg"] { #expect(worst[edit]! <= 6, "\(edit)") }
        // … the geometric edits move it most, yet never as far as an unrelated photo.
        var nearestUnrelated = 64
        for i in Self.fingerprints.indices {
            for j in (i + 1)..<Self.fingerprints.count where SimilarFixture.files[i].folder != SimilarFixture.files[j].folder {
                nearestUnrelated = min(nearestUnrelated, Self.fingerprints[i].hash.distance(to: Self.fingerprints[j].hash))
            }
        }
        print("nearest unrelated pair: \(nearestUnrelated) bits")
        #expect(nearestUnrelated > SimilarOptions.defaults.maxDistance + 4)
        for edit in ["crop6.jpg", "shift3.jpg", "rot2.jpg"] { #expect(worst[edit]! < nearestUnrelated, "\(edit)") }
    }
}
