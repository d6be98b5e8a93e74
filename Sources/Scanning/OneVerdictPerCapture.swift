import Foundation
import GRDB
import Imaging
import Keeping
import Library

/// Copies of one capture share one bad-shot verdict: in a similar group, of the copies of one capture (the same camera
/// capture time, or a copy without one), a copy no sharper than the fullest (the most pixels, then the highest JPEG
/// quality) takes its bad-shot verdict, and a copy no softer than a fullest that is a keeper is a keeper
/// (`KeeperRule.isSofter`), so a half-size copy or a crop whose measures fell a hair under a limit is not a keeper
/// beside its blurry original, nor a re-save a bad shot beside its sharp original. The keep rule never suggests a bad shot over a keeper (`KeeperRule`), so verdicts that
/// differ only by a measure's noise would pick a lesser copy. A copy measurably softer keeps its own verdict (a soft
/// export beside its sharp original is the bad shot it is), and so does one blurry beside its neighbours, and one
/// never measured at the fullest's size (two small copies of other sizes: a shaken 480×360 frame beside a sharp
/// 640×480 one stays the bad shot its own measures say).
///
/// Made again with each grouping: the verdicts taken last time (`item.shotAsCopyOf`, migration v26) are first judged
/// again from each photo's own measures.
enum OneVerdictPerCapture {
    private struct Copy {
        let facts: CopyFacts
        let verdict: String?
        var id: Int64 { facts.id }
        var pixels: Int { facts.pixels }
        var quality: Int { facts.jpegQuality ?? 100 }
    }

    /// Gives each photo that took another copy's verdict its own again (before the groups are made again).
    static func undo(limits: BadShot.Limits?, _ db: Database) throws {
        let own = try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE shotAsCopyOf IS NOT NULL")
        let restore = try db.cachedStatement(sql: "UPDATE item SET badShot = ?, shotAsCopyOf = NULL WHERE id = ?")
        for item in own {
            let verdict = item.shotQuality.flatMap { q in limits.flatMap { BadShot.judge(q, limits: $0) } }
            try restore.execute(arguments: [verdict?.rawValue, item.id])
        }
    }

    /// Gives the copies of one capture in each similar group the verdict of the fullest (after `undo`, and after
    /// `SofterThanNeighbours` marked the soft frames).
    static func share(limits: BadShot.Limits?, _ db: Database) throws {
        guard limits != nil else { return }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, similarGroup, width, height, jpegQuality, capturedEpoch, dateSource, fineDetail, fineDetailDecode,
                   fineDetailSide, badShot FROM item
            WHERE similarGroup IS NOT NULL AND shotSofterThan IS NULL AND shotMedian IS NOT NULL
            """)
        var groups: [Int64: [Copy]] = [:]
        while let row = try rows.next() {
            let source: String? = row[6]
            let camera = source != nil && source != "mtime" && source != "filename"
            let side: Int? = row[9]
            let facts = CopyFacts(id: row[0], path: Data(), width: row[2] ?? 0, height: row[3] ?? 0, mime: "", jpegQuality: row[4],
                                  capturedEpoch: row[5], cameraTime: camera,
                                  detail: side.map { CopyDetail(frame: row[7], decode: row[8], side: $0) })
            groups[row[1], default: []].append(Copy(facts: facts, verdict: row[10]))
        }
        let take = try db.cachedStatement(sql: "UPDATE item SET badShot = ?, shotAsCopyOf = ? WHERE id = ?")
        for members in groups.values where members.count > 1 {
            var captures: [Double?: [Copy]] = [:]
            for copy in members { captures[copy.facts.cameraTime ? copy.facts.capturedEpoch : nil, default: []].append(copy) }
            for (capture, copies) in captures {
                // A copy without a camera time may be a copy of any capture of the group: of the one it stands beside.
                let all = capture == nil ? copies : copies + (captures[nil] ?? [])
                guard let fullest = all.max(by: { ($0.pixels, $0.quality, -$0.id) < ($1.pixels, $1.quality, -$1.id) }),
                      fullest.facts.detail != nil else { continue }
                for copy in all where copy.id != fullest.id && copy.verdict != fullest.verdict {
                    // Copies never measured at one size keep their own verdicts: "no softer" is not known.
                    guard let mine = copy.facts.detail, let theirs = fullest.facts.detail, mine.isComparable(with: theirs) else { continue }
                    let takes = fullest.verdict != nil
                        ? !KeeperRule.isSofter(fullest.facts, than: copy.facts)   // no sharper than a bad shot: the same bad shot
                        : !KeeperRule.isSofter(copy.facts, than: fullest.facts)   // no softer than a keeper: a keeper
                    if takes { try take.execute(arguments: [fullest.verdict, fullest.id, copy.id]) }
                }
            }
        }
    }
}
