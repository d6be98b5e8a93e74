import FileSystem
import Foundation
import Library

/// Finds the files that belong to another one and must move with it: a Live Photo's movie
/// (`IMG_1234.MOV` beside `IMG_1234.HEIC` or `.JPG`), the raw file of a RAW+JPEG shot
/// (`IMG_1234.CR2` beside `IMG_1234.JPG`: the JPEG is the card), and sidecars (`IMG_1234.AAE`,
/// `IMG_1234.xmp`, `IMG_1234.HEIC.xmp`, `IMG_1234.CR2.xmp`, Google Takeout's `IMG_1234.HEIC.json`
/// and `….supplemental-metadata.json`). A sidecar of a linked raw file goes with the JPEG too.
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

    private static let stillExtensions: Set<[UInt8]> = Set(["heic", "heif", "jpg", "jpeg"].map { Array($0.utf8) })
    private static let movieExtension = pack(Array("mov".utf8))
    /// Camera raw formats, whatever libmagic calls them (many are "image/tiff" or unknown).
    static let rawExtensions: Set<[UInt8]> = Set(["dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "orf", "rw2",
                                                  "raw", "rwl", "pef", "raf", "srw", "3fr", "iiq", "x3f", "erf", "mef", "mos", "kdc",
                                                  "dcr"].map { Array($0.utf8) })
    private static let packedRawExtensions = Set(rawExtensions.map(pack))
    private static let sidecarSuffixes = [".supplemental-metadata.json", ".json", ".xmp", ".aae"].map { Array($0.utf8) }

    /// A path cut into its folder and its ASCII-lowercased name.
    private struct Name {
        let folder: Data
        let name: [UInt8]
        init(_ path: Data) {
            let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex
            folder = path[path.startIndex..<slash]
            name = path[(path.index(after: slash))...].map(\.asciiLowercased)
        }
        var stemAndExtension: (stem: [UInt8], ext: [UInt8]) {
            guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return (name, []) }
            return (Array(name[..<dot]), Array(name[(dot + 1)...]))
        }
    }

    /// A file that may belong to another: a QuickTime movie, or an "other" file named like a sidecar.
    private struct Dependent {
        let file: File
        let name: Name
        let ownerName: [UInt8]   // the name (sidecar) or stem (movie) its owner must have
        let kind: ItemRecord.LinkKind
    }

    static func links(_ files: [File]) -> [Link] {
        var dependents: [Dependent] = []
        var raws: Set<Int64> = []
        for file in files {
            // Most files are photos that are not raw: told so from the path in place, no name built.
            let raw = isRaw(file.path)
            if !raw && (file.kind == "photo" || (file.kind == "video" && packedExtension(file.path) != movieExtension)) { continue }
            let name = Name(file.path)
            if raw {
                raws.insert(file.id)
                dependents.append(Dependent(file: file, name: name, ownerName: name.stemAndExtension.stem, kind: .raw))
            } else if file.kind == "video" {
                dependents.append(Dependent(file: file, name: name, ownerName: name.stemAndExtension.stem, kind: .livePhoto))
            } else if file.kind == "other", let suffix = sidecarSuffixes.first(where: { name.name.count > $0.count && name.name.ends(with: $0) }) {
                dependents.append(Dependent(file: file, name: name, ownerName: Array(name.name.dropLast(suffix.count)), kind: .sidecar))
            }
        }
        guard !dependents.isEmpty else { return [] }
        // Owners only in the folders that hold a dependent: by full name, by stem of a still, by stem.
        // Every lookup is by a dependent's owner name, so a file whose name and stem are none of them
        // is passed over (compared in two reused buffers, nothing allocated for it).
        let folders = Set(dependents.map(\.name.folder))
        let wanted = Set(dependents.map(\.ownerName))
        var lowered: [UInt8] = [], loweredStem: [UInt8] = []
        var byName: [Data: [[UInt8]: File]] = [:], stillByStem: [Data: [[UInt8]: File]] = [:], mediaByStem: [Data: [[UInt8]: File]] = [:]
        for file in files where file.kind != "other" || raws.contains(file.id) {
            lowercasedNameAndStem(file.path, name: &lowered, stem: &loweredStem)
            guard wanted.contains(lowered) || wanted.contains(loweredStem) else { continue }
            let name = Name(file.path)
            guard folders.contains(name.folder) else { continue }
            let (stem, ext) = name.stemAndExtension
            byName[name.folder, default: [:]][name.name] = file
            if file.kind == "photo" && stillExtensions.contains(ext) { stillByStem[name.folder, default: [:]][stem] = stillByStem[name.folder]?[stem] ?? file }
            mediaByStem[name.folder, default: [:]][stem] = mediaByStem[name.folder]?[stem] ?? file
        }
        var links: [Link] = []
        for dependent in dependents {
            let folder = dependent.name.folder
            switch dependent.kind {
            case .livePhoto, .raw:
                if let still = stillByStem[folder]?[dependent.ownerName] {
                    links.append(Link(item: dependent.file.id, owner: still.id, kind: dependent.kind))
                }
            case .sidecar:
                if let owner = byName[folder]?[dependent.ownerName] ?? stillByStem[folder]?[dependent.ownerName]
                    ?? mediaByStem[folder]?[dependent.ownerName], owner.id != dependent.file.id {
                    links.append(Link(item: dependent.file.id, owner: owner.id, kind: .sidecar))
                }
            }
        }
        // A sidecar of a raw file that goes with its JPEG goes with the JPEG (one level: owners of raws are stills).
        let rawOwner = Dictionary(links.filter { $0.kind == .raw }.map { ($0.item, $0.owner) }, uniquingKeysWith: { first, _ in first })
        links = links.map { link in
            guard link.kind == .sidecar, let owner = rawOwner[link.owner] else { return link }
            return Link(item: link.item, owner: owner, kind: .sidecar)
        }
        return links.sorted { $0.item < $1.item }
    }
}

