import Foundation
import Game
import GRDB
import Library

/// A weekly boss's filter with its folder names resolved against the index's folders (`FolderIndex`), as
/// the card queues take it: a condition on `item` alone, so the index answers it without loading every item.
struct IndexedBossFilter {
    let filter: ResolvedBossFilter
    /// The path prefixes the folder names come to; nil when the filter names no folder.
    let folderPrefixes: [Data]?

    init(_ filter: ResolvedBossFilter, _ db: Database) throws {
        self.filter = filter
        let names = filter.folderNames
        folderPrefixes = names.isEmpty ? nil : try FolderIndex.prefixes(names, db)
    }

    var sql: SQLCondition { filter.sql(folderPrefixes: folderPrefixes) }
}

extension ResolvedBossFilter {
    /// The folder names without empty parts ("/WhatsApp//Media/" is "WhatsApp/Media").
    var folderNames: [String] { folders.map { $0.split(separator: "/").joined(separator: "/") }.filter { !$0.isEmpty } }

    /// The condition; a file lies under one of the folders when its path starts with one of
    /// `folderPrefixes` (a range of the path index each), or, without them, holds "/NAME/".
    func sql(folderPrefixes: [Data]?) -> SQLCondition {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if captured != nil {
            // Each capture window below names the kind (photos and videos when the filter names none).
        } else if let kind {
            conditions.append("item.kind = ?")
            arguments.append(kind.rawValue)
        } else {
            // The game deals photos and videos only: a document or a sidecar is never a card. (Not
            // `IN ('photo', 'video')`: SQLite would then walk the kind index instead of a folder's path range.)
            conditions.append("item.kind != 'other'")
        }
        if let screenshot { conditions.append(screenshot ? "item.screenshotEvidence IS NOT NULL" : "item.screenshotEvidence IS NULL") }
        if let minBytes {
            conditions.append("item.size >= ?")
            arguments.append(minBytes)
        }
        if let maxBytes {
            conditions.append("item.size <= ?")
            arguments.append(maxBytes)
        }
        if let captured {
            // Each window names the kind, the only place it is said, so each is one range of `item_tally_by_kind` (kind,
            // capturedEpoch) and SQLite reads the windows as a union of ranges: the 30 windows of "this week, years
            // ago" tested on every photo cost 1.4 s at a million files, their ranges 0.02 s.
            let kinds = kind.map { [$0.rawValue] } ?? FileKind.allCases.filter { $0 != .other }.map(\.rawValue)
            let windows = captured.flatMap { window in
                kinds.map { kind -> String in
                    var parts = ["item.kind = ?"]
                    arguments.append(kind)
                    if window.lowerBound.isFinite { parts.append("item.capturedEpoch >= ?"); arguments.append(window.lowerBound) }
                    if window.upperBound.isFinite { parts.append("item.capturedEpoch < ?"); arguments.append(window.upperBound) }
                    if parts.count == 1 { parts.append("item.capturedEpoch IS NOT NULL") }
                    return "(" + parts.joined(separator: " AND ") + ")"
                }
            }
            conditions.append(windows.isEmpty ? "0" : "(" + windows.joined(separator: " OR ") + ")")
        }
        let folders = folderNames
        if let folderPrefixes, !folders.isEmpty {
            // Each prefix ends in "/FOLDER/": the paths below it are one range of the path index.
            conditions.append(folderPrefixes.isEmpty ? "0" : "(" + folderPrefixes.map { _ in "(item.path >= ? AND item.path < ?)" }
                .joined(separator: " OR ") + ")")
            for prefix in folderPrefixes { arguments += [prefix, FolderIndex.end(of: prefix)] }
        } else if !folders.isEmpty {
            // The path's bytes hold "/FOLDER/": the folder at any depth, never a name that merely ends the same way.
            conditions.append("(" + folders.map { _ in "instr(item.path, ?) > 0" }.joined(separator: " OR ") + ")")
            arguments += folders.map { Data("/\($0)/".utf8) }
        }
        if let duplicate { conditions.append(duplicate ? CardCategory.extraCopyCondition : "NOT \(CardCategory.extraCopyCondition)") }
        if let similar { conditions.append(similar ? CardCategory.similarCopyCondition : "NOT COALESCE(\(CardCategory.similarCopyCondition), 0)") }
        // Written as `item_card_long_side` (migration v15) holds the long side of the files of a known size, so a
        // range of that index answers them: a short side of N or more has a long side of N or more too, said so
        // the index's range starts there.
        let sized = "item.width IS NOT NULL AND item.height IS NOT NULL"
        if let maxSide {
            conditions.append("(\(sized) AND max(item.width, item.height) <= ?)")
            arguments.append(maxSide)
        }
        if let minSide {
            conditions.append("(\(sized) AND max(item.width, item.height) >= ? AND min(item.width, item.height) >= ?)")
            arguments += [minSide, minSide]
        }
        return SQLCondition(conditions.joined(separator: " AND "), arguments)
    }
}
