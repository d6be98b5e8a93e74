import Foundation
import Hummingbird

/// `/api/v1/scan`: scanning the folders scanned before again, from the pages, with its progress.
extension WebApp {
    func addScanAPI(to router: Router<BasicRequestContext>) {
        let api = router.group("api/v1")
        let backend = self.backend, rounds = self.rounds, scans = self.scans
        api.get("scan") { _, _ in
            var state = scans.state()
            state["folders"] = try backend.knownFolders()
            return WebResponse.json(state)
        }
        api.post("scan") { request, _ in
            guard !rounds.isRunning else { throw WebError(409, "a round is in play: finish it first (Esc), then scan") }
            var request = request
            let body = try await request.collectBody(upTo: 64 << 10)
            if body.readableBytes > 0 {
                guard let object = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any] else {
                    throw WebError(400, "the body is not a JSON object")
                }
            }
            if let object = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any], object["folders"] != nil {
                let picked = try self.foldersToScan(object)
                guard scans.start(picked, scan: { progress in try backend.scanFolders(picked, progress: progress) }) else {
                    throw WebError(409, "a scan is running already")
                }
                return WebResponse.json(["running": true, "scanning": picked] as [String: Any], status: .accepted)
            }
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
