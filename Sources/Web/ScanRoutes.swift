import Foundation
import Hummingbird

/// `/api/v1/scan`: scanning the folders scanned before again, from the pages, with its progress.
extension WebApp {
    func addScanAPI(to routes: Routes) {
        let backend = self.backend, rounds = self.rounds, scans = self.scans
        routes.get("api/v1/scan", .signedIn) { _, _ in
            var state = scans.state()
            state["folders"] = try backend.knownFolders()
            return WebResponse.json(state)
        }
        routes.post("api/v1/scan", .signedIn) { _, _ in
            guard !rounds.isRunning else { throw WebError(409, "a round is in play: finish it first (Esc), then scan") }
            let folders = try backend.knownFolders()
            guard !folders.isEmpty else {
                throw WebError(404, "no folder was scanned before (or none is there any more): scan one on the computer first, clean scan DIR")
            }
            guard scans.start(folders, scan: { progress in try backend.scanKnownFolders(progress: progress) }) else {
                throw WebError(409, "a scan is running already")
            }
            return WebResponse.json(["running": true, "scanning": folders] as [String: Any], status: .accepted)
        }
    }
}
