import FileSystem
import Foundation
import Imaging

/// The one keep rule: which copy of a group (a duplicate group's copies, a similar group's photos) stays. The scan
/// records it as the group's kept copy (`keptItem`, `similarGroup`) and the group card suggests it, so both name
/// the same copy (`KeptCopies`).
///
/// A copy bad shots flags is never suggested over one it does not flag. Then the criteria in the configured order
/// (`[keep]`), the first that tells two copies apart decides, then the shorter path, then the path's bytes. The
/// shipped order: a measurably softer copy of one capture loses first (`softness`: JPEG blocks cannot pass for
/// detail, `CopyDetail`), then the most pixels, what the copy knows (where and when it was taken, the camera, a
/// Live Photo's video, a sidecar), the whole scene before a crop, the camera's own file, the format, the JPEG
/// quality, no edit, and, between the frames of a burst (other capture times), the sharpest frame. Between copies of
/// a video, the whole length before a trimmed copy and the highest bitrate after what the copy knows. Pure: facts
/// (`CopyFacts`) and the group's looks (`Looks`) in, an order out.
public struct KeeperRule: Sendable, Equatable {
    public enum Criterion: String, Sendable, CaseIterable {
        case softness, resolution, sharpness, original, format, folder, oldest, newest, quality, edit, filetime, view, metadata
        /// A video's whole length before a trimmed copy (`trimmed`), its highest bitrate before a re-encode.
        case length, bitrate
    }

    public var order: [Criterion]
    /// Formats preferred first: `raw`, `heic`, `jpeg`, `png`, `webp`, `tiff`, `gif`, `avif`.
    public var formats: [String]
    public var preferFolders: [String]
    public var avoidFolders: [String]

    public init(order: [Criterion], formats: [String], preferFolders: [String], avoidFolders: [String]) {
        self.order = order
        self.formats = formats
        self.preferFolders = preferFolders
        self.avoidFolders = avoidFolders
    }

    /// The shipped rule (`Config/swipeclean.toml`'s `[keep]`).
    public static let defaults = KeeperRule(order: [.softness, .length, .resolution, .metadata, .bitrate, .view, .original, .format,
                                                    .quality, .edit, .sharpness, .folder, .oldest, .filetime],
                                            formats: ["raw", "heic", "jpeg", "png", "webp"], preferFolders: ["DCIM", "Camera"],
                                            avoidFolders: [])

    /// What the rule knows of a group beyond each copy's facts (by id; a copy without a look is taken as the whole
    /// scene, unedited): read from the index by `KeptCopies.looks`.
    public struct Looks: Sendable, Equatable {
        /// The mean gray level of the centre of each member's thumbnail.
        public var centreBrightness: [Int64: Double]
        /// The least of the scene each member holds against the group's reference (`Thumbnail.Agreement`: 1 for a
        /// copy of the whole picture, 0.88 for a 6 % crop).
        public var view: [Int64: Double]
        /// The companions each member brings that a delete would lose with it: a Live Photo's video, a sidecar
        /// (`linkKind` of the files linked to it).
        public var companions: [Int64: Set<String>]
        public init(centreBrightness: [Int64: Double] = [:], view: [Int64: Double] = [:], companions: [Int64: Set<String>] = [:]) {
            self.centreBrightness = centreBrightness
            self.view = view
            self.companions = companions
        }

        /// The mean of the central 16×16 of a 32×32 thumbnail: what a 6 % crop or a small turn keeps.
        public static func centreBrightness(_ pixels: Data) -> Double? {
            guard pixels.count == 32 * 32 else { return nil }
            var sum = 0
            for y in 8..<24 { for x in 8..<24 { sum += Int(pixels[pixels.startIndex + y * 32 + x]) } }
            return Double(sum) / 256
        }
    }

