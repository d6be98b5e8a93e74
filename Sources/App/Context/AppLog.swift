import Foundation

/// What the app layer tells the person at the terminal while it works (a recovery finished, a read-only
/// index): one line on stderr, never on stdout, which carries results and JSON.
package enum AppLog {
    package static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
