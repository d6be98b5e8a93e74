import Deck
import Foundation
import Game
import Library
import Play

// The play page's documents under `/api/v1/rounds`: what `RoundDriver` says, with ids and media
// addresses for the page, never a path to send back.

/// `POST /rounds`: the round, its first cards, its countdown (none for a boss) and the allowance.
struct RoundStarted: Encodable {
    let round: String
    let kind: String
    let boss: String?
    /// The boss's own title ("Double Trouble") for the page's header.
    let bossTitle: String?
    let seconds: Double?
    let allowanceSeconds: Double?
    let undosLeft: Int?
    /// The first cards of the queue; each decision's answer brings the next ones as `more`.
    let cards: [CardDocument]
    let total: Int
    let current: Int64?

    init(_ id: String, _ driver: RoundDriver, boss: String?, rules: Rules, now: Date) {
        var title = boss.flatMap { name in rules.bosses.first { $0.name == name }?.title }
        if case .weekly(let name) = driver.kind {
            title = rules.weeklyBosses.first { $0.name == name }.map { "\($0.title) · this week's boss" } ?? "This week's boss"
        }
        round = id
        kind = boss == nil ? "round" : "boss"
        self.boss = boss
        bossTitle = title
        seconds = boss == nil ? driver.limit : nil
        allowanceSeconds = driver.allowance.swipeSeconds
        undosLeft = driver.undosLeft
        cards = driver.cards.map { CardDocument($0, now: now) }
        total = driver.total
        current = driver.current?.id
    }
}

/// Where a round stands, past its header: the tallies, time and the XP estimate.
struct RoundProgress: Encodable {
    let reviewed: Int
    let deleted: Int
    let kept: Int
    let bytesToFree: Int64
    let secondsLeft: Double?
    /// Whether the round's clock is paused (the comparison of two copies is open).
    let paused: Bool
    let over: Bool
    let timeUp: Bool
    let xpEstimate: Int
    /// Why no more cards come although the queue held more (the index could not be read): null while reading works.
    let deckProblem: String?

    init(_ driver: RoundDriver) {
        let session = driver.session
        reviewed = session.decisions.count
        deleted = session.deletedCards.count
        kept = session.keptCount
        bytesToFree = driver.bytesToFree
        secondsLeft = driver.secondsLeft
        paused = driver.isPaused
        over = driver.isOver
        timeUp = driver.timeUp
        xpEstimate = driver.xpEstimate
        deckProblem = driver.deckProblem
    }
}

/// The round's state: its id, the card on the table, undos left, then `RoundProgress`'s fields.
struct RoundState: Encodable {
    let round: String
    let current: Int64?
    let undosLeft: Int?
    let progress: RoundProgress

    init(_ id: String, _ driver: RoundDriver) {
        round = id
        current = driver.current?.id
        undosLeft = driver.undosLeft
        progress = RoundProgress(driver)
    }

    private enum Keys: String, CodingKey { case round, current, undosLeft }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(round, forKey: .round)
        try c.encodeIfPresent(current, forKey: .current)
        try c.encodeIfPresent(undosLeft, forKey: .undosLeft)
        try progress.encode(to: encoder)
    }
}

/// `GET /rounds/current` for a page that lost its round (a reload, a second tab): what `start` answered
/// with the cards read so far, then the tallies, and `resumed`. `{"round": null}` when none is in play.
struct RoundResumed: Encodable {
    let started: RoundStarted?
    let progress: RoundProgress?

    static let none = RoundResumed(started: nil, progress: nil)

    private enum Keys: String, CodingKey { case round, resumed }

    func encode(to encoder: any Encoder) throws {
        guard let started, let progress else {
            var c = encoder.container(keyedBy: Keys.self)
            return try c.encodeNil(forKey: .round)
        }
        try started.encode(to: encoder)
        try progress.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(true, forKey: .resumed)
    }
}

/// A decision's answer: the state, what happened (`result`, the `card` or a `message`), and the cards
/// read from the deck since the last answer (`more`), so the page can show what comes next.
struct RoundDecided: Encodable {
    let state: RoundState
    let feedback: Feedback
    let more: [CardDocument]?

    private enum Keys: String, CodingKey { case result, card, message, more }

