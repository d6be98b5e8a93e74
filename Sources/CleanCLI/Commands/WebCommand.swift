import ArgumentParser
import Foundation
import Web

extension Clean {
    /// `clean web`: the game in the browser, served on 127.0.0.1 only.
    struct WebServe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "web",
            abstract: "Play in the browser: a local web app on 127.0.0.1 (Ctrl-C stops it).",
            discussion: """
                Prints `Open http://127.0.0.1:PORT/?token=TOKEN` first: the link carries a random token \
                for this run, which the page swaps for a cookie. Only this machine can connect, and \
                only through that link. With a desktop session the link is opened with xdg-open \
                unless --no-open is given. Home, play (drag or flick the card: left deletes, right \
                keeps; keys ← d, → k, u undo, Esc quit), the batch confirmation, the trash with \
                restore and the report, over the same rounds, trash and lock as the terminal.
                """
        )

        @Option(help: "Port to listen on (0: any free port).")
        var port: Int = 0

        @Flag(help: "Do not open a browser; just print the link.")
        var noOpen = false

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        }

        func run() throws {
            try WebLauncher.serve(port: port, open: !noOpen, path: "/")
        }
    }
}

/// Starts the web app, prints the link, opens a browser when there is a desktop, serves until a signal.
enum WebLauncher {
    static func serve(port: Int, open: Bool, path: String) throws {
        let context = try AppContext()
        let app = WebApp(backend: CLIWebBackend(environment: context.environment, door: context.door))
        let environment = context.environment
        let failure = FailureBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await app.run(port: port) { bound in
                    let url = app.openURL(port: bound, path: path)
                    print("Open \(url)")
                    fflush(nil)
                    Terminal.warn("clean web: serving on 127.0.0.1:\(bound); Ctrl-C stops it.")
                    if open { openBrowser(url, environment: environment) }
                }
            } catch {
                failure.set("\(error)")
            }
            done.signal()
        }
        done.wait()
        if let message = failure.message {
            if message.contains("Address already in use") || message.contains("EADDRINUSE") {
                throw CleanError("port \(port) on 127.0.0.1 is already in use; pick another with --port, or --port 0 for any free one")
            }
            throw CleanError("the web server stopped: \(message)")
        }
    }

    /// xdg-open with a desktop session (DISPLAY or WAYLAND_DISPLAY); otherwise the printed link is all.
    static func openBrowser(_ url: String, environment: [String: String]) {
        let desktop = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard desktop else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Terminal.warn("clean web: could not start xdg-open (\(error)); open the link yourself.")
        }
    }
}

private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    func set(_ message: String) { lock.lock(); text = message; lock.unlock() }
    var message: String? { lock.lock(); defer { lock.unlock() }; return text }
}