    /// A member's standing within its group, worked out once from all of them.
    package struct Context {
        /// Brightness of each member less the group's middle value (an edit shifts it).
        package var shift: [Int64: Double] = [:]
        /// Each member's frame's sharpness: the sharpness of the frame's fullest, best-kept copy, shared by
        /// every encoding of that frame (same capture time), so it tells frames apart and never copies.
        var frameSharpness: [Int64: Double] = [:]
        var view: [Int64: Double] = [:]
        var companions: [Int64: Set<String>] = [:]
        /// The copies measurably softer than another copy of their capture (`softness`).
        var softer: Set<Int64> = []
        /// The longest video's length: a copy clearly shorter is trimmed (`length`).
        var longest: Double?
    }

    /// A video at least this much shorter than the longest copy (and `trimmedShare` of its length) is trimmed: copies
    /// of one video differ by a frame or two of video or audio.
    static let trimmedSeconds = 0.5
    static let trimmedShare = 0.03

    /// Whether `copy` is a trimmed copy of the group's longest video.
    package static func trimmed(_ copy: CopyFacts, longest: Double?) -> Bool {
        guard let duration = copy.duration, let longest else { return false }
        return longest - duration >= max(trimmedSeconds, trimmedShare * longest)
    }

    /// A brightness shift of at least this share of the group's middle level (and 3 gray levels) at the
    /// centre is an edit: on `make_similar_set.py`'s set copies of one frame (re-saves, crops, turns, the
    /// next frame) agree within 5 %, +20 % light moves it 16–20 % (less where the light clips).
    package static let editShift = 0.1
    /// A copy matching only a window of this share of another's side or less holds less of the scene (windows are
    /// tried at 1, 0.94, 0.88, 0.82 of the side).
    static let wholeView = 0.97

    package func context(_ copies: [CopyFacts], _ looks: Looks) -> Context {
        var context = Context()
        context.view = looks.view
        context.companions = looks.companions
        let known = copies.compactMap { looks.centreBrightness[$0.id] }.sorted()
        if known.count >= 2 {
            let middle = known.count % 2 == 1 ? known[known.count / 2] : (known[known.count / 2 - 1] + known[known.count / 2]) / 2
            for copy in copies {
                if let value = looks.centreBrightness[copy.id] { context.shift[copy.id] = (value - middle) / max(middle, 30) }
            }
        }
        var frames: [String: [CopyFacts]] = [:]
        for copy in copies { frames[copy.cameraTime ? String(copy.capturedEpoch!) : "", default: []].append(copy) }
        for (_, frame) in frames {
            let best = frame.max { a, b in a.pixels != b.pixels ? a.pixels < b.pixels : (a.jpegQuality ?? 100) < (b.jpegQuality ?? 100) }
            for copy in frame { context.frameSharpness[copy.id] = best?.sharpness ?? 0 }
        }
        context.softer = Self.softer(copies, view: looks.view, shift: context.shift)
        context.longest = copies.compactMap(\.duration).max()
        return context
    }

    /// The copies measurably softer (`CopyDetail.isSofter`) than another copy of their capture: both hold the whole
    /// scene (a crop leaves out soft edges, or keeps them), neither is brightened or darkened (light clipped white
    /// draws sharp new edges), and their camera capture times are not two frames.
    static func softer(_ copies: [CopyFacts], view: [Int64: Double], shift: [Int64: Double]) -> Set<Int64> {
        let whole = copies.filter { (view[$0.id] ?? 1) >= wholeView && abs(shift[$0.id] ?? 0) < editShift && $0.detail != nil }
        var softer: Set<Int64> = []
        for copy in whole {
            let isSofter = whole.contains { other in
                other.id != copy.id && !(copy.cameraTime && other.cameraTime && copy.capturedEpoch != other.capturedEpoch)
                    && Self.isSofter(copy, than: other)
            }
            if isSofter { softer.insert(copy.id) }
        }
        return softer
    }