extension LinkFinder {
    /// Whether `path` names a camera raw file: its extension, ASCII case aside, is one of
    /// `rawExtensions`. Read from the path in place: this is asked of every file a scan links.
    static func isRaw(_ path: Data) -> Bool {
        packedExtension(path).map(packedRawExtensions.contains) ?? false
    }

    /// A name's extension as `Name` finds it (after the name's last dot, unless that dot starts the
    /// name), lowercased and packed into an integer; nil for none or one longer than 8 bytes (no
    /// extension looked for is).
    fileprivate static func packedExtension(_ path: Data) -> UInt64? {
        path.withUnsafeBytes { bytes -> UInt64? in
            let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0) + 1
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > nameStart, bytes.count - dot - 1 <= 8 else { return nil }
            return pack(bytes[(dot + 1)...])
        }
    }

    /// Up to 8 bytes, ASCII-lowercased, in one integer (first byte lowest).
    fileprivate static func pack(_ bytes: some Collection<UInt8>) -> UInt64 {
        var packed: UInt64 = 0, shift: UInt64 = 0
        for byte in bytes {
            packed |= UInt64(byte.asciiLowercased) << shift
            shift += 8
        }
        return packed
    }

    /// The path's name, ASCII-lowercased, and that name's stem (`Name`'s), written into `name` and
    /// `stem`, whose storage is reused from call to call.
    fileprivate static func lowercasedNameAndStem(_ path: Data, name: inout [UInt8], stem: inout [UInt8]) {
        name.removeAll(keepingCapacity: true)
        stem.removeAll(keepingCapacity: true)
        path.withUnsafeBytes { bytes in
            let nameStart = min((bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0) + 1, bytes.count)
            for byte in bytes[nameStart...] { name.append(byte.asciiLowercased) }
        }
        let dot = name.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 == 0 ? nil : $0 } ?? name.count
        stem.append(contentsOf: name[..<dot])
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
