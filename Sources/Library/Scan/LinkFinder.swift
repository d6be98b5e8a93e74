import Foundation

/// Finds the files that belong to another one and must move with it: a Live Photo's movie
/// (`IMG_1234.MOV` beside `IMG_1234.HEIC` or `.JPG`) and sidecars (`IMG_1234.AAE`, `IMG_1234.xmp`,
/// `IMG_1234.HEIC.xmp`, Google Takeout's `IMG_1234.HEIC.json` and `….supplemental-metadata.json`).
/// Only files in the same folder are linked; names compare without regard to ASCII case.
enum LinkFinder {
    struct File {
        let id: Int64
        let path: Data
        let kind: String
    }

    struct Link: Equatable {
        let item: Int64
        let owner: Int64
        let kind: ItemRecord.LinkKind
    }

    private static let stillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    private static let sidecarSuffixes = [".supplemental-metadata.json", ".json", ".xmp", ".aae"]

    static func links(_ files: [File]) -> [Link] {
        var links: [Link] = []
        let byFolder = Dictionary(grouping: files) { folder(of: $0.path) }
        for (_, members) in byFolder {
            // Owners: photos and videos, by full lowercased name and by stem.
            var byName: [String: File] = [:]
            var stillByStem: [String: File] = [:]
            var mediaByStem: [String: File] = [:]
            for file in members where file.kind != "other" {
                let name = lowercasedName(file.path)
                byName[name] = file
                let (stem, ext) = split(name)
                if file.kind == "photo" && stillExtensions.contains(ext) { stillByStem[stem] = stillByStem[stem] ?? file }
                mediaByStem[stem] = mediaByStem[stem] ?? file
            }
            for file in members {
                let name = lowercasedName(file.path)
                let (stem, ext) = split(name)
                if file.kind == "video" && ext == "mov", let still = stillByStem[stem] {
                    links.append(Link(item: file.id, owner: still.id, kind: .livePhoto))
                    continue
                }
                guard file.kind == "other", let suffix = sidecarSuffixes.first(where: { name.hasSuffix($0) }) else { continue }
                let base = String(name.dropLast(suffix.count))
                if let owner = byName[base] ?? stillByStem[base] ?? mediaByStem[base], owner.id != file.id {
                    links.append(Link(item: file.id, owner: owner.id, kind: .sidecar))
                }
            }
        }
        return links.sorted { $0.item < $1.item }
    }

    private static func folder(of path: Data) -> Data {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return Data() }
        return path[path.startIndex..<slash]
    }

    private static func lowercasedName(_ path: Data) -> String {
        let start = path.lastIndex(of: UInt8(ascii: "/")).map { path.index(after: $0) } ?? path.startIndex
        return String(decoding: path[start...], as: UTF8.self).lowercased()
    }

    private static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
