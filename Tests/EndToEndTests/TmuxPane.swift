#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A real terminal for end-to-end tests: one tmux pane (on a private tmux server) running a shell
/// command, driven with send-keys and read with capture-pane.
struct TmuxPane {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { tmux != nil }

    let socket = "swipeclean-test-\(UUID().uuidString.prefix(8))"
    let target = "play"

    /// Starts `command` (a /bin/sh command line) in a `columns`×`rows` pane (100×40 by default).
    init(running command: String, columns: Int = 100, rows: Int = 40) throws {
        guard Self.isAvailable else {
            throw Timeout(description: "tmux is not installed; the terminal tests need it: sudo apt-get install -y tmux (or make setup)")
        }
        // The server started here would inherit a pipe on stdout and keep it open: no output wanted.
        try tmux(["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "/bin/sh", "-c", command], output: false)
    }

    func stop() { _ = try? tmux(["kill-server"]) }

    /// Keys as tmux names them: "d", "Right", "C-c".
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", target]) }

    /// Every line the pane ever showed, its scrollback included, as the terminal wrapped them.
    func history() throws -> [Substring] { try tmux(["capture-pane", "-p", "-S", "-", "-t", target]).split(separator: "\n") }

    /// The same lines with the terminal's wraps undone (`-J`): as many as `history()` only when nothing wrapped.
    func unwrappedHistory() throws -> [Substring] {
        try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", target]).split(separator: "\n")
    }

    /// Polls the pane until `text` shows, or fails after `timeout` seconds (times `Slowdown.factor`)
    /// with the screen in the message. The default is generous: a screen that comes returns at once,
    /// and on a loaded machine a first card drawn with ffmpeg and chafa has taken more than 5 s.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 15) throws -> String {
        try waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the pane until `accept` takes the screen, or fails after `timeout` seconds (times
    /// `Slowdown.factor`) saying `what` was awaited, with the screen in the message.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 15, _ accept: (String) -> Bool) throws -> String {
        let timeout = timeout * Slowdown.factor
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if accept(last) { return last }
            usleep(40_000)
        }
        throw Timeout(description: "\(what) did not appear within \(timeout) s; the screen was:\n\(last)")
    }

    /// The pid of the pane's shell's first child (the program under test), if it runs.
    func childPID() throws -> Int32? {
        let shell = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    struct Timeout: Error, CustomStringConvertible { let description: String }

    /// Runs tmux with posix_spawn rather than Foundation's Process: the server it may start must not
    /// inherit the test runner's blocked signals (its own and the pane's SIGCHLD, SIGTERM) nor its open files.
    @discardableResult
    private func tmux(_ arguments: [String], output: Bool = true) throws -> String {
        let path = Self.tmux ?? "/usr/bin/tmux"
        var fds: [Int32] = [-1, -1]
        if output { guard pipe(&fds) == 0 else { throw Timeout(description: "pipe failed") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if output {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Closing a descriptor that is not open is no error for glibc's posix_spawn.
        for fd in 3..<min(4096, max(256, getdtablesize())) { posix_spawn_file_actions_addclose(&actions, Int32(fd)) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        var data: [UInt8] = []
        if output {
            close(fds[1])
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                data += buffer[..<count]
            }
            close(fds[0])
        }
        guard spawned == 0 else { throw Timeout(description: "cannot run \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: data, as: UTF8.self)
    }
}

/// Quotes a word for /bin/sh.
func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
