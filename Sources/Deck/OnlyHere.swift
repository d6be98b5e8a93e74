import Foundation
import Keeping
import Library

/// What a group member holds that the suggested copy lacks: what deleting it would lose (`GroupMember.onlyHere`).
/// The words, in this order: `location` (its EXIF names where it was taken), `capture date` (the camera's own
/// time, not one guessed from the name or the file), `camera` (make or model), `live photo video` and
/// `sidecar` (a file that goes with it and would go with it), `higher resolution` (more pixels), `more footage` (a
/// video longer than the suggested one, which is then a trimmed copy of it), `edits`.
///
/// `edits` is a change made to the picture that the suggested copy does not show: the copy's name says it
/// was edited ("edited", as Google Photos and many editors name an export, or Apple's `IMG_E1234`), or its
/// brightness is shifted from the group's (the keep rule's `edit` signal). A re-save or a crop is not an
/// edit a person made to keep: it is what the rule's own words ("re-saved at quality 40", "cropped") say.
///
/// A copy byte for byte the suggested one (the same content hash, or a hard link to one file) never differs
/// in what its pixels and EXIF hold: it can have only what lies beside it, a Live Photo's video or a sidecar.
/// A fact the index does not know (`hasLocation` nil: indexed before it was read) is never claimed.
public enum OnlyHere {
    public static let location = Knowledge.location
    public static let captureDate = Knowledge.captureDate
    public static let camera = Knowledge.camera
    public static let livePhotoVideo = Knowledge.livePhotoVideo
    public static let sidecar = Knowledge.sidecar
    public static let higherResolution = "higher resolution"
    public static let moreFootage = "more footage"
    public static let edits = "edits"

    /// What `member` has that `suggested` lacks, in the order above; `[]` for the suggested copy itself.
    static func of(_ member: ItemRecord, against suggested: ItemRecord, facts: (member: CopyFacts, suggested: CopyFacts),
                   looks: KeeperRule.Looks, context: KeeperRule.Context) -> [String] {
        guard member.id != suggested.id else { return [] }
        let companions = { (item: ItemRecord) in item.id.flatMap { looks.companions[$0] } ?? [] }
        let theirs = Set(KeeperRule.knowledge(facts.suggested, companions: companions(suggested)))
        var mine = KeeperRule.knowledge(facts.member, companions: companions(member)).filter { !theirs.contains($0) }
        let sameBytes = (member.contentHash != nil && member.contentHash == suggested.contentHash && member.size == suggested.size)
            || (member.device == suggested.device && member.inode == suggested.inode)
        if sameBytes { return mine.filter { $0 == livePhotoVideo || $0 == sidecar } }
        // A location never known for the suggested copy (indexed before it was read) is not claimed either.
        if suggested.hasLocation == nil { mine.removeAll { $0 == location } }
        if (member.width ?? 0) * (member.height ?? 0) > (suggested.width ?? 0) * (suggested.height ?? 0) { mine.append(higherResolution) }
        if KeeperRule.trimmed(facts.suggested, longest: facts.member.duration) { mine.append(moreFootage) }
        if isEdited(member, context) && !isEdited(suggested, context) {
            mine.append(edits)
        }
        return mine
    }

    /// The copy's name says it was edited, or its brightness is shifted from the group's.
    static func isEdited(_ item: ItemRecord, _ context: KeeperRule.Context) -> Bool {
        let name = String(decoding: item.rawPath.lastComponent, as: UTF8.self)
        if name.lowercased().contains("edited") || name.range(of: #"^IMG_E\d{4}"#, options: .regularExpression) != nil { return true }
        let shift = item.id.flatMap { context.shift[$0] } ?? 0
        return abs(shift) >= KeeperRule.editShift
    }

    /// The terminal card's sentence for a member ("copy 2 knows where it was taken; deleting it loses that"),
    /// nil when it holds nothing the suggested copy lacks.
    public static func sentence(_ words: [String], position: Int) -> String? {
        guard !words.isEmpty else { return nil }
        let phrases = words.map { word -> String in
            switch word {
            case location: "knows where it was taken"
            case captureDate: "knows when it was taken"
            case camera: "names the camera"
            case livePhotoVideo: "has the Live Photo's video"
            case sidecar: "has a sidecar file"
            case higherResolution: "has more pixels"
            case moreFootage: "is longer (the kept copy is trimmed)"
            case edits: "holds an edit"
            default: "has its \(word)"
            }
        }
        let list = phrases.count == 1 ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
        return "copy \(position) \(list); deleting it loses that"
    }
}
