import FileSystem
import Library

/// One line of `clean items --json` (JSON Lines): an indexed file and what the scan found in it.
package struct ItemDocument: Encodable {
    let id: Int64?
    let path: RawPath
    let size: Int64
    let mime: String
    let kind: String
    let screenshot: Bool
    let screenshotEvidence: String?
    let capturedAt: String?
    let dateSource: String
    let width: Int?
    let height: Int?
    let cameraMake: String?
    let cameraModel: String?
    let bigVideo: Bool
    let old: Bool
    let hash: String?
    let duplicateGroup: Int64?
    let linkedTo: Int64?
    let linkKind: String?
    let perceptualHash: String?
    let similarGroup: Int64?
    let protected: String?
    let storeName: String?
    let badShot: String?

    /// `stores`: each store row's kind (`LibraryDatabase.storeKinds`), for `protected`.
    package init(_ item: ItemRecord, thresholds: Thresholds, stores: [Int64: StoreKind] = [:]) {
        id = item.id
        path = item.rawPath
        size = item.size
        mime = item.mime
        kind = item.kind.rawValue
        screenshot = item.isScreenshot
        screenshotEvidence = item.screenshotEvidence
        capturedAt = item.capturedAt
        dateSource = item.dateSource.rawValue
        width = item.width
        height = item.height
        cameraMake = item.cameraMake
        cameraModel = item.cameraModel
        bigVideo = item.isBigVideo(thresholds)
        old = item.isOld(thresholds)
        hash = item.contentHash
        duplicateGroup = item.duplicateGroup
        linkedTo = item.linkedTo
        linkKind = item.linkKind?.rawValue
        perceptualHash = item.perceptualHashHex
        similarGroup = item.similarGroup
        protected = item.store.flatMap { stores[$0]?.rawValue }
        storeName = item.storeName
        badShot = item.shownBadShot?.rawValue
    }
}
