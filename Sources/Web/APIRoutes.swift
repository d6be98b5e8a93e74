import Foundation
import Hummingbird

/// `/api/v1`: JSON in and out, the same documents as the command line's `--json`.
extension WebApp {
    func addAPI(to router: Router<BasicRequestContext>) {
        let api = router.group("api/v1")
        let backend = self.backend, rounds = self.rounds, previews = self.previews, scans = self.scans
        // After each deal and decision: the previews of the card on the table and the next ones,
        // made in the background before the page asks (nothing once play has ended).
        let makeAhead = { @Sendable in previews.makeAhead(rounds.upcoming(Self.previewsAhead).map(\.item)) }
        api.get("profile") { _, _ in try WebResponse.json(call { try backend.profileJSON() }) }
        api.get("home") { _, _ in try WebResponse.json(call { try backend.homeJSON() }) }
        api.get("bosses") { _, _ in try WebResponse.json(call { try backend.bossesJSON() }) }
        api.get("trash") { _, _ in try WebResponse.json(call { try backend.trashJSON() }) }
        api.get("report") { _, _ in try WebResponse.json(call { try backend.reportJSON() }) }
        // The report page's HTML (`clean report --html` with the app's navigation), drawn by report.js.
        api.get("report/html") { _, _ in try WebResponse.html(Pages.withNavigation(call { try backend.reportHTML() })) }

        // A new one-time sign-in link (the apiToken only: `clean web link`), for another browser.
        let sessions = self.sessions
        api.post("links") { request, _ in
            let port = request.head.authority?.split(separator: ":").last.flatMap { Int($0) } ?? 0
            let link = WebApp.link(port: port, token: sessions.newLink())
            return WebResponse.json(["url": link, "expiresInSeconds": Int(WebSessions.linkLifetime)] as [String: Any], status: .created)
        }

        api.post("trash/restore") { request, _ in
            let body = try await Self.object(request)
            guard let raw = body["ids"] as? [Any], !raw.isEmpty else {
                throw WebError(400, "send {\"ids\": [ID, …]} with the trash ids to restore")
            }
            let ids = try raw.map { value -> String in
                if let n = value as? Int { return String(n) }
                if let s = value as? String, !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) { return s }
                throw WebError(400, "trash ids are numbers or short names, not \(value)")
            }
            return try WebResponse.json(call { try backend.restoreJSON(ids: ids) })
        }

        // Emptying the trash: the ids the page listed when it asked "delete for good?", and only those.
        api.post("trash/empty") { request, _ in
            let body = try await Self.object(request)
            guard let raw = body["ids"] as? [Any], !raw.isEmpty else {
                throw WebError(400, "send {\"ids\": [ID, …]} with the trash ids to delete for good")
            }
            let ids = try raw.map { value -> Int64 in
                guard let n = value as? Int else { throw WebError(400, "trash ids are numbers, not \(value)") }
                return Int64(n)
            }
            guard rounds.current() == nil else { throw WebError(409, "a round is in play: finish it first (Esc), then empty the trash") }
            return try WebResponse.json(call { try backend.emptyTrashJSON(ids: ids) })
        }

        // Batches played but not confirmed ("Not now"), released or dropped from the home page.
        api.get("pending") { _, _ in try WebResponse.json(call { try backend.pendingJSON() }) }
        api.post("pending/:round") { request, context in
            guard let round = Int64(try context.parameters.require("round")) else { throw WebError(400, "a pending round is named by its number") }
            let body = try await Self.object(request)
            guard let yes = body["yes"] as? Bool else { throw WebError(400, "send {\"yes\": true} to move the batch, {\"yes\": false} to drop it") }
            guard rounds.current() == nil else { throw WebError(409, "a round is in play: finish it first (Esc), then settle the waiting batches") }
            return try WebResponse.json(call { try backend.settlePendingJSON(round: round, confirm: yes) })
        }

        api.post("rounds") { request, _ in
            let body = try await Self.object(request)
            let boss: String?
            switch body["boss"] {
            case nil, is NSNull: boss = nil
            case let name as String: boss = name
            default: throw WebError(400, "boss must be a name or null")
            }
            guard !scans.isRunning else { throw WebError(409, "a scan is running: play once it has finished") }
            let started = try rounds.start(boss: boss)
            makeAhead()
            return WebResponse.json(started, status: .created)
        }

        api.post("rounds/:round/decisions") { request, context in
            let round = try context.parameters.require("round")
            let body = try await Self.object(request)
            guard let decision = body["decision"] as? String else {
                throw WebError(400, "send {\"card\": ID, \"decision\": \"delete\"|\"keep\"|\"undo\"}")
            }
            let card: Int64?
            switch body["card"] {
            case nil, is NSNull: card = nil
            case let n as Int: card = Int64(n)
            default: throw WebError(400, "card must be a card id")
            }
            var keep: [Int64]?
            switch body["keep"] {
            case nil, is NSNull: keep = nil
            case let ids as [Int]: keep = ids.map(Int64.init)
            default: throw WebError(400, "keep must be a list of item ids of the group card's members")
            }
            let answer = try rounds.decide(round: round, card: card, decision: decision, keep: keep)
            makeAhead()
            return WebResponse.json(answer)
        }

        // The round in play, to resume it (a reload, a second tab); `{"round": null}` when none is.
        api.get("rounds/current") { _, _ in
            WebResponse.json(rounds.current() ?? ["round": NSNull()])
        }

        api.get("rounds/:round/batch") { _, context in
            WebResponse.json(try rounds.batch(round: try context.parameters.require("round")))
        }

        api.post("rounds/:round/confirm") { request, context in
            let round = try context.parameters.require("round")
            let body = try await Self.object(request)
            guard let yes = body["yes"] as? Bool else { throw WebError(400, "send {\"yes\": true} to move the batch, {\"yes\": false} to keep it pending") }
            defer { makeAhead() }
            return WebResponse.json(try rounds.confirm(round: round, yes: yes))
        }
    }

    /// Previews made ahead: the card on the table and the three after it (the page shows the next
    /// card under the current one, so a decision asks for the one after; this leaves one in hand).
    static let previewsAhead = 4

    /// The request's JSON object (at most 64 KB).
    static func object(_ request: Request) async throws -> [String: Any] {
        var request = request
        let buffer = try await request.collectBody(upTo: 64 << 10)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any] else {
            throw WebError(400, "the body is not a JSON object")
        }
        return object
    }
}

/// Runs a backend call, saying its failure as a 500 with the command line's own sentence.
func call(_ body: () throws -> String) throws -> String {
    do {
        return try body()
    } catch let error as WebError {
        throw error
    } catch {
        throw WebError(500, String(describing: error))
    }
}
