#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Runs another program (ffmpeg) safely: no shell, the arguments as an array, standard input
/// `/dev/null`, a time limit after which the program is killed, and the file it reads handed over
/// already open as descriptor 3 (`/dev/fd/3`), so a file's name never appears on its command line
/// (a name starting with '-', one that is not UTF-8, a link planted since the walk: none can matter).
/// Standard output and standard error are read as they come, so the memory held is one chunk.
public enum ChildProcess {
    public enum Outcome: Equatable, Sendable {
        /// The program exited with this status.
        case exited(Int32)
        /// A signal ended it (not ours).
        case signalled(Int32)
        /// Still running at the time limit: killed.
        case timedOut
        /// `output` asked to stop: killed.
        case stopped
    }

    /// What comes out of the program: a chunk of standard output or of standard error. Return false
    /// to stop the program (it is killed).
    public enum Chunk {
        case output(UnsafeRawBufferPointer)
        case errors(UnsafeRawBufferPointer)
    }

    /// Runs `program` (an absolute path) with `arguments`; `file`, when given, is opened read-only
    /// without following a link and is the program's descriptor 3. Each chunk goes to `receive` until
    /// the program exits, `receive` returns false, `timeout` seconds pass, or `idle` seconds pass with
    /// nothing written (a program that hangs is stopped then, however long it was allowed in all).
    public static func run(_ program: String, _ arguments: [String], file: RawPath? = nil, timeout: Double, idle: Double? = nil,
                           receive: (Chunk) -> Bool) throws(FileSystemError) -> Outcome {
        var input: Int32 = -1
        if let file {
            input = file.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            guard input >= 0 else { throw FileSystemError.last("open", file) }
            var raw = stat()
            guard fstat(input, &raw) == 0, raw.st_mode & S_IFMT == S_IFREG else {
                close(input)
                throw FileSystemError("read", file, code: EINVAL)
            }
        }
        defer { if input >= 0 { close(input) } }
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        var pid: pid_t = 0
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Glibc's module has no pipe2: the pipes are made and marked close-on-exec under one lock with
        // the spawn, so a program another thread starts meanwhile never inherits them (its pipe's
        // write end held open there would keep this one's reader waiting).
        let spawned = try spawning.withLock { _ throws(FileSystemError) -> Int32 in
            guard pipe(&out) == 0 else { throw FileSystemError.last("run", RawPath(program)) }
            guard pipe(&err) == 0 else {
                close(out[0]); close(out[1])
                throw FileSystemError.last("run", RawPath(program))
            }
            for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return spawn(&pid, program, argv, input: input, output: out[1], errors: err[1])
        }
        close(out[1])
        close(err[1])
        defer { close(out[0]); close(err[0]) }
        guard spawned == 0 else { throw FileSystemError("run", RawPath(program), code: spawned) }
        let deadline = monotonicSeconds() + timeout
        var outcome = pump(output: out[0], errors: err[0], deadline: deadline, idle: idle ?? timeout, receive: receive)
        var status: Int32 = 0
        // Both pipes closed: it is exiting (one that closed them and went on is killed at the limit).
        while outcome == nil {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            if monotonicSeconds() > deadline { outcome = .timedOut } else { usleep(5_000) }
        }
        if let outcome {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return outcome
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    private static let spawning = Mutex(())

    /// Starts `program` with standard input `/dev/null`, `output` and `errors` as standard output and error,
    /// and `input` (when not -1) as descriptor 3.
    private static func spawn(_ pid: inout pid_t, _ program: String, _ argv: [UnsafeMutablePointer<CChar>?],
                              input: Int32, output: Int32, errors: Int32) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var copy: Int32 = -1
        if input == 3 {   // dup2 onto itself would keep close-on-exec: hand over a copy
            copy = fcntl(input, F_DUPFD_CLOEXEC, 10)
            posix_spawn_file_actions_adddup2(&actions, copy, 3)
        } else if input >= 0 {
            posix_spawn_file_actions_adddup2(&actions, input, 3)
        }
        defer { if copy >= 0 { close(copy) } }
        return posix_spawn(&pid, program, &actions, nil, argv, environ)
    }

    /// Reads both pipes until both close (nil), the deadline passes, nothing comes for `idle` seconds, or
    /// `receive` says stop.
    private static func pump(output: Int32, errors: Int32, deadline: Double, idle: Double, receive: (Chunk) -> Bool) -> Outcome? {
        var open: [(fd: Int32, isOutput: Bool)] = [(output, true), (errors, false)]
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { buffer.deallocate() }
        var quietUntil = monotonicSeconds() + idle
        while !open.isEmpty {
            let left = min(deadline, quietUntil) - monotonicSeconds()
            guard left > 0 else { return .timedOut }
            var polls = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), Int32(min(left * 1000 + 1, 1000)))
            if ready < 0 && errno != EINTR { return .timedOut }
            guard ready > 0 else { continue }
            var closed: [Int32] = []
            for (index, entry) in open.enumerated() where polls[index].revents != 0 {
                let count = read(entry.fd, buffer.baseAddress, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else {
                    closed.append(entry.fd)
                    continue
                }
                quietUntil = monotonicSeconds() + idle
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                guard receive(entry.isOutput ? .output(chunk) : .errors(chunk)) else { return .stopped }
            }
            open.removeAll { closed.contains($0.fd) }
        }
        return nil
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
