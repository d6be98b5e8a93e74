#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock(2)`) on a file, held until the value is released:
/// only one `clean` at a time moves files or reconciles the trash.
public final class ProcessLock {
    private let descriptor: Int32

    /// Takes the lock, or returns nil at once when another process holds it. A symbolic link at `path` is never
    /// followed (no file is created at its target, wherever it points: ELOOP), nor is a folder there taken (EISDIR).
    public init?(_ path: RawPath) throws(FileSystemError) {
        let fd = path.withCString { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw FileSystemError.last("open", path) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw FileSystemError("lock", path, code: code)
        }
        descriptor = fd
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
