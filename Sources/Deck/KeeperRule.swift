import Foundation
import Library

/// Which member of a group card is suggested to stay (the configuration's `[keep]`): the criteria in
/// order, the first that tells two members apart decides, then the shorter path, then the path's
/// bytes. The copy kept is the one that holds the most of the picture: the most pixels, the camera's
/// own data, the highest JPEG quality, no edit, the camera's format. Sharpness tells apart only the
/// frames of a burst (other capture times): block artefacts of a re-save raise the Laplacian, so
/// across encodings of one frame it would rank damage as detail. Pure: it reads the index's facts
/// (and the group's thumbnails, `Looks`), never a file.
public struct KeeperRule: Sendable, Equatable {
    public enum Criterion: String, Sendable, CaseIterable {
        case resolution, sharpness, original, format, folder, oldest, newest, quality, edit, filetime, view, metadata
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
    public static let defaults = KeeperRule(order: [.resolution, .metadata, .view, .original, .format, .quality, .edit, .sharpness, .folder, .oldest, .filetime],
                                            formats: ["raw", "heic", "jpeg", "png", "webp"], preferFolders: ["DCIM", "Camera"],
                                            avoidFolders: [])

    /// What the rule knows of a group beyond each member's row: the mean gray level of the centre of each
    /// member's thumbnail (by item id; a member without one is taken as unedited).
    public struct Looks: Sendable, Equatable {
        public var centreBrightness: [Int64: Double]
        /// The least of the scene each member holds against another of the group (`Thumbnail.Agreement.viewOfOther`:
        /// 1 for a copy of the whole picture, 0.88 for a 6 % crop).
        public var view: [Int64: Double]
        /// The companions each member brings that a delete would lose with it: a Live Photo's video, a
        /// sidecar (`linkKind` of the files linked to it), by item id.
        public var companions: [Int64: Set<ItemRecord.LinkKind>]
        public init(centreBrightness: [Int64: Double] = [:], view: [Int64: Double] = [:],
                    companions: [Int64: Set<ItemRecord.LinkKind>] = [:]) {
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
    struct Context {
        /// Brightness of each member less the group's middle value (an edit shifts it).
        var shift: [Int64: Double] = [:]
        /// Each member's frame's sharpness: the sharpness of the frame's fullest, best-kept copy, shared by
        /// every encoding of that frame (same capture time), so it tells frames apart and never copies.
        var frameSharpness: [Int64: Double] = [:]
        var view: [Int64: Double] = [:]
        var companions: [Int64: Set<ItemRecord.LinkKind>] = [:]
    }

    /// A brightness shift of at least this share of the group's middle level (and 3 gray levels) at the
    /// centre is an edit: on `make_similar_set.py`'s set copies of one frame (re-saves, crops, turns, the
    /// next frame) agree within 5 %, +20 % light moves it 16–20 % (less where the light clips).
    static let editShift = 0.1

    /// Whether the capture time is the camera's own (EXIF, XMP, QuickTime, a sidecar), not a guess from
    /// the name or the file's time: only those tell frames of a burst apart.
    static func hasCaptureTime(_ item: ItemRecord) -> Bool {
        item.capturedEpoch != nil && item.dateSource != .mtime && item.dateSource != .filename
    }

    func context(_ items: [ItemRecord], _ looks: Looks) -> Context {
        var context = Context()
        context.view = looks.view
        context.companions = looks.companions
        let known = items.compactMap { item in item.id.flatMap { looks.centreBrightness[$0] } }.sorted()
        if known.count >= 2 {
            let middle = known.count % 2 == 1 ? known[known.count / 2] : (known[known.count / 2 - 1] + known[known.count / 2]) / 2
            for item in items {
                if let id = item.id, let value = looks.centreBrightness[id] { context.shift[id] = (value - middle) / max(middle, 30) }
            }
        }
        var frames: [String: [ItemRecord]] = [:]
        for item in items { frames[Self.hasCaptureTime(item) ? String(item.capturedEpoch!) : "", default: []].append(item) }
        for (_, frame) in frames {
            let best = frame.max { a, b in
                let (pa, pb) = ((a.width ?? 0) * (a.height ?? 0), (b.width ?? 0) * (b.height ?? 0))
                return pa != pb ? pa < pb : (a.jpegQuality ?? 100) < (b.jpegQuality ?? 100)
            }
            for item in frame { if let id = item.id { context.frameSharpness[id] = best?.sharpness ?? 0 } }
        }
        return context
    }

    /// The members in the order of the rule: the one to suggest first.
    func ranked(_ items: [ItemRecord], looks: Looks = Looks()) -> [ItemRecord] {
        let context = context(items, looks)
        return items.sorted { a, b in
            for criterion in order {
                let (x, y) = (score(a, criterion, context), score(b, criterion, context))
                if x != y { return x < y }
            }
            if a.path.count != b.path.count { return a.path.count < b.path.count }
            return a.path.lexicographicallyPrecedes(b.path)
        }
    }

    /// The criteria by which `member` beats `other`, in the rule's order. Sharpness counts only between
    /// frames (both dated, at other times): a copy without a date is no other frame.
    func wins(_ member: ItemRecord, over other: ItemRecord, in group: [ItemRecord], looks: Looks = Looks()) -> [Criterion] {
        let context = context(group, looks)
        return order.filter { criterion in
            if criterion == .sharpness, !Self.hasCaptureTime(member) || !Self.hasCaptureTime(other) || member.capturedEpoch == other.capturedEpoch {
                return false
            }
            return score(member, criterion, context) < score(other, criterion, context)
        }
    }

    /// Why `member` is suggested over `others`: the criterion that decided against each of them, in the
    /// rule's order ("largest resolution", "the original", "best quality", …).
    func decided(_ member: ItemRecord, over others: [ItemRecord], in group: [ItemRecord], looks: Looks = Looks()) -> [Criterion] {
        let deciding = Set(others.compactMap { wins(member, over: $0, in: group, looks: looks).first })
        return order.filter(deciding.contains)
    }

    /// Why a member was suggested: what it has that the others have not.
    static func words(_ criterion: Criterion) -> String {
        switch criterion {
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
        }
    }

    /// What `member` lost against the suggested `keeper`, in words a person reads: "re-saved at quality
    /// 40", "half the size", "cropped", "brightened", "no camera data", "converted to PNG".
    func shortfall(_ criterion: Criterion, _ member: ItemRecord, keeper: ItemRecord, in group: [ItemRecord], looks: Looks = Looks()) -> String {
        switch criterion {
        case .resolution: return Self.smaller(member, than: keeper)
        case .sharpness: return "a less sharp frame"
        case .original: return Self.isEdited(member) ? "edited or re-saved" : "no camera data"
        case .format: return "converted to \(Self.format(of: member).uppercased())"
        case .folder: return "another folder"
        case .oldest: return Self.hasCaptureTime(member) ? "taken later" : "no capture date"
        case .newest: return Self.hasCaptureTime(member) ? "taken earlier" : "no capture date"
        case .quality: return member.jpegQuality.map { "re-saved at quality \($0)" } ?? "re-saved"
        case .edit:
            let shift = member.id.flatMap { context(group, looks).shift[$0] } ?? 0
            return shift > 0 ? "brightened" : "darkened"
        case .filetime: return "a later copy"
        case .view: return "cropped"
        case .metadata:
            let companions = { (item: ItemRecord) in item.id.flatMap { looks.companions[$0] } ?? [] }
            let known = Set(Self.knowledge(member, companions: companions(member)))
            let lost = Self.knowledge(keeper, companions: companions(keeper)).filter { !known.contains($0) }
            return lost.isEmpty ? "knows less" : lost.map { $0 == OnlyHere.camera ? "no camera data" : "no " + $0 }.joined(separator: ", ")
        }
    }

    /// How a copy with fewer pixels came to be: resized (the same shape: "half the size", "a third of the
    /// size", "40 % of the size") or cropped (another shape, or only a little smaller, as a crop or a turn
    /// hides the edges).
    static func smaller(_ member: ItemRecord, than keeper: ItemRecord) -> String {
        let (w, h) = (Double(max(member.width ?? 0, member.height ?? 0)), Double(min(member.width ?? 0, member.height ?? 0)))
        let (w0, h0) = (Double(max(keeper.width ?? 0, keeper.height ?? 0)), Double(min(keeper.width ?? 0, keeper.height ?? 0)))
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
    private func score(_ item: ItemRecord, _ criterion: Criterion, _ context: Context) -> Double {
        switch criterion {
        case .resolution: return -Double((item.width ?? 0) * (item.height ?? 0))
        case .sharpness: return -(item.id.flatMap { context.frameSharpness[$0] } ?? item.sharpness ?? -1)
        case .original: return Self.isEdited(item) ? 1 : item.cameraMake == nil && item.cameraModel == nil ? 0.5 : 0
        case .format: return Double(formats.firstIndex(of: Self.format(of: item)) ?? formats.count)
        case .folder:
            if Self.lies(item, inAny: avoidFolders) { return 1 }
            return Self.lies(item, inAny: preferFolders) ? -1 : 0
        // A date guessed from the file's time or name says nothing of which copy came first (`filetime` does).
        case .oldest: return Self.hasCaptureTime(item) ? item.capturedEpoch! : .infinity
        case .newest: return Self.hasCaptureTime(item) ? -item.capturedEpoch! : .infinity
        // A format with no quality to read (PNG, HEIC, RAW) is not a lossy re-save as far as the file says.
        case .quality: return -Double(item.jpegQuality ?? 100)
        case .edit: return abs(item.id.flatMap { context.shift[$0] } ?? 0) >= Self.editShift ? 1 : 0
        case .filetime: return Double(item.mtimeNs)
        // Windows are tried at 1, 0.94, 0.88, 0.82 of the side: a copy matching a 94 % window or less holds less.
        case .view: return (item.id.flatMap { context.view[$0] } ?? 1) < 0.97 ? 1 : 0
        case .metadata: return -Double(Self.knowledge(item, companions: item.id.flatMap { context.companions[$0] } ?? []).count)
        }
    }

    /// The format's name as `[keep] formats` writes it.
    static func format(of item: ItemRecord) -> String {
        let subtype = item.mime.split(separator: "/").last.map(String.init) ?? item.mime
        switch subtype {
        case "heic", "heif", "heic-sequence", "heif-sequence": return "heic"
        case "jpeg", "jpg", "pjpeg": return "jpeg"
        case "x-canon-cr2", "x-canon-cr3", "x-nikon-nef", "x-sony-arw", "x-adobe-dng", "x-panasonic-rw2", "x-olympus-orf",
             "x-fuji-raf", "x-dcraw": return "raw"
        default: return subtype
        }
    }

    /// A copy its name says was edited or re-saved: "edited", "copy", "(1)".
    static func isEdited(_ item: ItemRecord) -> Bool {
        let name = String(decoding: item.rawPath.lastComponent, as: UTF8.self).lowercased()
        return name.contains("edited") || name.contains("copy") || name.range(of: #"\(\d+\)"#, options: .regularExpression) != nil
    }

    /// Whether a folder of the item's path is named one of `folders` (case-insensitive; a fragment
    /// "A/B" matches those two folders in a row).
    static func lies(_ item: ItemRecord, inAny folders: [String]) -> Bool {
        let path = "/" + String(decoding: item.rawPath.parent.bytes, as: UTF8.self).lowercased() + "/"
        return folders.contains { folder in
            let fragment = folder.split(separator: "/").joined(separator: "/").lowercased()
            return !fragment.isEmpty && path.contains("/" + fragment + "/")
        }
    }

    /// What a file knows beyond its pixels, in `OnlyHere`'s words: where it was taken (GPS), when (the
    /// camera's own capture time), the camera, a Live Photo's video and a sidecar that go with it.
    static func knowledge(_ item: ItemRecord, companions: Set<ItemRecord.LinkKind>) -> [String] {
        var known: [String] = []
        if item.hasLocation == true { known.append(OnlyHere.location) }
        if hasCaptureTime(item) { known.append(OnlyHere.captureDate) }
        if item.cameraMake != nil || item.cameraModel != nil { known.append(OnlyHere.camera) }
        if companions.contains(.livePhoto) { known.append(OnlyHere.livePhotoVideo) }
        if companions.contains(.sidecar) { known.append(OnlyHere.sidecar) }
        return known
    }
}
