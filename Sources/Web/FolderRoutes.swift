import FileSystem
import Foundation
import Hummingbird

/// The folders a user may pick on the computer's page to scan: the home folder, the desktop's Pictures
/// folder and mounted media, each resolved (symbolic links and `..` gone) before anything is compared.
struct FolderPicker: Sendable {
    let environment: [String: String]

    /// The roots that are folders now, resolved, in the order the page offers them.
    func roots() -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        let user = environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
        let candidates: [(String, String?)] = [
            ("Pictures", PicturesFolder.path(environment: environment)),
            ("Home", environment["HOME"]),
            ("Media", user.map { "/media/" + $0 }),
            ("Media", user.map { "/run/media/" + $0 }),
            ("Mounted", "/mnt"),
        ]
        for case let (name, path?) in candidates {
            guard let resolved = Self.resolve(path), Self.isFolder(resolved), !found.contains(where: { $0.path == resolved }) else { continue }
            found.append((name, resolved))
        }
        return found
    }

    /// A path the page sent, resolved, if it is a readable folder inside one of the roots; otherwise the reason (400).
    func folder(_ path: String) throws -> String {
        guard path.hasPrefix("/") else { throw WebError(400, "a folder is named by its absolute path") }
        guard let resolved = Self.resolve(path) else {
            throw WebError(400, "cannot open that folder: \(String(cString: strerror(errno)))")
        }
        guard roots().contains(where: { Self.isInside(resolved, $0.path) }) else {
            throw WebError(400, "that path is outside the folders offered here (home, Pictures, mounted media)")
        }
        guard Self.isFolder(resolved) else { throw WebError(400, "that path is not a folder") }
        guard access(resolved, R_OK | X_OK) == 0 else { throw WebError(400, "that folder cannot be read (permission denied)") }
        return resolved
    }

    /// The subfolders of `path`, sorted, hidden ones left out, symbolic links not followed; `parent` null at a root.
    func listing(under path: String) throws -> FolderListing {
        let folder = try folder(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var folders: [FolderListing.Entry] = []
        for name in names.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) where !name.hasPrefix(".") {
            let child = folder == "/" ? "/" + name : folder + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            folders.append(FolderListing.Entry(name: name, path: child, unreadable: access(child, R_OK | X_OK) != 0))
        }
        let isRoot = roots().contains { $0.path == folder }
        let parent = (folder as NSString).deletingLastPathComponent
        let parentInside = !isRoot && roots().contains { Self.isInside(parent, $0.path) }
        return FolderListing(path: folder, parent: parentInside ? parent : nil, folders: folders)
    }

    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}

/// `GET /api/v1/folders` (the roots) and `GET /api/v1/folders?under=PATH` (a folder's subfolders): what the
/// computer's page picks a folder to scan from. Not on the phone's address.
extension WebApp {
    func addFolderAPI(to routes: Routes) {
        let picker = folderPicker
        routes.get("api/v1/folders", .computer) { request, _ in
            if let under = request.uri.queryParameters.get("under") {
                return try WebResponse.document(try picker.listing(under: under))
            }
            return try WebResponse.document(FolderRoots(folders: picker.roots().map { FolderListing.Entry(name: $0.name, path: $0.path) }))
        }
    }

    /// The folders of a `POST /api/v1/scan` body `{"folders": [PATH, …]}`, each checked (400 with the reason).
    func foldersToScan(_ list: [String]) throws -> [String] {
        guard !list.isEmpty else { throw WebError(400, "\"folders\" must be a non-empty list of folder paths") }
        return try list.map { try folderPicker.folder($0) }
    }
}

/// `GET /api/v1/folders?under=PATH`: `{"path", "parent", "folders": [{"name", "path"(, "unreadable": true)}]}`.
struct FolderListing: Encodable {
    struct Entry: Encodable {
        let name: String
        let path: String
        var unreadable = false

        private enum Keys: String, CodingKey { case name, path, unreadable }

        /// `unreadable` only where it is so.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try c.encode(path, forKey: .path)
            if unreadable { try c.encode(true, forKey: .unreadable) }
        }
    }

    let path: String
    let parent: String?
    let folders: [Entry]
}

/// `GET /api/v1/folders`: the roots, `{"folders": [{"name", "path"}]}`.
struct FolderRoots: Encodable {
    let folders: [FolderListing.Entry]
}
