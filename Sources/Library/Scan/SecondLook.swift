import Foundation
import GRDB
import Imaging

/// The second look at a candidate pair of similar photos: their thumbnails must agree
/// (`Thumbnail.agreement`) at least `minimumAgreement`, or `burstAgreement` for the frames of a
/// burst (the same camera, captured at most `burstSeconds` apart: the time is evidence too). A
/// striped picture (a page of text: `Thumbnail.stripes` at least `stripedAbove`) matches another at
/// some shift and scale whatever its words, so it must agree `stripedAgreement`: the same page.
/// Thumbnails are read from the index as pairs need them, each once.
struct SecondLook {
    static let minimumAgreement = 0.72
    static let burstAgreement = 0.62
    static let burstSeconds = 10.0
    static let stripedAbove = 3.5
    static let stripedAgreement = 0.95

    private let statement: Statement
    private var thumbnails: [Int64: Thumbnail?] = [:]
    /// How many pairs were looked at.
    private(set) var comparisons = 0

    init(_ db: Database) throws {
        statement = try db.makeStatement(sql: "SELECT thumbnail FROM item WHERE id = ?")
    }

    mutating func agrees(_ a: SimilarGrouping.Photo, _ b: SimilarGrouping.Photo) -> Bool {
        comparisons += 1
        guard let first = thumbnail(a.id), let second = thumbnail(b.id) else { return false }
        return Self.agrees(first, second, burst: Self.isBurst(a, b))
    }

    static func agrees(_ a: Thumbnail, _ b: Thumbnail, burst: Bool) -> Bool {
        let striped = max(a.stripes, b.stripes) >= stripedAbove
        return a.agreement(with: b) >= (striped ? stripedAgreement : burst ? burstAgreement : minimumAgreement)
    }

    /// The same camera (both name it) and capture times at most `burstSeconds` apart.
    static func isBurst(_ a: SimilarGrouping.Photo, _ b: SimilarGrouping.Photo) -> Bool {
        guard let x = a.capturedEpoch, let y = b.capturedEpoch, let camera = a.camera, camera == b.camera else { return false }
        return abs(x - y) <= burstSeconds
    }

    private mutating func thumbnail(_ id: Int64) -> Thumbnail? {
        if let known = thumbnails[id] { return known }
        var thumbnail: Thumbnail?
        if let data = (try? Data.fetchOne(statement, arguments: [id])) ?? nil { thumbnail = Thumbnail(pixels: [UInt8](data)) }
        thumbnails[id] = thumbnail
        return thumbnail
    }
}