    /// Whether `copy` is measurably softer than `other` (`CopyDetail.isSofter`), where `other`'s detail can be trusted:
    /// a JPEG saved under quality `trustedQuality` carries its blocks' steps into even a 1/8 decode (each block's
    /// mean quantized coarsely), and on a soft, smooth picture they measured as much as 13 % more detail than the
    /// camera's own file (Docs/similar.md): such a copy never counts as the sharper one.
    package static func isSofter(_ copy: CopyFacts, than other: CopyFacts) -> Bool {
        guard let mine = copy.detail, let theirs = other.detail, (other.jpegQuality ?? 100) >= trustedQuality else { return false }
        return mine.isSofter(than: theirs)
    }

    package static let trustedQuality = 60

    /// The members in the order of the rule: the one to suggest first.
    package func ranked(_ copies: [CopyFacts], looks: Looks = Looks()) -> [CopyFacts] {
        let context = context(copies, looks)
        return copies.sorted { a, b in
            if (a.badShot == nil) != (b.badShot == nil) { return a.badShot == nil }
            for criterion in order {
                let (x, y) = (score(a, criterion, context), score(b, criterion, context))
                if x != y { return x < y }
            }
            if a.path.count != b.path.count { return a.path.count < b.path.count }
            return a.path.lexicographicallyPrecedes(b.path)
        }
    }

    /// The copy to keep of `copies` (hard links to one file are one copy): the first of `ranked`.
    package func kept(_ copies: [CopyFacts], looks: Looks = Looks()) -> CopyFacts? {
        ranked(copies, looks: looks).first
    }

    /// Why `member` beats `other`: whether it is a keeper where the other is a bad shot (`shot`), and the criteria by
    /// which it wins, in the rule's order. Sharpness counts only between frames (both dated, at other times): a copy
    /// without a date is no other frame.
    package func wins(_ member: CopyFacts, over other: CopyFacts, _ context: Context) -> (shot: Bool, criteria: [Criterion]) {
        let criteria = order.filter { criterion in
            if criterion == .sharpness, !member.cameraTime || !other.cameraTime || member.capturedEpoch == other.capturedEpoch {
                return false
            }
            return score(member, criterion, context) < score(other, criterion, context)
        }
        return (member.badShot == nil && other.badShot != nil, criteria)
    }

    /// Why `member` is suggested over `others`, in words: "not a bad shot" first when that decided against one of
    /// them, then the criterion that decided against each of the others, in the rule's order ("sharpest copy",
    /// "largest resolution", "the original", "best quality", …).
    package func decided(_ member: CopyFacts, over others: [CopyFacts], _ context: Context) -> [String] {
        var shot = false
        var deciding = Set<Criterion>()
        for other in others {
            let (isShot, criteria) = wins(member, over: other, context)
            if isShot { shot = true } else if let first = criteria.first { deciding.insert(first) }
        }
        return (shot ? [Self.notABadShot] : []) + order.filter(deciding.contains).map(Self.words)
    }

    /// What `member` lost against the suggested `keeper`, in words a person reads: "a bad shot (blurry)" when that
    /// decided, then what each criterion it lost on says ("softer than the copy kept", "re-saved at quality 40",
    /// "half the size", "cropped", "no camera data", …), each word once.
    package func losses(_ member: CopyFacts, keeper: CopyFacts, _ context: Context) -> [String] {
        let (shot, criteria) = wins(keeper, over: member, context)
        let words = (shot ? ["a bad shot (\(member.badShot!))"] : [])
            + criteria.map { shortfall($0, member, keeper: keeper, context) }.flatMap { $0.components(separatedBy: ", ") }
        return words.reduce(into: [String]()) { kept, word in if !kept.contains(word) { kept.append(word) } }
    }

    static let notABadShot = "not a bad shot"

