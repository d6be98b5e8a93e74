import FileSystem
import Library
import Play

/// One batch of `clean pending --json` and `GET /api/v1/pending`: played, not confirmed.
package struct PendingDocument: Encodable {
    let round: Int64?
    let kind: String
    let boss: String?
    /// The boss's title, or "round".
    let title: String
    let endedAt: String
    let reviewed: Int
    let toDelete: [RawPath]
    let files: Int
    let bytes: Int64

    package static func list(_ rounds: [RoundRecord], play: PlayContext, context: AppContext) throws -> [PendingDocument] {
        try rounds.map { round in
            let deletes = try play.library.decisions(of: round.id!).filter { $0.decision == .delete }
            return PendingDocument(round: round.id, kind: round.kind.rawValue, boss: round.boss, title: title(round, context: context),
                                   endedAt: ISO8601.string(round.endedAt), reviewed: round.reviewed, toDelete: deletes.map(\.rawPath),
                                   files: deletes.count, bytes: try sizes(deletes, play: play).reduce(0, +))
        }
    }

    /// Each decision's card size: the file and the files linked to it (a Live Photo's video, a RAW's JPEG).
    package static func sizes(_ deletes: [DecisionRecord], play: PlayContext) throws -> [Int64] {
        try deletes.map { decision in
            try play.library.cardFiles(of: decision.item).map { files in files.linked.reduce(files.item.size) { $0 + $1.size } } ?? 0
        }
    }

    package static func title(_ round: RoundRecord, context: AppContext) -> String {
        round.boss.map { name in context.configuration.game.bosses.first { $0.name == name }?.title ?? name } ?? "round"
    }
}
