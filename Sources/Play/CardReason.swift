import Deck
import Foundation
import FileSystem
import Imaging
import Library

/// Why a card was dealt, in the words both front-ends show: "duplicate of /…/a.jpg (kept)",
/// "screenshot (iOS screen size)", "412.3 MB video", "taken 2019-07-14, 6 years old".
public enum CardReason {
    /// The card's category as a noun: "duplicate", "big video", "screenshot", "old photo", "other file". The one
    /// place a category is worded: its plural labels the report's rows and the batch summary's, and names what a
    /// boss deals in the home's suggestion.
    public static func title(_ category: CardCategory) -> String {
        switch category {
        case .duplicates: "duplicate"
        case .similar: "similar photo"
        case .bigVideos: "big video"
        case .screenshots: "screenshot"
        case .oldPhotos: "old photo"
        case .badShots: "bad shot"
        case .other: "other file"
        }
    }

    /// A card's category as a noun, a similar video's own: "similar video" (its group is of videos only).
    public static func title(_ card: Card) -> String {
        card.category == .similar && card.item.kind == .video ? "similar video" : title(card.category)
    }

    /// The reason line; `now` dates an old photo's age. `namesOnly` names the kept copy by its file
    /// name alone (the web card, where the folder is shown apart).
    public static func text(_ card: Card, now: Date, namesOnly: Bool = false) -> String {
        if let group = card.group {
            let what = card.category == .duplicates ? "copies, byte for byte the same" : Words.plural(title(card))
            // The web card shows the suggested member and a strip of all of them, marked to keep or not.
            if namesOnly {
                return "\(group.members.count) \(what): mark the ones to keep (★ is suggested); delete moves the unmarked, keep keeps all"
            }
            return "\(group.members.count) \(what): choose which stay"
        }
        let own = ownText(card, now: now, namesOnly: namesOnly)
        guard let copies = card.copies else { return own }
        return own + "; " + copiesText(copies, namesOnly: namesOnly, besideIn: card.item.rawPath.parent)
    }

    /// What a delete does to a card that has copies: "2 copies: here and /…/Backup/a.jpg; delete moves this
    /// copy only", or "its other copy is in the trash: this is the last copy; delete moves it too".
    /// `namesOnly` names each other copy by its folder (the web card shows the file's own apart), or by its file
    /// name when it is in the card's own folder `besideIn` (a burst's frames side by side).
    public static func copiesText(_ copies: Card.Copies, namesOnly: Bool = false, besideIn folder: RawPath? = nil) -> String {
        let noun = copies.kind == .duplicates ? "copy" : "similar photo"
        let place = { (item: ItemRecord) in
            guard namesOnly else { return item.rawPath.description }
            return item.rawPath.parent == folder ? String(decoding: item.rawPath.lastComponent, as: UTF8.self) : item.rawPath.parent.description
        }
        if !copies.elsewhere.isEmpty {
            let shown = copies.elsewhere.prefix(2).map(place).joined(separator: ", ")
            let more = copies.elsewhere.count > 2 ? " and \(copies.elsewhere.count - 2) more" : ""
            return copies.kind == .duplicates
                ? "\(copies.elsewhere.count + 1) copies: here and \(shown)\(more); delete moves this copy only"
                : "similar to \(shown)\(more), which stay; delete moves this photo only"
        }
        let other = copies.leaving == 1 ? "its other \(noun) is" : "its \(copies.leaving) other \(noun == "copy" ? "copies" : "similar photos") are"
        return "\(other) in the trash: this is the last one; delete moves it too"
    }

    private static func ownText(_ card: Card, now: Date, namesOnly: Bool) -> String {
        switch card.category {
        case .duplicates:
            return card.twin.map { twin in
                "duplicate of \(namesOnly ? String(decoding: twin.rawPath.lastComponent, as: UTF8.self) : twin.rawPath.description) (kept)"
            } ?? "duplicate copy"
        case .similar:
            return card.twin.map { twin in
                "similar to \(namesOnly ? String(decoding: twin.rawPath.lastComponent, as: UTF8.self) : twin.rawPath.description) (kept)"
            } ?? title(card)
        case .bigVideos:
            return "\(ByteCount.human(card.item.size)) video"
        case .screenshots:
            return "screenshot (\(card.item.screenshotEvidence ?? "detected"))"
        case .oldPhotos:
            guard let epoch = card.item.capturedEpoch else { return "old photo" }
            let years = Int(now.timeIntervalSince1970 - epoch) / 31_557_600
            let age = "\(years) year\(years == 1 ? "" : "s") old"
            guard let taken = card.item.capturedAt?.prefix(10), taken.count == 10 else { return age }
            return "taken \(taken), \(age)"
        case .badShots:
            return badShotText(card.item)
        case .other:
            return "candidate"
        }
    }

    /// Why a photo is a bad shot, in words: "out of focus: even its sharpest part is soft",
    /// "almost black: 96 % of it is darker than the shadows".
    public static func badShotText(_ item: ItemRecord) -> String {
        let percent = { (share: Double?) in "\(Int(((share ?? 0) * 100).rounded())) %" }
        switch item.shownBadShot {
        case .blurry:
            let focus = item.shotFocus ?? 0
            if let sharpest = item.shotSofterThan, sharpest > 0 {
                let share = Int((focus / sharpest * 100).rounded())
                return "blurry beside its neighbours: a similar photo taken with it is sharp, and this one is only \(share) % as sharp"
            }
            // Which rule, at the default limits (a stricter config's verdict that they do not make reads as out of focus).
            switch item.shotQuality.flatMap({ BadShot.blur($0) }) {
            case .shaken:
                return "shaken: its edges are \(percent(item.shotAnisotropy)) fainter along one direction than across it (the camera moved)"
            case .smeared:
                return "smeared: at least three quarters of the frame are equally soft (the camera moved or missed the focus)"
            case .outOfFocus, nil:
                break
            }
            return "out of focus: the sharpest part of this photo is softer than \(percent(BadShot.sharperShare(than: focus))) of sharp photos"
        case .dark:
            // A dim frame (a few pixels brighter, the rest dark but not black) is told by its brightest part.
            if (item.shotDark ?? 1) < 0.5, let brightest = item.shotBrightest {
                return "almost black: even its brightest part is only \(percent(Double(brightest) / 255)) grey, with no light in it"
            }
            return "almost black: \(percent(item.shotDark)) of it is darker than the shadows"
        case .overexposed: return "washed out: \(percent(item.shotBright)) of it is pure white"
        case .accidental:
            if (item.shotDark ?? 1) < 0.5 { return "taken by accident: dark all over, with nothing in it to see" }
            return "taken by accident: \(percent(item.shotDark)) of it is black, with nothing in it to see"
        case nil: return "bad shot"
        }
    }
}

/// Sizes as people read them.
public enum ByteCount {
    /// 1,023 B, 1.5 KB, 412.3 MB, 3.1 GB (decimal units, as file managers show).
    public static func human(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while abs(value) >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    /// Progress toward a target in the target's unit, written once: "0.3/100.0 MB", "0/500 B".
    public static func pair(_ progress: Int64, of target: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var scale = 1.0
        var unit = 0
        while Double(abs(target)) / scale >= 1000 && unit < units.count - 1 {
            scale *= 1000
            unit += 1
        }
        if unit == 0 { return "\(progress)/\(target) B" }
        return String(format: "%.1f/%.1f ", Double(progress) / scale, Double(target) / scale) + units[unit]
    }
}
