/// The front-end a sentence is for: the terminal names commands, the pages name their own buttons.
public enum PlayFront: Sendable {
    case terminal, web
}

extension NothingToPlay {
    /// Why there is nothing to play, worded once for both front-ends: the same reasons and the same
    /// suggestion, told as a command in the terminal and as the pages' own way in the browser (where it
    /// is an error's sentence: its parts in lower case, joined by semicolons). `scanned`: a scan has run, so
    /// "scan a folder first" would be wrong.
    public func words(scanned: Bool, on front: PlayFront) -> String {
        var parts: [String]
        switch self {
        case .allowanceUsedUp(let minutes):
            let time = minutes.map { "\($0) minutes" } ?? "time"
            parts = ["You have used today's \(time) of swiping (free tier)",
                     front == .terminal ? "It renews at midnight, and `clean config set player.tier pro` lifts the limit"
                                        : "it renews at midnight, and choosing no limits on the Settings page lifts it"]
        case .emptyQueue(let category, let suggestion):
            parts = ["No \(category.map { Words.plural(CardReason.title($0)) } ?? "candidates") to deal right now"]
            if let suggestion {
                let cards = Words.count(suggestion.cards, "card")
                parts.append(front == .terminal ? "Try `clean boss \(suggestion.boss)` (\(cards))" : "the \(suggestion.boss) boss has \(cards)")
            } else if scanned {
                parts.append(front == .terminal ? "Everything indexed is decided; scan another folder: `clean scan DIR`"
                                                : "everything indexed is decided: scan your folders again, or add a folder, on the home page")
            } else {
                parts.append(front == .terminal ? "Scan a folder first: `clean scan` (your Pictures folder) or `clean scan DIR`"
                                                : "scan a folder first, on the home page")
            }
        }
        switch front {
        case .terminal:
            return parts.map { $0 + "." }.joined(separator: " ")
        case .web:
            return parts.map { $0.prefix(1).lowercased() + $0.dropFirst() }.joined(separator: "; ")
        }
    }
}