    /// Why a member was suggested: what it has that the others have not.
    static func words(_ criterion: Criterion) -> String {
        switch criterion {
        case .softness: "sharpest copy"
        case .resolution: "largest resolution"
        case .sharpness: "sharpest frame"
        case .original: "the original"
        case .format: "preferred format"
        case .folder: "preferred folder"
        case .oldest: "oldest capture"
        case .newest: "newest capture"
        case .quality: "best quality"
        case .edit: "not edited"
        case .filetime: "earliest file"
        case .view: "the whole scene"
        case .metadata: "knows most"
        case .length: "the whole video"
        case .bitrate: "highest bitrate"
        }
    }

    /// What `member` lost on `criterion` against `keeper`: "softer than the copy kept", "re-saved at quality 40",
    /// "half the size", "cropped", "brightened", "no camera data", "converted to PNG".
    func shortfall(_ criterion: Criterion, _ member: CopyFacts, keeper: CopyFacts, _ context: Context) -> String {
        switch criterion {
        case .softness: return "softer than the copy kept"
        case .resolution: return Self.smaller(member, than: keeper)
        case .sharpness: return "a less sharp frame"
        case .original: return Self.isEdited(member) ? "edited or re-saved" : "no camera data"
        case .format: return "converted to \(Self.format(of: member).uppercased())"
        case .folder: return "another folder"
        case .oldest: return member.cameraTime ? "taken later" : "no capture date"
        case .newest: return member.cameraTime ? "taken earlier" : "no capture date"
        case .quality: return member.jpegQuality.map { "re-saved at quality \($0)" } ?? "re-saved"
        case .edit: return (context.shift[member.id] ?? 0) > 0 ? "brightened" : "darkened"
        case .filetime: return "a later copy"
        case .view: return "cropped"
        case .length:
            let shorter = (context.longest ?? 0) - (member.duration ?? 0)
            return "trimmed (\(shorter < 10 ? String(format: "%.1f", shorter) : String(Int(shorter.rounded()))) s shorter)"
        case .bitrate:
            return member.bitrate.map { "re-encoded at \(String(format: "%.1f", $0 / 1_000_000)) Mbit/s" } ?? "re-encoded"
        case .metadata:
            let companions = { (copy: CopyFacts) in context.companions[copy.id] ?? [] }
            let known = Set(Self.knowledge(member, companions: companions(member)))
            let lost = Self.knowledge(keeper, companions: companions(keeper)).filter { !known.contains($0) }
            return lost.isEmpty ? "knows less" : lost.map { $0 == Knowledge.camera ? "no camera data" : "no " + $0 }.joined(separator: ", ")
        }
    }

    /// How a copy with fewer pixels came to be: resized (the same shape: "half the size", "a third of the
    /// size", "40 % of the size") or cropped (another shape, or only a little smaller, as a crop or a turn
    /// hides the edges).
    static func smaller(_ member: CopyFacts, than keeper: CopyFacts) -> String {
        let (w, h) = (Double(max(member.width, member.height)), Double(min(member.width, member.height)))
        let (w0, h0) = (Double(max(keeper.width, keeper.height)), Double(min(keeper.width, keeper.height)))
        guard w > 0, h > 0, w0 > 0, h0 > 0 else { return "smaller" }
        let (long, short) = (w / w0, h / h0)
        guard abs(long - short) < 0.02, long < 0.8 else { return "cropped" }
        switch long {
        case 0.47...0.53: return "half the size"
        case 0.31...0.35: return "a third of the size"
        case 0.23...0.27: return "a quarter of the size"
        default: return "\(Int((long * 100).rounded())) % of the size"
        }
    }

