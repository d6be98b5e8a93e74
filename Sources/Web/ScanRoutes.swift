import Foundation
import Hummingbird

/// `/api/v1/scan`: scanning the folders scanned before again, from the pages, with its progress.
extension WebApp {
    func addScanAPI(to routes: Routes) {
        let backend = self.backend, rounds = self.rounds, scans = self.scans
        routes.get("api/v1/scan", .signedIn) { _, _ in
            try WebResponse.document(scans.state(folders: try backend.knownFolders()))
        }
        // With {"folders": [PATH, …]}: those folders, picked on the computer's page (a phone may only scan
        // again); with no body (or no "folders"), the folders scanned before.
        routes.post("api/v1/scan", .signedIn) { request, context in
            guard !rounds.isRunning else { throw WebError(409, "a round is in play: finish it first (Esc), then scan") }
            var request = request
            let bytes = try await request.collectBody(upTo: Self.bodyLimit)
            let body = bytes.readableBytes == 0 ? ScanBody(folders: nil)
                : try Self.decode(ScanBody.self, Data(bytes.readableBytesView), hint: "{\"folders\": [PATH, …]}, or no body to scan the known folders again")
            if let folders = body.folders {
                guard context.front != .phone else { throw WebError(403, "new folders are chosen on the computer that runs clean web, not from a phone") }
                let picked = try self.foldersToScan(folders)
                guard scans.start(picked, scan: { progress in try backend.scan(picked, progress: progress) }) else {
                    throw WebError(409, "a scan is running already")
                }
                return try WebResponse.document(ScanStarted(scanning: picked), status: .accepted)
            }
            let folders = try backend.knownFolders()
            guard !folders.isEmpty else {
                throw WebError(404, "no folder was scanned before (or none is there any more): choose your photo folder on the computer's home page first")
            }
            guard scans.start(folders, scan: { progress in try backend.scan(folders, progress: progress) }) else {
                throw WebError(409, "a scan is running already")
            }
            return try WebResponse.document(ScanStarted(scanning: folders), status: .accepted)
        }
    }
}
