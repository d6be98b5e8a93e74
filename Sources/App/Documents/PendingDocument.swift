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

    package init(_ batch: PendingBatch) {
        round = batch.round.id
        kind = batch.round.kind.rawValue
        boss = batch.round.boss
        title = batch.title
        endedAt = ISO8601.string(batch.round.endedAt)
        reviewed = batch.round.reviewed
        toDelete = batch.deletes.map(\.rawPath)
        files = batch.deletes.count
        bytes = batch.bytes
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