    /// Lower is better.
    private func score(_ copy: CopyFacts, _ criterion: Criterion, _ context: Context) -> Double {
        switch criterion {
        case .softness: return context.softer.contains(copy.id) ? 1 : 0
        case .resolution: return -Double(copy.pixels)
        case .sharpness: return -(context.frameSharpness[copy.id] ?? copy.sharpness ?? -1)
        case .original: return Self.isEdited(copy) ? 1 : copy.camera ? 0 : 0.5
        case .format: return Double(formats.firstIndex(of: Self.format(of: copy)) ?? formats.count)
        case .folder:
            if Self.lies(copy, inAny: avoidFolders) { return 1 }
            return Self.lies(copy, inAny: preferFolders) ? -1 : 0
        // A date guessed from the file's time or name says nothing of which copy came first (`filetime` does).
        case .oldest: return copy.cameraTime ? copy.capturedEpoch! : .infinity
        case .newest: return copy.cameraTime ? -copy.capturedEpoch! : .infinity
        // A format with no quality to read (PNG, HEIC, RAW) is not a lossy re-save as far as the file says.
        case .quality: return -Double(copy.jpegQuality ?? 100)
        case .edit: return abs(context.shift[copy.id] ?? 0) >= Self.editShift ? 1 : 0
        case .filetime: return Double(copy.mtimeNs)
        case .view: return (context.view[copy.id] ?? 1) < Self.wholeView ? 1 : 0
        case .metadata: return -Double(Self.knowledge(copy, companions: context.companions[copy.id] ?? []).count)
        case .length: return Self.trimmed(copy, longest: context.longest) ? 1 : 0
        case .bitrate: return -(copy.bitrate ?? 0)
        }
    }

    /// The format's name as `[keep] formats` writes it.
    package static func format(of copy: CopyFacts) -> String {
        let subtype = copy.mime.split(separator: "/").last.map(String.init) ?? copy.mime
        switch subtype {
        case "heic", "heif", "heic-sequence", "heif-sequence": return "heic"
        case "jpeg", "jpg", "pjpeg": return "jpeg"
        case "x-canon-cr2", "x-canon-cr3", "x-nikon-nef", "x-sony-arw", "x-adobe-dng", "x-panasonic-rw2", "x-olympus-orf",
             "x-fuji-raf", "x-dcraw": return "raw"
        default: return subtype
        }
    }

    /// A copy its name says was edited or re-saved: "edited", "copy", "(1)".
    static func isEdited(_ copy: CopyFacts) -> Bool {
        let name = String(decoding: copy.rawPath.lastComponent, as: UTF8.self).lowercased()
        return name.contains("edited") || name.contains("copy") || name.range(of: #"\(\d+\)"#, options: .regularExpression) != nil
    }

    /// Whether a folder of the copy's path is named one of `folders` (case-insensitive; a fragment
    /// "A/B" matches those two folders in a row).
    static func lies(_ copy: CopyFacts, inAny folders: [String]) -> Bool {
        let path = "/" + String(decoding: copy.rawPath.parent.bytes, as: UTF8.self).lowercased() + "/"
        return folders.contains { folder in
            let fragment = folder.split(separator: "/").joined(separator: "/").lowercased()
            return !fragment.isEmpty && path.contains("/" + fragment + "/")
        }
    }

    /// What a file knows beyond its pixels, in `Knowledge`'s words: where it was taken (GPS), when (the
    /// camera's own capture time), the camera, a Live Photo's video and a sidecar that go with it.
    package static func knowledge(_ copy: CopyFacts, companions: Set<String>) -> [String] {
        var known: [String] = []
        if copy.hasLocation == true { known.append(Knowledge.location) }
        if copy.cameraTime { known.append(Knowledge.captureDate) }
        if copy.camera { known.append(Knowledge.camera) }
        if companions.contains(Knowledge.livePhotoKind) { known.append(Knowledge.livePhotoVideo) }
        if companions.contains(Knowledge.sidecarKind) { known.append(Knowledge.sidecar) }
        return known
    }
}

/// The words for what a copy knows beyond its pixels (`KeeperRule.knowledge`, the card's `onlyHere`).
package enum Knowledge {
    package static let location = "location"
    package static let captureDate = "capture date"
    package static let camera = "camera"
    package static let livePhotoVideo = "live photo video"
    package static let sidecar = "sidecar"
    /// The index's `linkKind` of a Live Photo's movie and of a sidecar.
    package static let livePhotoKind = "live-photo"
    package static let sidecarKind = "sidecar"
}
