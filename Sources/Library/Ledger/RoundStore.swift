import Foundation
import Game
import GRDB

/// Rounds and their decisions: what the player chose, kept until the moves are credited.
extension LibraryDatabase {
    /// Stores a played round, its decisions and the group cards it kept whole in one transaction; returns
    /// the round with its id.
    public func record(_ round: RoundRecord, decisions: [DecisionRecord], keptWhole: [KeptWholeGroup] = []) throws -> RoundRecord {
        try write { db in
            var round = round
            try round.insert(db)
            for var decision in decisions {
                decision.round = round.id!
                try decision.insert(db)
            }
            for group in keptWhole { try group.mark(at: round.endedAt, db) }
            return round
        }
    }

    public func round(_ id: Int64) throws -> RoundRecord? {
        try read { db in try RoundRecord.fetchOne(db, key: id) }
    }

    public func rounds(_ status: RoundRecord.Status) throws -> [RoundRecord] {
        try read { db in
            try RoundRecord.filter(Column("status") == status.rawValue).order(Column("id")).fetchAll(db)
        }
    }

    public func decisions(of round: Int64) throws -> [DecisionRecord] {
        try read { db in try DecisionRecord.filter(Column("round") == round).order(Column("id")).fetchAll(db) }
    }

    /// Moves a round from one status to another; false when it was not in `from` (someone else moved it).
    public func transition(_ round: Int64, from: RoundRecord.Status, to: RoundRecord.Status) throws -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE round SET status = ? WHERE id = ? AND status = ?",
                           arguments: [to.rawValue, round, from.rawValue])
            return db.changesCount == 1
        }
    }

    /// Settles a round in ONE transaction: `body` gets the profile (a new player's if none is
    /// stored), the round and its moved files, and returns the round's final numbers and which
    /// files earned XP; the profile, the round and every file's credit are written together, so a
    /// crash can neither credit twice nor lose a credit. Nothing happens if the round is already settled.
    public func settle<Outcome>(
        _ roundID: Int64, at now: Date, newPlayer: @autoclosure () -> Profile,
        _ body: (inout Profile, RoundRecord, _ moved: [TrashedRecord], _ creditedBefore: Set<String>) throws -> (RoundRecord, earnedXP: Set<Int64>, Outcome)
    ) throws -> Outcome? {
        try write { db in
            guard let round = try RoundRecord.fetchOne(db, key: roundID), round.status == .moving || round.status == .pending else {
                return nil
            }
            var profile = try Self.storedProfile(db) ?? newPlayer()
            let moved = try TrashedRecord.filter(Column("round") == roundID && Column("state") == "done").order(Column("id")).fetchAll(db)
            let keys = moved.compactMap(\.contentKey)
            let before = keys.isEmpty ? [] : Set(try String.fetchAll(db, sql: """
                SELECT DISTINCT contentKey FROM trashed WHERE earnedXP AND round != ? AND contentKey IN (\(keys.map { _ in "?" }.joined(separator: ",")))
                """, arguments: StatementArguments([roundID] + keys)))
            var (settled, earned, outcome) = try body(&profile, round, moved, before)
            settled.settledAt = now
            try settled.update(db)
            for var file in moved {
                file.credited = true
                file.earnedXP = earned.contains(file.id!)
                try file.update(db)
            }
            try Self.save(profile, at: now, db)
            return outcome
        }
    }
}
