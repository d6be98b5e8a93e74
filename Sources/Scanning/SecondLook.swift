import Foundation
import GRDB
import Imaging
import Library

/// The second look at a candidate pair of similar photos (a pair whose hashes are near, or the frames
/// of a burst: `SimilarGrouping`): their thumbnails must agree (`Thumbnail.agreement`) at least
/// `SceneAgreement.minimum`, and their fine detail at least `minimumDetailAgreement` (two parts of one sky
/// or lawn, shot seconds apart, agree as pictures but not in detail). A
/// striped picture (a page of text: `Thumbnail.stripes` at least `stripedAbove`) matches another at
/// some shift and scale whatever its words, so it must agree `stripedAgreement`: the same page.
/// Thumbnails are read from the index as pairs need them, each once.
struct SecondLook {
    static let stripedAbove = 3.5
    static let stripedAgreement = 0.95
    static let minimumDetailAgreement = 0.2

    private let statement: Statement
    private var thumbnails: [Int64: Thumbnail?] = [:]
    /// How many pairs were looked at.
    private(set) var comparisons = 0

    init(_ db: Database) throws {
        statement = try db.makeStatement(sql: "SELECT pixels FROM photoThumbnail WHERE item = ?")
    }

    /// Whether `a`, turned as `turn` says (nil: as it is), and `b` are one picture.
    mutating func agrees(_ a: SimilarGrouping.Photo, _ b: SimilarGrouping.Photo, turn: Turn? = nil) -> Bool {
        comparisons += 1
        guard let first = thumbnail(a.id), let second = thumbnail(b.id) else { return false }
        return Self.agrees(turn.map(first.turned) ?? first, second)
    }

    static func agrees(_ a: Thumbnail, _ b: Thumbnail) -> Bool {
        let striped = max(a.stripes, b.stripes) >= stripedAbove
        let agreement = a.agreement(with: b)
        return agreement.detail >= minimumDetailAgreement
            && agreement.picture >= (striped ? stripedAgreement : SceneAgreement.minimum)
    }

    private mutating func thumbnail(_ id: Int64) -> Thumbnail? {
        if let known = thumbnails[id] { return known }
        var thumbnail: Thumbnail?
        if let data = (try? Data.fetchOne(statement, arguments: [id])) ?? nil { thumbnail = Thumbnail(pixels: [UInt8](data)) }
        thumbnails[id] = thumbnail
        return thumbnail
    }
}
