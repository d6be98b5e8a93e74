#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The terminal state to put back. Globals, because the signal handlers below may touch nothing else.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var rawIsOn = false
nonisolated(unsafe) private var alternateScreenIsOn = false
nonisolated(unsafe) private var exitHookInstalled = false

private let restoredSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// Puts the terminal back as it was: main screen, visible cursor, cooked mode. Async-signal-safe
/// (write and tcsetattr only), idempotent.
private func putTerminalBack() {
    if alternateScreenIsOn {
        alternateScreenIsOn = false
        let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = write(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)
    }
    if rawIsOn {
        rawIsOn = false
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
    }
}

private func signalIgnore(_ signal: Int32) {
    #if canImport(Glibc)
    _ = Glibc.signal(signal, SIG_IGN)
    #else
    _ = Darwin.signal(signal, SIG_IGN)
    #endif
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT while the terminal is raw: put it back, then die of the same signal.
private func restoreAndReraise(_ signal: Int32) {
    putTerminalBack()
    #if canImport(Glibc)
    _ = Glibc.signal(signal, SIG_DFL)
    #else
    _ = Darwin.signal(signal, SIG_DFL)
    #endif
    _ = raise(signal)
}

/// The terminal in raw mode for play: keys arrive one by one, unechoed; Ctrl-C is a key (ISIG off),
/// so the game decides what it means. Output processing stays on, so "\n" still starts a new line.
///
/// Whatever ends the process — `restore()`, deinit, `exit`, SIGINT/SIGTERM/SIGHUP/SIGQUIT — the
/// terminal is put back exactly as it was found.
final class RawMode {
    /// Enters raw mode on stdin, or nil when stdin is not a terminal.
    static func enter() -> RawMode? {
        guard !rawIsOn, tcgetattr(STDIN_FILENO, &savedTermios) == 0 else { return nil }
        var raw = savedTermios
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        var handled: [Int32] = []
        for signal in restoredSignals {
            #if canImport(Glibc)
            let previous = Glibc.signal(signal, restoreAndReraise)
            #else
            let previous = Darwin.signal(signal, restoreAndReraise)
            #endif
            // A signal the shell told us to ignore (a job started with nohup or &) stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signalIgnore(signal)
            } else {
                handled.append(signal)
            }
        }
        if !exitHookInstalled {
            exitHookInstalled = true
            atexit { putTerminalBack() }
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            RawMode(handled: handled).restoreSignalDefaults()
            return nil
        }
        rawIsOn = true
        return RawMode(handled: handled)
    }

    /// The signals whose handlers this mode installed (and takes back off).
    private let handled: [Int32]

    private init(handled: [Int32]) { self.handled = handled }

    deinit { restore() }

    /// A screen of its own for the cards, with the cursor hidden; the shell's screen comes back after.
    func enterAlternateScreen() {
        guard rawIsOn, !alternateScreenIsOn else { return }
        fflush(nil)
        alternateScreenIsOn = true
        let enter: StaticString = "\u{1B}[?1049h\u{1B}[?25l"
        _ = write(STDOUT_FILENO, enter.utf8Start, enter.utf8CodeUnitCount)
    }

    func leaveAlternateScreen() {
        guard alternateScreenIsOn else { return }
        fflush(nil)
        alternateScreenIsOn = false
        let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = write(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)
    }

    /// Back to the terminal as it was found; typed-ahead keys are dropped. Safe to call twice.
    func restore() {
        fflush(nil)
        putTerminalBack()
        restoreSignalDefaults()
    }

    private func restoreSignalDefaults() {
        for signal in handled {
            #if canImport(Glibc)
            _ = Glibc.signal(signal, SIG_DFL)
            #else
            _ = Darwin.signal(signal, SIG_DFL)
            #endif
        }
    }
}
