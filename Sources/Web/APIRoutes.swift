import App
import Foundation
import Hummingbird

/// `/api/v1`: JSON in and out, the same documents as the command line's `--json`.
extension WebApp {
    func addAPI(to routes: Routes) {
        let backend = self.backend, rounds = self.rounds, previews = self.previews, scans = self.scans
        // After each deal and decision: the previews of the card on the table and the next ones,
        // made in the background before the page asks (nothing once play has ended).
        let makeAhead = { @Sendable in previews.makeAhead(rounds.upcoming(Self.previewsAhead).map(\.item)) }
        routes.get("api/v1/profile", .signedIn) { _, _ in try WebResponse.document(backend.profile()) }
        routes.get("api/v1/home", .signedIn) { _, _ in try WebResponse.document(backend.home()) }
        routes.get("api/v1/bosses", .signedIn) { _, _ in try WebResponse.document(backend.bosses()) }
        routes.get("api/v1/trash", .signedIn) { _, _ in try WebResponse.document(backend.trash()) }
        routes.get("api/v1/report", .signedIn) { _, _ in try WebResponse.document(backend.report()) }
        // The report page's HTML (`clean report --html` with the app's navigation), drawn by report.js.
        routes.get("api/v1/report/html", .signedIn) { _, _ in try WebResponse.html(Pages.withNavigation(backend.reportHTML())) }

        // A new one-time sign-in link (the apiToken only: `clean web link`), for another browser.
        let sessions = self.sessions
        routes.post("api/v1/links", .script) { request, _ in
            let port = request.head.authority?.split(separator: ":").last.flatMap { Int($0) } ?? 0
            let link = WebApp.link(port: port, token: sessions.newLink())
            return try WebResponse.document(SignInLink(url: link, expiresInSeconds: Int(WebSessions.linkLifetime)), status: .created)
        }

        routes.post("api/v1/trash/restore", .signedIn) { request, _ in
            let body = try await Self.body(TrashIDs.self, of: request, hint: "{\"ids\": [ID, …]} with the trash ids to restore")
            let ids = try body.ids.map { text -> Int64 in
                guard let id = Int64(text) else { throw WebError(400, "trash ids are numbers (see the trash list)") }
                return id
            }
            return try WebResponse.document(backend.restore(ids: ids))
        }

        // Emptying the trash: the ids the page listed when it asked "delete for good?", and only those;
        // the computer's (a phone cannot delete anything for good).
        routes.post("api/v1/trash/empty", .computer) { request, _ in
            let body = try await Self.body(TrashNumbers.self, of: request, hint: "{\"ids\": [ID, …]} with the trash ids (numbers) to delete for good")
            guard rounds.current() == nil else { throw WebError(409, "a round is in play: finish it first (Esc), then empty the trash") }
            return try WebResponse.document(backend.emptyTrash(ids: body.ids))
        }

        // Batches played but not confirmed ("Not now"), released or dropped from the home page.
        routes.get("api/v1/pending", .signedIn) { _, _ in try WebResponse.document(backend.pending()) }
        routes.post("api/v1/pending/:round", .signedIn) { request, context in
            guard let round = Int64(try context.parameters.require("round")) else { throw WebError(400, "a pending round is named by its number") }
            let body = try await Self.body(YesOrNo.self, of: request, hint: "{\"yes\": true} to move the batch, {\"yes\": false} to drop it")
            guard rounds.current() == nil else { throw WebError(409, "a round is in play: finish it first (Esc), then settle the waiting batches") }
            switch try backend.settlePending(round: round, confirm: body.yes) {
            case .settled(let report): return try WebResponse.document(report)
            case .notPending: throw WebError(404, "that round is not waiting for a confirmation (it was confirmed or dropped already)")
            case .settledMeanwhile: throw WebError(409, "that round was settled meanwhile")
            }
        }

        routes.post("api/v1/rounds", .signedIn) { request, _ in
            let body = try await Self.body(NewRound.self, of: request, hint: "{\"boss\": NAME} or {\"boss\": null} for a round")
            guard !scans.isRunning else { throw WebError(409, "a scan is running: play once it has finished") }
            let started = try rounds.start(boss: body.boss)
            makeAhead()
            return try WebResponse.document(started, status: .created)
        }

        routes.post("api/v1/rounds/:round/decisions", .signedIn) { request, context in
            let round = try context.parameters.require("round")
            let body = try await Self.body(Decision.self, of: request,
                                           hint: "{\"card\": ID, \"decision\": \"delete\"|\"keep\"|\"undo\"} (and \"keep\": [item ids] on a group card)")
            let answer = try rounds.decide(round: round, card: body.card, decision: body.decision, keep: body.keep)
            makeAhead()
            return try WebResponse.document(answer)
        }

        // The round in play, to resume it (a reload, a second tab); `{"round": null}` when none is.
        routes.get("api/v1/rounds/current", .signedIn) { _, _ in
            try WebResponse.document(rounds.current() ?? .none)
        }

        // The round's clock stops while the comparison of two copies is open (looking closely costs no round time).
        routes.post("api/v1/rounds/:round/clock", .signedIn) { request, context in
            let round = try context.parameters.require("round")
            let body = try await Self.body(ClockPause.self, of: request, hint: "{\"paused\": true} while comparing, {\"paused\": false} after")
            return try WebResponse.document(try rounds.clock(round: round, paused: body.paused))
        }

        routes.get("api/v1/rounds/:round/batch", .signedIn) { _, context in
            try WebResponse.document(try rounds.batch(round: try context.parameters.require("round")))
        }

        routes.post("api/v1/rounds/:round/confirm", .signedIn) { request, context in
            let round = try context.parameters.require("round")
            let body = try await Self.body(Confirm.self, of: request,
                                           hint: "{\"yes\": true} to move the batch (\"except\": [card ids] to keep some of it), {\"yes\": false} to keep it pending")
            defer { makeAhead() }
            return try WebResponse.document(try rounds.confirm(round: round, yes: body.yes, except: body.except ?? []))
        }
    }

    /// Previews made ahead: the card on the table and the three after it (the page shows the next
    /// card under the current one, so a decision asks for the one after; this leaves one in hand).
    static let previewsAhead = 4
}

/// `POST /api/v1/links`: a new one-time sign-in link and how long it works.
package struct SignInLink: Codable {
    package let url: String
    package let expiresInSeconds: Int
}
