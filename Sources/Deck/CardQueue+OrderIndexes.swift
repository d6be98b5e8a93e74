import Foundation
import Game
import GRDB
import Library

/// The indexes the card queues read (named, so SQLite never plans a million-row sort) and how a queue names them.
extension CardQueue {
    /// Where the cards come from: the item, through `index` when named. Every condition of a queue reads the
    /// row alone (migration v8), so a count joins nothing; the cards' select joins `g`, their duplicate group.
    static func source(indexedBy index: String? = nil) -> String {
        "FROM item" + (index.map { " INDEXED BY \($0)" } ?? "")
    }

    /// `index` when the database has it. A cold scan builds the queues' indexes last (`DeferredIndexes`):
    /// a queue read meanwhile, by another `clean` during that scan, is planned by SQLite without it
    /// instead of failing with "no such index".
    static func existing(_ index: String?, _ db: Database) throws -> String? {
        guard let index else { return nil }
        let present = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)",
                                        arguments: [index]) ?? false
        return present ? index : nil
    }

    /// The index each stretch of the standard order walks (migrations v7 and v8): already sorted by card size, so
    /// nothing is sorted; named, so SQLite never prefers a counting index and sorts a million rows instead.
    static let orderIndex: [CardCategory: String] = [
        .duplicates: "item_card_extra_copies", .similar: "item_card_similar", .bigVideos: "item_card_by_kind",
        .screenshots: "item_card_screenshots", .oldPhotos: "item_card_by_kind", .badShots: "item_card_bad_shots",
    ]

    /// The covering index a round's total is counted from (migration v8).
    static let roundTallyIndex = "item_tally_by_kind"
}