    func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        switch feedback {
        case .deleted(let card): try c.encode("deleted", forKey: .result); try c.encode(card.id, forKey: .card)
        case .kept(let card): try c.encode("kept", forKey: .result); try c.encode(card.id, forKey: .card)
        case .skipped(let card): try c.encode("skipped", forKey: .result); try c.encode(card.id, forKey: .card)
        case .undone(let card): try c.encode("undone", forKey: .result); try c.encode(card.id, forKey: .card)
        case .undoRefused(let message): try c.encode("undoRefused", forKey: .result); try c.encode(message, forKey: .message)
        case .refused(let message): try c.encode("refused", forKey: .result); try c.encode(message, forKey: .message)
        case .nothingToUndo: try c.encode("nothingToUndo", forKey: .result); try c.encode("nothing to undo", forKey: .message)
        case .quit: try c.encode("quit", forKey: .result)
        case .noCard: try c.encode("noCard", forKey: .result)
        }
        if let more { try c.encode(more, forKey: .more) }
    }
}

/// `GET /rounds/:round/batch`: the state and the deleted cards waiting for the confirmation.
struct RoundBatch: Encodable {
    let state: RoundState
    let cards: [CardDocument]

    private enum Keys: String, CodingKey { case cards }

    func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(cards, forKey: .cards)
    }
}

/// One card: ids and what the page shows.
struct CardDocument: Encodable {
    let id: Int64
    let kind: String
    let category: String
    let reason: String
    let size: Int64
    let folder: String
    let capturedAt: String?
    let media: String
    let name: String
    let mime: String
    let width: Int?
    let height: Int?
    /// The EXIF orientation a JPEG records (1…8; null for none or another format): for 5…8 the photo shows
    /// `height` wide and `width` tall (`width`/`height` are the stored pixels').
    let orientation: Int?
    let linked: Int
    let poster: String?
    let group: GroupDocument?

    init(_ card: Card, now: Date) {
        let item = card.item
        id = card.id
        kind = item.kind.rawValue
        category = CardReason.title(card)
        reason = CardReason.text(card, now: now, namesOnly: true)
        size = card.bytes
        folder = item.rawPath.parent.description
        capturedAt = item.capturedAt
        media = "/media/\(card.id)"
        name = String(decoding: item.rawPath.lastComponent, as: UTF8.self)
        mime = item.mime
        width = item.width
        height = item.height
        orientation = RecordedOrientation.of(item)
        linked = card.linked.count
        poster = WebApp.posterURL(item, card: card.id)
        group = card.group.map(GroupDocument.init)
    }
}

/// A group card's members, the suggested one first, with what tells them apart. `sharpness` is each
/// member's against the sharpest of the group (0…1), null where it was not measured.
struct GroupDocument: Encodable {
    struct Member: Encodable {
        let item: Int64
        let media: String
        let name: String
        let folder: String
        let size: Int64
        let width: Int?
        let height: Int?
        /// As the card's: the EXIF orientation a JPEG records, width and height swapping on screen for 5…8.
        let orientation: Int?
        let capturedAt: String?
        let format: String
        let sharpness: Double?
        let suggested: Bool
        let why: [String]
        /// What this copy has that the suggested copy lacks (`location`, `capture date`, …): what deleting it loses.
        let onlyHere: [String]
        /// `photo` or `video`: a similar video group's members are played side by side.
        let kind: String
        /// A video's length in seconds and bits per second over its file (null for a photo, or a video not sampled),
        /// and its poster frame's address (shown where the browser cannot play it).
        let duration: Double?
        let bitrate: Int?
        let poster: String?
        /// A video's start against the suggested one (its time at this copy's first frame), to play them together.
        let startsAt: Double?
    }

    let id: Int64
    let members: [Member]

    init(_ group: CardGroup) {
        let sharpest = group.members.compactMap(\.item.sharpness).max() ?? 0
        id = group.id
        members = group.members.map { member in
            let item = member.item
            return Member(item: member.id, media: "/media/\(member.id)", name: String(decoding: item.rawPath.lastComponent, as: UTF8.self),
                          folder: item.rawPath.parent.description, size: member.bytes, width: item.width, height: item.height,
                          orientation: RecordedOrientation.of(item), capturedAt: item.capturedAt, format: Self.format(item.mime),
                          sharpness: item.sharpness.map { sharpest > 0 ? $0 / sharpest : 1 }, suggested: member.suggested, why: member.why,
                          onlyHere: member.onlyHere, kind: item.kind.rawValue, duration: member.duration.map { ($0 * 1000).rounded() / 1000 },
                          bitrate: member.duration.flatMap { $0 > 0 ? Int((Double(item.size) * 8 / $0).rounded()) : nil },
                          poster: WebApp.posterURL(item, card: member.id), startsAt: member.startsAt.map { ($0 * 1000).rounded() / 1000 })
        }
    }

    /// "jpeg", "heic", "png", "quicktime": the MIME type's subtype.
    static func format(_ mime: String) -> String { String(mime.split(separator: "/").last ?? Substring(mime)) }
}
