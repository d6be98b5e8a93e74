import FileSystem
import Library

/// A store another program owns (`protected` in `scan --json` and `report --json`): read, never changed.
package struct StoreDocument: Encodable {
    let path: RawPath
    let kind: String
    let files: Int
    let bytes: Int64
    let photos: Int
    let videos: Int
    let encrypted: Bool

    package init(_ store: ProtectedStore) {
        path = store.path
        kind = store.kind.rawValue
        files = store.files
        bytes = store.bytes
        photos = store.photos
        videos = store.videos
        encrypted = store.encrypted
    }
}

/// A file a command could not handle, and why (`errors` of a scan, `skipped` of a round).
package struct FileProblem: Encodable {
    let path: RawPath
    let reason: String

    package init(path: RawPath, reason: String) {
        self.path = path
        self.reason = reason
    }
}
