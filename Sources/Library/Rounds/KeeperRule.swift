import Foundation

/// Which member of a group card is suggested to stay (the configuration's `[keep]`): the criteria in
/// order, the first that tells two members apart decides, then the shorter path, then the path's
/// bytes. Pure: it reads the index's facts, never a file.
public struct KeeperRule: Sendable, Equatable {
    public enum Criterion: String, Sendable, CaseIterable {
        case resolution, sharpness, original, format, folder, oldest, newest
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
    public static let defaults = KeeperRule(order: [.resolution, .sharpness, .original, .format, .folder, .oldest],
                                            formats: ["raw", "heic", "jpeg", "png", "webp"], preferFolders: ["DCIM", "Camera"],
                                            avoidFolders: [])

    /// The members in the order of the rule: the one to suggest first.
    func ranked(_ items: [ItemRecord]) -> [ItemRecord] {
        items.sorted { a, b in
            for criterion in order {
                let (x, y) = (score(a, criterion), score(b, criterion))
                if x != y { return x < y }
            }
            if a.path.count != b.path.count { return a.path.count < b.path.count }
            return a.path.lexicographicallyPrecedes(b.path)
        }
    }

    /// The criteria by which `member` beats every one of `others`, in the rule's order.
    func wins(_ member: ItemRecord, over others: [ItemRecord]) -> [Criterion] {
        guard !others.isEmpty else { return [] }
        return order.filter { criterion in others.allSatisfy { score(member, criterion) < score($0, criterion) } }
    }

    /// Why a member was suggested: what it has that the others have not.
    static func words(_ criterion: Criterion) -> String {
        switch criterion {
        case .resolution: "largest resolution"
        case .sharpness: "sharpest"
        case .original: "the original"
        case .format: "preferred format"
        case .folder: "preferred folder"
        case .oldest: "oldest capture"
        case .newest: "newest capture"
        }
    }

    /// Where a member falls short of the suggested one.
    static func shortfall(_ criterion: Criterion) -> String {
        switch criterion {
        case .resolution: "smaller"
        case .sharpness: "less sharp"
        case .original: "edited or re-saved"
        case .format: "another format"
        case .folder: "another folder"
        case .oldest: "newer"
        case .newest: "older"
        }
    }

    /// Lower is better.
    private func score(_ item: ItemRecord, _ criterion: Criterion) -> Double {
        switch criterion {
        case .resolution: return -Double((item.width ?? 0) * (item.height ?? 0))
        case .sharpness: return -(item.sharpness ?? -1)
        case .original: return Self.isEdited(item) ? 1 : item.cameraMake == nil && item.cameraModel == nil ? 0.5 : 0
        case .format: return Double(formats.firstIndex(of: Self.format(of: item)) ?? formats.count)
        case .folder:
            if Self.lies(item, inAny: avoidFolders) { return 1 }
            return Self.lies(item, inAny: preferFolders) ? -1 : 0
        case .oldest: return item.capturedEpoch ?? .infinity
        case .newest: return -(item.capturedEpoch ?? -.infinity)
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
}
