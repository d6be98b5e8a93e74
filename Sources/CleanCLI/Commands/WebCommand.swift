#if canImport(Glibc)
import App
import Glibc
#endif
import ArgumentParser
import FileSystem
import Foundation
import Web

extension Clean {
    /// `clean web`: the game in the browser, served on the loopback only (127.0.0.1, and [::1] when it can).
    struct WebServe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "web",
            abstract: "Play in the browser: a local web app on 127.0.0.1 and [::1] (Ctrl-C stops it).",
            discussion: """
                Listens on 127.0.0.1:PORT and, on the same PORT, on [::1], where a browser may send \
                `localhost`; if another program holds [::1]:PORT, http://localhost:PORT/ is refused and \
                only the 127.0.0.1 link works (a warning says so). \
                Prints `Open http://127.0.0.1:PORT/?token=TOKEN` first: a sign-in link that works once, \
                for one browser; the page then keeps a secret of its own (never a cookie) that ends when \
                the server stops. `clean web link` asks the running server for a new link, for another \
                browser. While it runs, $SWIPECLEAN_HOME/web.json (0600) holds {url, port, apiToken} for \
                scripts: `Authorization: Bearer <apiToken>` opens /api/v1 and /media. The link works once, \
                within 5 minutes. With a desktop session the browser is opened with xdg-open (unless \
                --no-open is given) on a page only you can read that sends it on to the link, so the \
                link never appears on a command line. One clean web serves a home at a time: a second \
                one says where the first is and exits 1. Home, play (drag or \
                flick the card: left deletes, right keeps; keys ← d, → k, u undo, Esc quit), the batch \
                confirmation, the trash with restore and the report, over the same rounds, trash and \
                lock as the terminal. \
                With --phone it also serves one home-network address at the same PORT (--address, default \
                this machine's private IPv4 address on the default route; public addresses and 0.0.0.0 \
                are refused) and prints `Phone http://ADDR:PORT/pair/TOKEN` second: a link that pairs one \
                phone, once, within 5 minutes, also shown on stderr as a QR code with a six-digit code to \
                type. Nothing answers a device that has not paired (401), and a paired phone's key works only \
                from the address it paired from. p and Enter print a new link, r and Enter unpair every \
                phone; the server stops after 30 minutes without a request of a paired phone or a \
                signed-in page. Plain HTTP: at home only.
                """,
            subcommands: [Link.self]
        )

        @Option(help: "Port to listen on, on 127.0.0.1 and [::1] (0: any free port).")
        var port: Int = 0

        @Flag(help: "Do not open a browser; just print the link.")
        var noOpen = false

        @Flag(help: "Also serve one home-network address for a phone, paired with a one-time link and QR code (plain HTTP: at home only).")
        var phone = false

        @Option(help: "With --phone: the address to serve the phone on (default: this machine's private IPv4 address on the default route).")
        var address: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
            if address != nil, !phone { throw ValidationError("--address is the phone's address: give it with --phone") }
        }

        func run() throws {
            var served: String?
            if phone {
                do {
                    served = try address.map(PhoneAddress.check) ?? PhoneAddress.system()
                } catch {
                    throw CleanError("clean web --phone: \(error)")
                }
            }
            try WebLauncher.serve(port: port, open: !noOpen, path: "/", phone: served)
        }
    }
}

extension Clean.WebServe {
    /// `clean web link`: a new one-time sign-in link from the running server, for another browser.
    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a new sign-in link for the running clean web (one browser, once, within 5 minutes).",
            discussion: """
                Reads $SWIPECLEAN_HOME/web.json, which the running `clean web` writes, and asks that \
                server for a new link: `Open http://127.0.0.1:PORT/?token=TOKEN`. Open it in the browser \
                to sign in; each link signs in one browser once.
                """
        )

        func run() throws {
            let context = try AppContext()
            let state: WebStateFile
            let answer: LoopbackClient.Answer
            do {
                state = try WebStateFile.read(home: context.home)
            } catch {
                throw CleanError("\(error)")
            }
            do {
                answer = try LoopbackClient.send(port: state.port, method: "POST", path: "/api/v1/links",
                                                 headers: ["Authorization": "Bearer \(state.apiToken)", "Content-Type": "application/json"], body: "{}")
            } catch {
                throw CleanError("no clean web answers on 127.0.0.1:\(state.port) (\(error)); \(WebStateFile.path(home: context.home)) may be left from a run that was killed: start one with `clean web`")
            }
            guard answer.status == 201, let url = (try? JSONDecoder().decode(SignInLink.self, from: Data(answer.body.utf8)))?.url else {
                throw CleanError("the clean web on port \(state.port) refused a new link (HTTP \(answer.status)); is it this home's server?")
            }
            print("Open \(url)")
        }
    }
}

