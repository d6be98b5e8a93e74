#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Play

/// Where output goes and how it looks: stdout for results, stderr for progress and warnings.
enum Terminal {
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }

    /// The size of the terminal on stdout, or nil when stdout is not one.
    static var size: (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Rewrites the current stderr line (progress); `finish` clears it.
    static func status(_ line: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    static func clearStatus() {
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

/// Human-readable sizes: 1,023 B, 1.5 KB, 412.3 MB, 3.1 GB (decimal units, as file managers show).
func humanBytes(_ bytes: Int64) -> String { ByteCount.human(bytes) }

/// A whole number with thousands separators: 12,345.
func grouped(_ number: Int) -> String { Words.grouped(number) }

/// "1 card", "3 cards", "2 copies" (`Words.count`).
func plural(_ count: Int, _ noun: String, _ pluralForm: String? = nil) -> String { Words.count(count, noun, plural: pluralForm) }
