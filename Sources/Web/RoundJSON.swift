import Foundation
import Game
import Library
import Play

/// The round's JSON for the play page: what `RoundDriver` says, as `/api/v1/rounds` documents.
enum RoundJSON {
    /// `POST /rounds`: the round, its cards, its countdown (none for a boss) and the allowance.
    /// `rules` name the boss's own title ("Double Trouble") for the page's header.
    static func started(_ id: String, _ driver: RoundDriver, boss: String?, rules: Rules, now: Date) -> [String: Any] {
        var title = boss.flatMap { name in rules.bosses.first { $0.name == name }?.title }
        if case .weekly(let name) = driver.kind {
            title = rules.weeklyBosses.first { $0.name == name }.map { "\($0.title) · this week's boss" } ?? "This week's boss"
        }
        return [
            "round": id, "kind": boss == nil ? "round" : "boss", "boss": boss as Any? ?? NSNull(),
            "bossTitle": title as Any? ?? NSNull(),
            "seconds": boss == nil ? driver.limit as Any? ?? NSNull() : NSNull(),
            "allowanceSeconds": driver.allowance.swipeSeconds as Any? ?? NSNull(),
            "undosLeft": driver.undosLeft as Any? ?? NSNull(),
            // The first cards of the queue; each decision's answer brings the next ones as `more`.
            "cards": driver.cards.map { card($0, now: now) }, "total": driver.total,
            "current": driver.current.map { $0.id as Any } ?? NSNull(),
        ]
    }

    /// One card: ids and what the page shows, never a path to send back.
    static func card(_ card: Card, now: Date) -> [String: Any] {
        let item = card.item
        return [
            "id": card.id, "kind": item.kind.rawValue, "category": CardReason.title(card.category),
            "reason": CardReason.text(card, now: now, namesOnly: true), "size": card.bytes,
            "folder": item.rawPath.parent.description, "capturedAt": item.capturedAt as Any? ?? NSNull(),
            "media": "/media/\(card.id)", "name": String(decoding: item.rawPath.lastComponent, as: UTF8.self),
            "mime": item.mime, "width": item.width as Any? ?? NSNull(), "height": item.height as Any? ?? NSNull(),
            "linked": card.linked.count, "poster": WebApp.posterURL(item, card: card.id) as Any? ?? NSNull(),
            "group": card.group.map(group) as Any? ?? NSNull(),
        ]
    }

    /// A group card's members, the suggested one first, with what tells them apart. `sharpness` is each
    /// member's against the sharpest of the group (0…1), null where it was not measured.
    static func group(_ group: CardGroup) -> [String: Any] {
        let sharpest = group.members.compactMap(\.item.sharpness).max() ?? 0
        return [
            "id": group.id,
            "members": group.members.map { member -> [String: Any] in
                let item = member.item
                return [
                    "item": member.id, "media": "/media/\(member.id)",
                    "name": String(decoding: item.rawPath.lastComponent, as: UTF8.self), "folder": item.rawPath.parent.description,
                    "size": member.bytes, "width": item.width as Any? ?? NSNull(), "height": item.height as Any? ?? NSNull(),
                    "capturedAt": item.capturedAt as Any? ?? NSNull(), "format": format(item.mime),
                    "sharpness": item.sharpness.map { sharpest > 0 ? $0 / sharpest : 1 } as Any? ?? NSNull(),
                    "suggested": member.suggested, "why": member.why, "onlyHere": member.onlyHere,
                ]
            },
        ]
    }

    /// "jpeg", "heic", "png", "quicktime": the MIME type's subtype.
    static func format(_ mime: String) -> String { String(mime.split(separator: "/").last ?? Substring(mime)) }

    /// Where the round stands: the card on the table, the tallies, undos, time and the XP estimate.
    static func state(_ id: String, _ driver: RoundDriver) -> [String: Any] {
        let session = driver.session
        return [
            "round": id, "current": driver.current.map { $0.id as Any } ?? NSNull(),
            "reviewed": session.decisions.count, "deleted": session.deletedCards.count, "kept": session.keptCount,
            "bytesToFree": driver.bytesToFree, "undosLeft": driver.undosLeft as Any? ?? NSNull(),
            "secondsLeft": driver.secondsLeft as Any? ?? NSNull(), "over": driver.isOver, "timeUp": driver.timeUp,
            "xpEstimate": driver.xpEstimate,
            // Why no more cards come although the queue held more (the index could not be read): null while reading works.
            "deckProblem": driver.deckProblem as Any? ?? NSNull(),
        ]
    }

    /// A decision's answer: the state plus what happened.
    static func decided(_ feedback: Feedback, state: [String: Any]) -> [String: Any] {
        var answer = state
        switch feedback {
        case .deleted(let c): answer["result"] = "deleted"; answer["card"] = c.id
        case .kept(let c): answer["result"] = "kept"; answer["card"] = c.id
        case .skipped(let c): answer["result"] = "skipped"; answer["card"] = c.id
        case .undone(let c): answer["result"] = "undone"; answer["card"] = c.id
        case .undoRefused(let message): answer["result"] = "undoRefused"; answer["message"] = message
        case .refused(let message): answer["result"] = "refused"; answer["message"] = message
        case .nothingToUndo: answer["result"] = "nothingToUndo"; answer["message"] = "nothing to undo"
        case .quit: answer["result"] = "quit"
        case .noCard: answer["result"] = "noCard"
        }
        return answer
    }

    /// `round --json`'s object plus what the round-end screen shows: the XP part by part (then the streak's and any event's multiplier), the level title, freezes left.
    static func withBreakdown(_ json: String, report: RoundReport) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else { return json }
        let parts = report.breakdown
        object["breakdown"] = [
            "files": parts.files, "round": parts.round, "size": parts.size, "boss": parts.boss,
            "challenges": report.challengeXP, "multiplier": report.multiplier, "event": report.eventMultiplier,
        ]
        object["levelTitle"] = report.levelTitle
        object["freezesLeft"] = report.freezesLeft
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return json }
        return String(decoding: data, as: UTF8.self)
    }
}