/// Starts the web app, prints the link, opens a browser when there is a desktop, serves until a signal.
/// While it serves, `web.json` in the state directory says where and holds the scripts' token.
enum WebLauncher {
    static func serve(port: Int, open: Bool, path: String, phone address: String? = nil) throws {
        let context = try AppContext()
        try StateFolder.make(context.home)
        let serverLock = try oneServer(home: context.home)
        defer { withExtendedLifetime(serverLock) {} }
        let phone = address.map { PhonePairing(address: $0, onEvent: PhoneTerminal.tell) }
        let app = WebApp(backend: AppService(environment: context.environment, door: context.door), phone: phone)
        let environment = context.environment, home = context.home
        let failure = FailureBox()
        let opener = OpenerBox()
        let written = StateBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await app.run(port: port) { listening in
                    let bound = listening.port
                    let url = app.openURL(port: bound, path: path)
                    let state = WebStateFile(url: "http://127.0.0.1:\(bound)/", port: bound, apiToken: app.apiToken)
                    do {
                        try state.write(home: home)
                        written.set(state)
                    } catch {
                        Terminal.warn("clean web: \(error); scripts cannot find this server.")
                    }
                    print("Open \(url)")
                    fflush(nil)
                    if let warning = listening.warning { Terminal.warn("clean web: warning: \(warning)") }
                    let also = listening.localhost == .served ? " and [::1]:\(bound)" : ""
                    Terminal.warn("clean web: serving on 127.0.0.1:\(bound)\(also); Ctrl-C stops it. Another browser: `clean web link`.")
                    if let phone, listening.phone { PhoneTerminal.start(phone, activity: app.activity) }
                    if open { opener.set(openBrowser(url, home: home, environment: environment)) }
                }
            } catch {
                failure.set(error)
            }
            done.signal()
        }
        done.wait()
        written.state?.remove(home: home)
        opener.remove()
        if let error = failure.error as? PhoneListenError, let address {
            switch error.errno {
            case EADDRNOTAVAIL: throw CleanError("clean web --phone: \(address) is not an address of this machine (`ip -4 addr` lists them); give one with --address")
            case EADDRINUSE: throw CleanError("clean web --phone: another program holds that port on \(address); pick a free one with --port N (or try again)")
            default: throw CleanError("clean web --phone: cannot serve on \(address): \(error)")
            }
        }
        if let message = failure.message {
            if message.contains("Address already in use") || message.contains("EADDRINUSE") {
                throw CleanError("port \(port) on 127.0.0.1 is already in use; pick another with --port, or --port 0 for any free one")
            }
            throw CleanError("the web server stopped: \(message)")
        }
    }

    /// The lock that makes this the home's one server (`web.lock`, held while it serves), or an error
    /// saying where the running one is.
    static func oneServer(home: String) throws -> ProcessLock {
        let path = home + "/web.lock"
        guard let lock = try AppContext.lock(path, home: home) else {
            let running = (try? WebStateFile.read(home: home)).map { " at \($0.url)" } ?? ""
            throw CleanError("a clean web is already running for \(home)\(running); `clean web link` prints a new sign-in link for it "
                             + "(or stop it with Ctrl-C in its terminal, and start this one again)")
        }
        return lock
    }

    /// Opens the sign-in link with xdg-open in a desktop session (DISPLAY or WAYLAND_DISPLAY), through a
    /// page of its own that only this user can read (0600, in `$XDG_RUNTIME_DIR` or the state folder)
    /// and that sends the browser on to the link, as Jupyter does: the link itself never appears on a
    /// command line, which every local user can read in /proc. The page's path, or nil when nothing
    /// was opened (the printed link is all).
    static func openBrowser(_ url: String, home: String, environment: [String: String]) -> String? {
        let desktop = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard desktop else { return nil }
        let page: String
        do {
            page = try OpenPage.write(url, runtime: environment["XDG_RUNTIME_DIR"], home: home)
        } catch {
            Terminal.warn("clean web: \(error); open the link yourself.")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", page]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Terminal.warn("clean web: could not start xdg-open (\(error)); open the link yourself.")
        }
        return page
    }
}

/// The page the browser is opened on: it holds the link and sends the browser on to it.
enum OpenPage {
    /// Writes the page (0600, created anew: never through a link or over another's file) and returns its path.
    static func write(_ url: String, runtime: String?, home: String) throws -> String {
        let folder = runtime.flatMap { $0.isEmpty ? nil : $0 } ?? home
        let path = folder + "/swipeclean-open-\(getpid()).html"
        let escaped = HTMLText.escape(url)
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=\(escaped)">
            <title>Opening SwipeClean…</title></head>
            <body><p>Opening SwipeClean… <a href="\(escaped)">go on</a>.</p></body></html>

            """
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CleanError("cannot write the page that opens the browser, \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(html.utf8)
        guard Glibc.write(fd, bytes, bytes.count) == bytes.count else {
            throw CleanError("cannot write the page that opens the browser, \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }
}

/// The page that opened the browser, removed when the server stops.
private final class OpenerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var path: String?
    func set(_ page: String?) { lock.lock(); path = page; lock.unlock() }
    func remove() { lock.lock(); if let path { unlink(path) }; lock.unlock() }
}

private final class StateBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: WebStateFile?
    func set(_ state: WebStateFile) { lock.lock(); value = state; lock.unlock() }
    var state: WebStateFile? { lock.lock(); defer { lock.unlock() }; return value }
}

private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (any Error)?
    func set(_ error: any Error) { lock.lock(); value = error; lock.unlock() }
    var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return value }
    var message: String? { error.map { "\($0)" } }
}
