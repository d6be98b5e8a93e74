import Foundation
import Imaging
import Testing
@testable import Library
@testable import Scanning

/// Photos that share nothing but a lack of texture are never similar: 56 distinct flat colours,
/// skies, gradients, pages of text and dark shots (`LowTexturePhotos`), none grouped.
@Suite struct LowTextureTests {
    static let photos: [(name: String, fingerprint: PhotoFingerprint)] = LowTexturePhotos.all().map {
        ($0.name, try! PerceptualHashing.fingerprint(bytes: $0.jpeg, name: $0.name))
    }

    @Test func thereAreAtLeastFiftyOfThem() {
        #expect(Self.photos.count >= 50)
        #expect(Set(Self.photos.map(\.name)).count == Self.photos.count)
    }

    /// Turned and mirrored copies looked for too (`turns`): no photo turned matches another.
    @Test func noneIsGrouped() {
        let photos = Self.photos.enumerated().map { index, photo in
            var grouped = SimilarGrouping.Photo(id: Int64(index), hash: photo.fingerprint.hash.bits, centreHash: photo.fingerprint.centreHash.bits,
                                                detail: photo.fingerprint.detail, width: 640, height: 480, sharpness: photo.fingerprint.sharpness,
                                                size: 1, capturedEpoch: 1_600_000_000, camera: "one camera", path: Data(photo.name.utf8))
            grouped.turns = PerceptualHash.turns(of: photo.fingerprint.thumbnail).map(\.bits)
            return grouped
        }
        // All taken by one camera within a second: every pair is a candidate as a burst's frames.
        let groups = SimilarGrouping.groups(photos, maxDistance: SimilarOptions.defaults.maxDistance) { a, b, turn in
            let first = Self.photos[Int(a.id)].fingerprint.thumbnail
            return SecondLook.agrees(turn.map(first.turned) ?? first, Self.photos[Int(b.id)].fingerprint.thumbnail)
        }
        #expect(groups.isEmpty, "\(groups.map { $0.members.map { String(decoding: $0.path, as: UTF8.self) } })")
    }

    /// Stronger than no group: no pair would be taken as one picture even were its hashes equal. Each
    /// pair has a photo with too little detail to be grouped, or thumbnails that disagree.
    @Test func noPairPassesBothGates() {
        var passing: [String] = []
        for i in Self.photos.indices {
            for j in (i + 1)..<Self.photos.count {
                let a = Self.photos[i], b = Self.photos[j]
                guard a.fingerprint.detail >= SimilarGrouping.minimumDetail, b.fingerprint.detail >= SimilarGrouping.minimumDetail else { continue }
                if SecondLook.agrees(a.fingerprint.thumbnail, b.fingerprint.thumbnail) { passing.append("\(a.name) ~ \(b.name)") }
            }
        }
        #expect(passing.isEmpty, "\(passing)")
    }

    /// What gates them: flat colours, skies, gradients and dark shots have too little detail.
    @Test func onlyPagesOfTextHaveDetailEnough() {
        let detailed = Self.photos.filter { $0.fingerprint.detail >= SimilarGrouping.minimumDetail }.map(\.name)
        print("low-texture photos with detail enough to be compared: \(detailed)")
        #expect(detailed.allSatisfy { $0.hasPrefix("page") }, "\(detailed)")
        // … and most pages are striped (lines of text), so only the same page would do; the rest of them
        // disagree at the second look (`noPairPassesBothGates`).
        let striped = Self.photos.filter { $0.name.hasPrefix("page") && $0.fingerprint.thumbnail.stripes >= SecondLook.stripedAbove }
        #expect(striped.count >= 10)
    }
}
