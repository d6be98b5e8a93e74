#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// The state folder is private: it holds the index (every photo's path, date and place), the trash and
/// the web server's token. Made 0700 with its files 0600 (the trash 0700, as the FreeDesktop spec says);
/// a folder an older version left wider is tightened at the next start, with one line saying so.
package enum StateFolder {
    /// The files of the folder's top level that must be its owner's only.
    package static let files = ["library.sqlite", "library.sqlite-wal", "library.sqlite-shm", "library.sqlite-journal", "web.json", "web.lock", "lock", "play.lock",
                                        "scan.lock"]
    package static let folders = ["Trash"]

    private static let secured = Mutex<Set<String>>([])

    /// Makes `home` (and its parents, as the user's umask says) with the folder itself 0700.
    package static func make(_ home: String) throws {
        let parent = (home as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        if mkdir(home, 0o700) != 0, errno != EEXIST {
            throw CleanError("cannot create the state directory \(home): \(String(cString: strerror(errno))); set SWIPECLEAN_HOME to a writable folder")
        }
        secure(home)
    }

    /// Tightens `home` if it is wider than its owner's (once per process): the folder, the index, its WAL
    /// and shared memory, web.json and the trash folder lose every group and other permission (0755 becomes
    /// 0700, 0644 0600; nothing gains a permission, so a read-only folder stays read-only). Says so on
    /// stderr when it changed anything; says nothing when it cannot (another owner's, a read-only mount).
    package static func secure(_ home: String) {
        guard secured.withLock({ $0.insert(home).inserted }) else { return }
        var changed: [String] = []
        if tighten(home) { changed.append("the folder") }
        for name in files + folders where tighten(home + "/" + name) { changed.append(name) }
        guard !changed.isEmpty else { return }
        AppLog.warn("clean: made \(home) private (\(changed.joined(separator: ", ")) readable by you alone): it lists every photo's path, date and place")
    }

    /// Whether `path` (not followed if a link), ours, had group or other permissions and has none now.
    private static func tighten(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_uid == geteuid() else { return false }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFDIR || kind == S_IFREG, status.st_mode & 0o077 != 0 else { return false }
        return chmod(path, status.st_mode & 0o700) == 0
    }

    /// Creates the index file 0600 before SQLite opens it (its WAL and shared memory take its mode).
    package static func createDatabase(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
    }
}
