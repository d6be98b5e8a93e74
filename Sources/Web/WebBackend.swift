import Foundation
import Library
import Play

/// What the web app asks of the command that starts it. The JSON documents are the very ones the
/// command line prints with `--json` (one implementation for both front-ends); play itself runs
/// here, in `RoundHost`, over the same `Play` types as the terminal.
public protocol WebBackend: Sendable {
    /// `clean profile --json`.
    func profileJSON() throws -> String
    /// `clean boss list --json`.
    func bossesJSON() throws -> String
    /// Everything the home page shows: the profile, the nudge, challenges, bosses with the cards each can deal.
    func homeJSON() throws -> String
    /// `clean trash list --json`.
    func trashJSON() throws -> String
    /// `clean restore ID… --json`.
    func restoreJSON(ids: [String]) throws -> String
    /// `clean trash empty --all --yes --json` over the trash ids `ids` only (those the page showed and asked
    /// about; one no longer in the trash is passed over): deleted for good.
    func emptyTrashJSON(ids: [Int64]) throws -> String
    /// `clean report --json`.
    func reportJSON() throws -> String
    /// `clean report --html`: the same page, charts included.
    func reportHTML() throws -> String
    /// `clean pending --json`: the batches played but not confirmed.
    func pendingJSON() throws -> String
    /// `clean pending confirm|discard --round ROUND --json`'s report of that round (`confirm`: moved;
    /// otherwise dropped, nothing moves).
    func settlePendingJSON(round: Int64, confirm: Bool) throws -> String
    /// `clean round --json`'s object for a finished round.
    func roundJSON(_ report: RoundReport) -> String
    /// Opens play for one round: the index, the trash, the rules and the one-mover lock (held until
    /// `PlayOpening.lock` is released); a crash's leftovers are finished first.
    func openPlay() throws -> PlayOpening
    /// The index, for previews; nil before the first scan.
    func library() throws -> LibraryDatabase?
    /// The folders scanned before, the latest first (those no longer folders left out): what the pages scan again.
    func knownFolders() throws -> [String]
    /// `clean scan` of `knownFolders()`, telling `progress` where it stands; `clean scan --json`'s document.
    func scanKnownFolders(progress: @escaping @Sendable (ScanProgress) -> Void) throws -> String
    /// `clean scan FOLDER…` of folders picked on the page (remembered as scanned ones); `clean scan --json`'s document.
    func scanFolders(_ folders: [String], progress: @escaping @Sendable (ScanProgress) -> Void) throws -> String
    /// The environment the folder picker reads HOME, USER and the Pictures folder from.
    func folderEnvironment() -> [String: String]
}

extension WebBackend {
    public func scanFolders(_ folders: [String], progress: @escaping @Sendable (ScanProgress) -> Void) throws -> String {
        throw WebError(501, "this server cannot scan new folders")
    }

    public func folderEnvironment() -> [String: String] { ProcessInfo.processInfo.environment }
}

/// Play opened for one round.
public struct PlayOpening {
    public let play: PlayContext
    /// The one-mover lock: dropping the last reference releases it.
    public let lock: AnyObject
    /// How long a standard round lasts (`play.round_seconds`).
    public let roundSeconds: Double

    public init(play: PlayContext, lock: AnyObject, roundSeconds: Double) {
        self.play = play
        self.lock = lock
        self.roundSeconds = roundSeconds
    }
}

/// A refusal or failure said to the browser: a status and one sentence, sent as `{"error": …}`.
public struct WebError: Error, CustomStringConvertible, Sendable {
    public let status: Int
    public let description: String

    public init(_ status: Int, _ description: String) {
        self.status = status
        self.description = description
    }
}
