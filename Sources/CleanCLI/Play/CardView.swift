import Deck
import FileSystem
import Foundation
import Library
import Media
import Play

/// A card as text: what the file is, why it is a candidate, and the running tally.
enum CardView {
    static func render(_ card: Card, number: Int, total: Int, session: RoundSession, secondsLeft: Double?, thresholds: Thresholds, now: Date) -> String {
        var lines = ["── card \(number) of \(total) · \(CardReason.title(card)) " + String(repeating: "─", count: max(0, 40 - CardReason.title(card).count))]
        lines += describe(card, thresholds: thresholds, now: now).map { "  " + $0 }
        var tally = "  deleted \(session.deletedCards.count) · \(humanBytes(session.bytesToFree)) to free"
        if let secondsLeft { tally += " · \(Int(secondsLeft.rounded(.up))) s left" }
        lines.append(tally)
        // A group card's keys on two lines, to fit 80 columns.
        lines += card.group == nil ? ["  [d] delete  [k] keep  [s] skip  [u] undo  [q] quit"]
            : ["  [d] keep 1, delete the others  [k] keep all  [keep 2 3] keep those", "  [s] skip  [u] undo  [q] quit"]
        return lines.joined(separator: "\n")
    }

    /// The card's own lines: name, folder, facts (kind, size, capture date and its source, dimensions,
    /// camera), why it is a candidate, and the files that go with it.
    static func describe(_ card: Card, thresholds: Thresholds, now: Date) -> [String] {
        if let group = card.group { return describe(group, card: card, now: now) }
        let item = card.item
        var lines = [name(card), "in \(item.rawPath.parent)", facts(card).joined(separator: " · "),
                     "why: " + escapingControlCharacters(reason(card, thresholds: thresholds, now: now))]
        if !card.linked.isEmpty {
            lines.append("with: " + card.linked.map { "\(RawPath(bytes: $0.rawPath.lastComponent)) (\(humanBytes($0.size)))" }.joined(separator: ", "))
        }
        return lines
    }

    /// A group card: why, then every member numbered (the suggested one first, starred) with what sets it apart.
    /// `marked`: on a terminal, the members marked to keep, shown as "keep" beside their number.
    static func describe(_ group: CardGroup, card: Card, now: Date, marked: Set<Int64>? = nil) -> [String] {
        var lines = ["why: " + CardReason.text(card, now: now)]
        for (index, member) in group.members.enumerated() {
            let item = member.item
            var facts = [humanBytes(member.bytes)]
            if let w = item.width, let h = item.height { facts.append("\(w)×\(h)") }
            if let date = item.capturedAt { facts.append(String(date.prefix(10))) }
            if let sharpness = item.sharpness { facts.append(String(format: "sharpness %.0f", sharpness)) }
            let note = member.suggested ? "suggested" + (member.why.isEmpty ? "" : ": " + member.why.joined(separator: ", "))
                                        : member.why.joined(separator: ", ")
            let mark = marked.map { $0.contains(member.id) ? "[keep] " : "[    ] " } ?? ""
            lines.append("\(index + 1) \(member.suggested ? "★" : " ") \(mark)\(RawPath(bytes: item.rawPath.lastComponent))  in \(item.rawPath.parent)")
            // Within the screen's 80 columns: the note on a line of its own when it does not fit beside the facts.
            let line = "      " + (facts + (note.isEmpty ? [] : [note])).joined(separator: " · ")
            lines += line.count <= Style.columns ? [line] : ["      " + facts.joined(separator: " · ")] + wrapped(note, indent: "      ")
            if let loses = OnlyHere.sentence(member.onlyHere, position: index + 1) { lines.append("      " + loses) }
        }
        return lines.map(escapingControlCharacters)
    }

    /// What a delete on a group card did: "2 of 3, keep 3 · 676.0 KB" (nil for a card of one file).
    static func groupOutcome(_ card: Card, session: RoundSession) -> String? {
        guard let group = card.group, let kept = session.keptMembers(of: card) else { return nil }
        let positions = group.members.indices.filter { kept.contains(group.members[$0].id) }.map { String($0 + 1) }
        let freed = group.members.filter { !kept.contains($0.id) }.reduce(Int64(0)) { $0 + $1.bytes }
        return "\(group.members.count - kept.count) of \(group.members.count), keep \(positions.joined(separator: " ")) · \(humanBytes(freed))"
    }

    static func name(_ card: Card) -> String { RawPath(bytes: card.item.rawPath.lastComponent).description }

    static func facts(_ card: Card) -> [String] {
        let item = card.item
        var facts = ["\(item.kind.rawValue)", humanBytes(card.bytes)]
        if item.kind.rawValue == "video", let seconds = MovieDuration.seconds(of: item.rawPath) { facts.insert(MovieDuration.text(seconds), at: 1) }
        if let date = item.capturedAt { facts.append("\(date) (\(item.dateSource.rawValue))") }
        if let w = item.width, let h = item.height { facts.append("\(w)×\(h)") }
        let camera = [item.cameraMake, item.cameraModel].compactMap { $0 }.joined(separator: " ")
        if !camera.isEmpty { facts.append(escapingControlCharacters(camera)) }  // EXIF text is untrusted too
        return facts
    }

    static func title(_ category: CardCategory) -> String { CardReason.title(category) }

    static func reason(_ card: Card, thresholds: Thresholds, now: Date) -> String { CardReason.text(card, now: now) }
}
