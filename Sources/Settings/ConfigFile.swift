import Foundation

/// Reads the bytes of the user's configuration file, refusing what cannot be one: a folder, a device,
/// a FIFO, a socket, a dangling or looping link, more than `maximumBytes`, text that is not UTF-8.
///
/// Opened with `O_NONBLOCK` and checked with `fstat` before the first read, so neither a FIFO nor
/// `/dev/zero` can hang or fill memory.
enum ConfigFile {
    static let maximumBytes = 1 << 20

    /// The file's text, or nil when there is no file (nothing at the path, or a path through a non-folder).
    static func text(of file: String) throws(ConfigError) -> String? {
        guard let bytes = try bytes(of: file) else { return nil }
        return try decode(bytes, file: file)
    }

    static func bytes(of file: String) throws(ConfigError) -> [UInt8]? {
        let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var link = stat()
            switch code {
            case ENOENT where lstat(file, &link) == 0:
                throw .unreadable(file: file, reason: "it is a symbolic link to a file that does not exist; fix the link or remove it")
            case ENOENT, ENOTDIR:
                return nil
            case EACCES:
                throw .unreadable(file: file, reason: "you don't have permission to read it; run `chmod u+r` on it")
            case ELOOP:
                throw .unreadable(file: file, reason: "it is a loop of symbolic links; remove the link")
            default:
                throw .unreadable(file: file, reason: String(cString: strerror(code)))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(file: file, reason: String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(file: file, reason: "it is a folder, not a file; remove the folder or put the settings in a file of that name")
        case S_IFCHR, S_IFBLK: throw .unreadable(file: file, reason: "it is a device, not a file; remove it or make it a TOML text file")
        case S_IFIFO: throw .unreadable(file: file, reason: "it is a FIFO, not a file; remove it or make it a TOML text file")
        case S_IFSOCK: throw .unreadable(file: file, reason: "it is a socket, not a file; remove it or make it a TOML text file")
        default: throw .unreadable(file: file, reason: "it is not a regular file; make it a TOML text file")
        }
        guard status.st_size <= maximumBytes else { throw tooLarge(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: file, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            guard bytes.count <= maximumBytes else { throw tooLarge(file) }
        }
    }

    private static func tooLarge(_ file: String) -> ConfigError {
        .unreadable(file: file, reason: "it is larger than 1 MiB, far more than any configuration; is it the right file?")
    }

    /// `bytes` as text; the first byte that is not UTF-8 is named with its line and column.
    static func decode(_ bytes: [UInt8], file: String) throws(ConfigError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == 0x0A { line += 1; column = 1 } else { column += 1 }
                offset += encoded.count
            case .error:
                throw .notUTF8(file: file, line: line, column: column, byte: offset < bytes.count ? bytes[offset] : 0)
            case .emptyInput:
                // Unreachable: String(validating:) refused these bytes, so the parser meets an error first.
                throw .notUTF8(file: file, line: line, column: column, byte: 0)
            }
        }
    }
}
