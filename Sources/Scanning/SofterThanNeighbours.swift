import GRDB
import Imaging

/// Blurry beside its neighbours: in a similar group (a burst, the same moment taken again), a photo much softer
/// than the sharpest of the others is called blurry for that reason (`BadShot.softerThanNeighbours`), though its
/// own measures would not say so. Made again with each grouping: the verdicts of the last one are unmade first.
enum SofterThanNeighbours {
    private struct Member {
        let id: Int64
        let focus: Double
        let textured: Double
        let judged: Bool
    }

    /// Marks the photos softer than their group's sharpest (`limits` nil: bad shots are off, none is marked).
    static func mark(limits: BadShot.Limits?, _ db: Database) throws {
        try db.execute(sql: "UPDATE item SET badShot = NULL, shotSofterThan = NULL WHERE shotSofterThan IS NOT NULL")
        guard let limits else { return }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, similarGroup, shotFocus, shotTextured, badShot IS NOT NULL FROM item
            WHERE similarGroup IS NOT NULL AND shotFocus IS NOT NULL AND shotTextured IS NOT NULL
            """)
        var groups: [Int64: [Member]] = [:]
        while let row = try rows.next() {
            groups[row[1], default: []].append(Member(id: row[0], focus: row[2], textured: row[3], judged: row[4]))
        }
        let mark = try db.cachedStatement(sql: "UPDATE item SET badShot = ?, shotSofterThan = ? WHERE id = ?")
        for members in groups.values where members.count > 1 {
            // The two sharpest that hold texture enough: each member is weighed against the sharpest other than itself
            // (linear in the group: a burst of 250 frames is 250 looks, not 62,000).
            let judged = members.filter { $0.textured >= limits.texturedShare }.sorted { $0.focus > $1.focus }.prefix(2)
            for member in members where !member.judged {
                let sharpest = judged.first { $0.id != member.id }?.focus
                guard let sharpest,
                      BadShot.softerThanNeighbours(focus: member.focus, textured: member.textured, sharpest: sharpest, limits: limits)
                else { continue }
                try mark.execute(arguments: [BadShot.blurry.rawValue, sharpest, member.id])
            }
        }
    }
}
