import Foundation
@testable import Library
@testable import Scanning

/// LinkFinder's rules written the plain way (every name built, every file in the maps): the
/// reference its faster implementation is compared with on random folders (`LinkTests`).
enum LinkFinderReference {
    private static let stills: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    private static let sidecarSuffixes = [".supplemental-metadata.json", ".json", ".xmp", ".aae"]

    private static func split(_ path: Data) -> (folder: Data, name: String, stem: String, ext: String) {
        let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex
        let name = String(decoding: path[(slash + 1)...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        let bytes = Array(name.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return (path[..<slash], name, name, "") }
        return (path[..<slash], name, String(decoding: bytes[..<dot], as: UTF8.self), String(decoding: bytes[(dot + 1)...], as: UTF8.self))
    }

    static func links(_ files: [LinkFinder.File]) -> [LinkFinder.Link] {
        let raws = Set(files.filter { LinkFinder.rawExtensions.contains(Array(split($0.path).ext.utf8)) }.map(\.id))
        var links: [LinkFinder.Link] = []
        for file in files {
            let (folder, name, stem, ext) = split(file.path)
            let owners = files.filter { split($0.path).folder == folder && ($0.kind != "other" || raws.contains($0.id)) }
            let firstStill = owners.first { $0.kind == "photo" && stills.contains(split($0.path).ext) && split($0.path).stem == stem }
            if raws.contains(file.id) || (file.kind == "video" && ext == "mov") {
                if let still = firstStill { links.append(.init(item: file.id, owner: still.id, kind: raws.contains(file.id) ? .raw : .livePhoto)) }
            } else if file.kind == "other", let suffix = sidecarSuffixes.first(where: { name.utf8.count > $0.utf8.count && name.hasSuffix($0) }) {
                let wanted = String(decoding: Array(name.utf8).dropLast(suffix.utf8.count), as: UTF8.self)
                let owner = owners.last { split($0.path).name == wanted }
                    ?? owners.first { $0.kind == "photo" && stills.contains(split($0.path).ext) && split($0.path).stem == wanted }
                    ?? owners.first { split($0.path).stem == wanted }
                if let owner, owner.id != file.id { links.append(.init(item: file.id, owner: owner.id, kind: .sidecar)) }
            }
        }
        // A sidecar of a raw file that goes with its JPEG goes with the JPEG.
        let rawOwner = Dictionary(links.filter { $0.kind == .raw }.map { ($0.item, $0.owner) }, uniquingKeysWith: { first, _ in first })
        return links.map { link in
            guard link.kind == .sidecar, let owner = rawOwner[link.owner] else { return link }
            return .init(item: link.item, owner: owner, kind: .sidecar)
        }.sorted { $0.item < $1.item }
    }
}
